import Ajv2020 from 'ajv/dist/2020';
import { FIXTURE_IDS, FIXTURE_KEYS, OPENAPI_PATH } from '../index';
import { useTestServer } from './helpers';

const W = FIXTURE_IDS.workflows;
const SUMMARY_FIELDS = [
	'id',
	'name',
	'description',
	'hasActive',
	'activeVersionId',
	'stepCount',
	'createdAt',
	'updatedAt',
];

interface Summary {
	id: string;
	activeVersionId: string;
	stepCount: number;
	hasActive: boolean;
	[field: string]: unknown;
}
interface Detail extends Summary {
	steps: { id: string; index: number; name: string; kind: string; agentId?: string }[];
	agents: { id: string; name: string }[];
	inputSchema: Record<string, unknown> | null;
}

describe('GET /workflows and GET /workflows/{id}', () => {
	const t = useTestServer();

	async function list(key: string): Promise<Summary[]> {
		const res = await t.call('/workflows', { key });
		expect(res.status).toBe(200);
		return (await res.json()) as Summary[];
	}

	async function detail(id: string, key = FIXTURE_KEYS.full): Promise<Detail> {
		const res = await t.call(`/workflows/${id}`, { key });
		expect(res.status).toBe(200);
		return (await res.json()) as Detail;
	}

	test('Resources (workflow summary): every item carries exactly the contract fields, plus at most one housekeeping field', async () => {
		const items = await list(FIXTURE_KEYS.full);
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) {
			for (const field of SUMMARY_FIELDS) expect(item).toHaveProperty(field);
			expect(
				Object.keys(item).filter((field) => !SUMMARY_FIELDS.includes(field)).length,
			).toBeLessThanOrEqual(1);
			expect(item.hasActive).toBe(true);
			expect(Number.isInteger(item.stepCount)).toBe(true);
			expect(Number.isNaN(Date.parse(item.createdAt as string))).toBe(false);
		}
	});

	test('What the service does 7: a key lists only workflows with an active version (no draft-only, archived-only or other-tenant ones)', async () => {
		const ids = (await list(FIXTURE_KEYS.full)).map((item) => item.id).sort();
		expect(ids).toEqual([W.agentSummary, W.failing, W.inputNda, W.multiDocs, W.review].sort());
	});

	test('What the service does 7: drafts and archived versions are never visible; activeVersionId is the active version', async () => {
		const summary = (await list(FIXTURE_KEYS.full)).find((item) => item.id === W.agentSummary);
		expect(summary?.activeVersionId).toBe(FIXTURE_IDS.versions.agentSummaryActive);
		expect(summary?.stepCount).toBe(3);
		const text = JSON.stringify(await detail(W.agentSummary));
		expect(text).not.toContain(FIXTURE_IDS.versions.agentSummaryDraft);
		expect(text).not.toContain(FIXTURE_IDS.versions.agentSummaryArchived);
		expect(text).not.toContain('stp_summary_render_docx');
	});

	test('What the service does 6: tenant scoping (a ws_globex key sees only its own workflow)', async () => {
		expect((await list(FIXTURE_KEYS.otherTenant)).map((item) => item.id)).toEqual([W.globex]);
	});

	test('Authentication 4 + What the service does 7: the list is narrowed to the key allowlist', async () => {
		expect((await list(FIXTURE_KEYS.allowlisted)).map((item) => item.id)).toEqual([W.agentSummary]);
	});

	test('Authentication 5: the allowlist is the one editable key setting and applies on the next call', async () => {
		t.sim.admin.setAllowlist(FIXTURE_IDS.keys.allowlisted, [W.inputNda, W.review]);
		expect((await list(FIXTURE_KEYS.allowlisted)).map((item) => item.id).sort()).toEqual(
			[W.inputNda, W.review].sort(),
		);
		t.sim.admin.setAllowlist(FIXTURE_IDS.keys.allowlisted, null);
		expect((await list(FIXTURE_KEYS.allowlisted)).length).toBe(5);
	});

	test('Endpoints (GET /workflows/{id}): 403 workflow_not_in_allowlist for a visible workflow outside the allowlist', async () => {
		const res = await t.call(`/workflows/${W.inputNda}`, { key: FIXTURE_KEYS.allowlisted });
		expect(res.status).toBe(403);
		const body = (await res.json()) as { error: string; message: string };
		expect(body.error).toBe('workflow_not_in_allowlist');
		expect(body.message).toMatch(/not on this API key's allowlist/);
		expect(
			(await t.call(`/workflows/${W.agentSummary}`, { key: FIXTURE_KEYS.allowlisted })).status,
		).toBe(200);
	});

	test.each([
		['an unknown id', 'wf_does_not_exist'],
		['a draft-only workflow', W.draftOnly],
		['an archived-only workflow', W.archivedOnly],
		["another tenant's workflow", W.globex],
	])('Endpoints (GET /workflows/{id}): 404 not_found for %s', async (_name, id) => {
		const res = await t.call(`/workflows/${id}`, { key: FIXTURE_KEYS.full });
		expect(res.status).toBe(404);
		expect(await res.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
	});

	test('Endpoints (GET /workflows/{id}): invisible ids are 404, not 403, even for an allowlisted key', async () => {
		for (const id of [W.draftOnly, W.globex, 'wf_nope']) {
			expect((await t.call(`/workflows/${id}`, { key: FIXTURE_KEYS.allowlisted })).status).toBe(
				404,
			);
		}
	});

	test('Resources (workflow detail): entry step first with kind agent, steps and agents projected, inputSchema null', async () => {
		const body = await detail(W.agentSummary);
		expect(body.steps.map((step) => step.kind)).toEqual(['agent', 'agent', 'render']);
		expect(body.steps.map((step) => step.index)).toEqual([0, 1, 2]);
		expect(body.steps[0].id).toBe(FIXTURE_IDS.steps.agentSummary.entry);
		expect(body.agents).toEqual([
			{ id: FIXTURE_IDS.agents.summariser, name: 'Contract summariser' },
		]);
		expect(body.inputSchema).toBeNull();
		for (const step of body.steps) {
			expect(
				Object.keys(step).every((field) =>
					['id', 'index', 'name', 'kind', 'agentId'].includes(field),
				),
			).toBe(true);
		}
	});

	test('Resources (workflow detail): simulation hints never leak into responses', async () => {
		for (const id of [W.agentSummary, W.inputNda, W.multiDocs, W.review, W.failing]) {
			const text = JSON.stringify(await detail(id));
			for (const hint of [
				'simulate',
				'durationMs',
				'deltas',
				'"fail":',
				'"render":',
				'"filename":',
			])
				expect(text).not.toContain(hint);
		}
	});

	test('Resources (workflow detail): kind input entry with a JSON Schema 2020-12 input schema and format: document fields', async () => {
		const body = await detail(W.inputNda);
		expect(body.steps[0].kind).toBe('input');
		const schema = body.inputSchema as {
			properties: Record<string, Record<string, unknown>>;
			required: string[];
		};
		expect(schema.required.sort()).toEqual(['counterparty', 'effective_date']);
		expect(schema.properties.effective_date).toMatchObject({ type: 'string', format: 'date' });
		expect(schema.properties.term_months).toMatchObject({ type: 'integer' });
		expect(schema.properties.governing_law.enum).toEqual([
			'England and Wales',
			'New York',
			'Delaware',
		]);
		expect(schema.properties.include_non_solicit).toMatchObject({ type: 'boolean' });
		expect(schema.properties.source_document).toMatchObject({ format: 'document' });

		const ajv = new Ajv2020({ strict: false });
		ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
		ajv.addFormat('document', true);
		const validate = ajv.compile(schema);
		const ref = { documentId: 'doc_1', documentVersionId: 'docv_1' };
		expect(
			validate({ counterparty: 'Initech', effective_date: '2026-02-01', source_document: ref }),
		).toBe(true);
		expect(
			validate({ counterparty: 'Initech', effective_date: '2026-02-01', source_document: 'doc_1' }),
		).toBe(false);
		expect(validate({ counterparty: 'Initech' })).toBe(false);
	});

	test('Start-run request rules: a field taking several documents is an array of document objects', async () => {
		const schema = (await detail(W.multiDocs)).inputSchema as {
			properties: Record<string, Record<string, unknown>>;
			required: string[];
		};
		expect(schema.required).toEqual(['documents']);
		expect(schema.properties.documents).toMatchObject({
			type: 'array',
			items: { format: 'document' },
		});
	});

	test('Versioning 2: list and detail responses validate against the served OpenAPI schemas', async () => {
		const doc = (await (await t.call(OPENAPI_PATH)).json()) as {
			components: { schemas: Record<string, object> };
		};
		const ajv = new Ajv2020({ strict: false });
		ajv.addFormat('date-time', true);
		for (const [name, schema] of Object.entries(doc.components.schemas))
			ajv.addSchema(schema, `#/components/schemas/${name}`);
		// Resolve component refs through a wrapper document holding the components.
		const wrapper = (name: string) => ({
			$id: `https://sim.invalid/${name}`,
			...doc,
			$ref: `#/components/schemas/${name}`,
		});
		const summary = ajv.compile(wrapper('WorkflowSummary'));
		const detailSchema = ajv.compile(wrapper('WorkflowDetail'));
		for (const item of await list(FIXTURE_KEYS.full)) expect(summary(item)).toBe(true);
		for (const id of [W.agentSummary, W.inputNda])
			expect(detailSchema(await detail(id))).toBe(true);
	});
});
