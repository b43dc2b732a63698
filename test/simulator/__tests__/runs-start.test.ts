import { FIXTURE_IDS, FIXTURE_KEYS, findInputDocument, runAdmin } from '../index';
import { useTestServer } from './helpers';

const W = FIXTURE_IDS.workflows;

interface Refusal {
	error: string;
	message: string;
	details?: Record<string, unknown>[];
}

describe('POST /workflows/runs (start a run)', () => {
	const t = useTestServer({ runTimeScale: 0.1 });

	const start = (body: unknown, key: string = FIXTURE_KEYS.full) =>
		t.call('/workflows/runs', { method: 'POST', key, json: body });
	const refusal = async (
		body: unknown,
		key?: string,
	): Promise<{ status: number; body: Refusal }> => {
		const res = await start(body, key);
		return { status: res.status, body: (await res.json()) as Refusal };
	};
	const seedDoc = (
		status: 'ready' | 'processing' | 'failed' = 'ready',
		keyId: string = FIXTURE_IDS.keys.full,
	) =>
		runAdmin(t.sim).seedInputDocument({
			keyId,
			filename: 'source.pdf',
			contentType: 'application/pdf',
			data: Buffer.from('%PDF-1.4 source'),
			status,
		});
	const nda = (extra: Record<string, unknown> = {}) => ({
		counterparty: 'Beta Ltd',
		effective_date: '2026-02-01',
		...extra,
	});

	test('Start-run response (202): { runId, status: Pending, startedAt }; runsStarted counted by keyId', async () => {
		const before = t.sim.clock.now();
		const res = await start({
			workflowId: W.agentSummary,
			input: 'Summarise the supply agreement.',
		});
		expect(res.status).toBe(202);
		const body = (await res.json()) as Record<string, string>;
		expect(Object.keys(body).sort()).toEqual(['runId', 'startedAt', 'status']);
		expect(body.runId).toMatch(/^run_[0-9a-f]{16}$/);
		expect(body.status).toBe('Pending');
		// startedAt is the simulator's clock at the start.
		expect(Date.parse(body.startedAt)).toBeGreaterThanOrEqual(before);
		expect(Date.parse(body.startedAt)).toBeLessThanOrEqual(t.sim.clock.now());
		expect(t.sim.admin.counters().runsStarted).toEqual({ [FIXTURE_IDS.keys.full]: 1 });
		expect(t.sim.admin.requests().at(-1)?.note).toEqual({ runId: body.runId });
	});

	test('Start-run request: an agent entry takes a non-empty string; anything else is 400 invalid_input naming `input`', async () => {
		for (const input of [{ text: 'x' }, '', '   ', undefined, 42]) {
			const { status, body } = await refusal({ workflowId: W.agentSummary, input });
			expect(status).toBe(400);
			expect(body.error).toBe('invalid_input');
			expect(body.details).toEqual([
				{ field: 'input', message: 'must be text: this workflow starts with an agent step' },
			]);
		}
	});

	test('Start-run request: an input entry takes an object (400 invalid_input naming `input`)', async () => {
		for (const input of ['Beta Ltd', ['a'], null, undefined]) {
			const { status, body } = await refusal({ workflowId: W.inputNda, input });
			expect(status).toBe(400);
			expect(body.error).toBe('invalid_input');
			expect(body.details).toEqual([expect.objectContaining({ field: 'input' })]);
		}
	});

	test('Errors (run input refusal): a missing required field is named in details', async () => {
		const { status, body } = await refusal({ workflowId: W.inputNda, input: { term_months: 12 } });
		expect(status).toBe(400);
		expect(body.error).toBe('invalid_input');
		expect(body.details).toEqual([
			{ field: 'counterparty', message: 'is required' },
			{ field: 'effective_date', message: 'is required' },
		]);
		expect(body.message).toMatch(/2 fields.*counterparty is required/);
	});

	test('Errors (run input refusal): wrong type, value outside the enum, bad date, unknown field: one detail per failing field, all at once', async () => {
		const { body } = await refusal({
			workflowId: W.inputNda,
			input: nda({
				term_months: '12',
				governing_law: 'Texas',
				effective_date: '2026-02-30',
				include_non_solicit: 'yes',
				notes: 'x',
			}),
		});
		expect(body.error).toBe('invalid_input');
		const byField = Object.fromEntries(
			(body.details ?? []).map((detail) => [detail.field, detail.message]),
		);
		expect(byField).toEqual({
			term_months: 'must be a whole number',
			governing_law: 'must be one of: "England and Wales", "New York", "Delaware"',
			effective_date: 'must be a date written yyyy-MM-dd (a real calendar date)',
			include_non_solicit: 'must be true or false',
			notes: 'is not a field of this workflow input (leave it out)',
		});
	});

	test('Errors (run input refusal): dates are yyyy-MM-dd real calendar dates; integers keep their bounds', async () => {
		for (const effective_date of ['15/01/2026', '2026-1-5', '2026-02-29', '2026-01-15T00:00:00Z']) {
			const { body } = await refusal({ workflowId: W.inputNda, input: nda({ effective_date }) });
			expect(body.details).toEqual([
				{
					field: 'effective_date',
					message: 'must be a date written yyyy-MM-dd (a real calendar date)',
				},
			]);
		}
		const { body } = await refusal({ workflowId: W.inputNda, input: nda({ term_months: 121 }) });
		expect(body.details).toEqual([{ field: 'term_months', message: 'must be at most 120' }]);
		expect(
			(
				await start({
					workflowId: W.inputNda,
					input: nda({ effective_date: '2028-02-29', term_months: 120 }),
				})
			).status,
		).toBe(202);
	});

	test('Start-run request: "An optional document field is left out entirely, never sent as null" (null optional refused, saying so)', async () => {
		for (const field of ['source_document', 'term_months', 'governing_law']) {
			const { status, body } = await refusal({
				workflowId: W.inputNda,
				input: nda({ [field]: null }),
			});
			expect(status).toBe(400);
			expect(body.error).toBe('invalid_input');
			expect(body.details).toEqual([
				{ field, message: 'must be left out when it has no value (never sent as null)' },
			]);
		}
		const { body } = await refusal({ workflowId: W.inputNda, input: nda({ counterparty: null }) });
		expect(body.details).toEqual([
			{ field: 'counterparty', message: 'is required and cannot be null' },
		]);
	});

	test('Errors (run input refusal): nested paths are dotted (documents.0.documentVersionId); an empty document list is refused', async () => {
		const { body } = await refusal({
			workflowId: W.multiDocs,
			input: { documents: [{ documentId: 'doc_1' }] },
		});
		expect(body.details).toEqual([
			{ field: 'documents.0.documentVersionId', message: 'is required' },
		]);
		const empty = await refusal({ workflowId: W.multiDocs, input: { documents: [] } });
		expect(empty.body.details).toEqual([
			{ field: 'documents', message: 'must contain at least 1 item' },
		]);
	});

	test('Errors: document_field_invalid_format for a bare single id, checked before the schema', async () => {
		const single = await refusal({ workflowId: W.inputNda, input: { source_document: 'doc_123' } });
		expect(single.status).toBe(400);
		expect(single.body.error).toBe('document_field_invalid_format');
		expect(single.body.details).toEqual([
			{
				field: 'source_document',
				message: 'must be an object with documentId and documentVersionId, not a single id',
			},
		]);
		const doc = seedDoc();
		const list = await refusal({ workflowId: W.multiDocs, input: { documents: [doc, 'doc_456'] } });
		expect(list.body.error).toBe('document_field_invalid_format');
		expect(list.body.details).toEqual([
			{
				field: 'documents.1',
				message: 'must be an object with documentId and documentVersionId, not a single id',
			},
		]);
		const whole = await refusal({ workflowId: W.multiDocs, input: { documents: 'doc_456' } });
		expect(whole.body.error).toBe('document_field_invalid_format');
		expect(whole.body.details?.[0]).toMatchObject({ field: 'documents' });
	});

	test("Errors: 400 document_not_found for unknown ids, a wrong version and another tenant's upload", async () => {
		const ours = seedDoc();
		const theirs = seedDoc('ready', FIXTURE_IDS.keys.otherTenant);
		const cases = [
			{ documentId: 'doc_unknown', documentVersionId: 'docv_unknown' },
			{ documentId: ours.documentId, documentVersionId: 'docv_other' },
			theirs,
		];
		for (const reference of cases) {
			const { status, body } = await refusal({
				workflowId: W.inputNda,
				input: nda({ source_document: reference }),
			});
			expect(status).toBe(400);
			expect(body.error).toBe('document_not_found');
			expect(body.details).toEqual([
				expect.objectContaining({ field: 'source_document', documentId: reference.documentId }),
			]);
		}
	});

	test('States (upload): "Starting a run against a document not yet ready is refused with 400 document_not_ready"', async () => {
		for (const status of ['processing', 'failed'] as const) {
			const doc = seedDoc(status);
			const { body } = await refusal({
				workflowId: W.multiDocs,
				input: { documents: [seedDoc(), doc] },
			});
			expect(body.error).toBe('document_not_ready');
			expect(body.details).toEqual([
				expect.objectContaining({ field: 'documents.1', documentId: doc.documentId, status }),
			]);
		}
	});

	test('Upload status: a run using ready documents sets their usedByRunId; the run lists them as inputDocuments', async () => {
		const a = seedDoc();
		const b = seedDoc();
		const res = await start({
			workflowId: W.multiDocs,
			input: { documents: [a, b], notes: 'Focus on change of control.' },
		});
		expect(res.status).toBe(202);
		const { runId } = (await res.json()) as { runId: string };
		for (const doc of [a, b])
			expect(
				findInputDocument(t.sim.state, FIXTURE_IDS.workspaces.acme, doc.documentId)?.usedByRunId,
			).toBe(runId);
		const record = (await (
			await t.call(`/workflows/runs/${runId}`, { key: FIXTURE_KEYS.full })
		).json()) as Record<string, unknown>;
		expect(record.inputDocuments).toEqual([
			{ field: 'documents', ...a, filename: 'source.pdf' },
			{ field: 'documents', ...b, filename: 'source.pdf' },
		]);
	});

	test('400 invalid_request when workflowId is missing or not a string; 400 invalid_json for a broken body', async () => {
		for (const body of [
			{ input: 'x' },
			{ workflowId: 12, input: 'x' },
			['wf'],
			'wf_contract_summary',
		]) {
			const { status, body: answer } = await refusal(body);
			expect(status).toBe(400);
			expect(answer.error).toBe('invalid_request');
			expect(answer.details).toEqual([expect.objectContaining({ field: 'workflowId' })]);
		}
		const res = await t.call('/workflows/runs', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			headers: { 'content-type': 'application/json' },
			body: '{"workflowId":',
		});
		expect(res.status).toBe(400);
		expect(await res.json()).toMatchObject({ error: 'invalid_json' });
	});

	test('Endpoints: "the workflow must be on the key\'s allowlist" (403 workflow_not_in_allowlist); allowed workflows start', async () => {
		const { status, body } = await refusal(
			{ workflowId: W.inputNda, input: nda() },
			FIXTURE_KEYS.allowlisted,
		);
		expect(status).toBe(403);
		expect(body.error).toBe('workflow_not_in_allowlist');
		expect(
			(await start({ workflowId: W.agentSummary, input: 'x' }, FIXTURE_KEYS.allowlisted)).status,
		).toBe(202);
	});

	test('What the service does 7: unknown, draft-only, archived-only and other-tenant workflows are 404, same answer', async () => {
		for (const workflowId of ['wf_nope', W.draftOnly, W.archivedOnly, W.globex]) {
			const { status, body } = await refusal({ workflowId, input: 'x' });
			expect(status).toBe(404);
			expect(body).toEqual({
				error: 'not_found',
				message: `Workflow ${workflowId} was not found.`,
			});
		}
	});

	test('Authentication 3: starting needs workflows:run (403 missing_scope); nothing is created', async () => {
		const { status, body } = await refusal(
			{ workflowId: W.agentSummary, input: 'x' },
			FIXTURE_KEYS.readOnly,
		);
		expect(status).toBe(403);
		expect(body).toMatchObject({ error: 'missing_scope', requiredScope: 'workflows:run' });
		expect(
			runAdmin(t.sim)
				.runs()
				.filter((run) => run.initiator.type === 'api'),
		).toEqual([]);
	});
});
