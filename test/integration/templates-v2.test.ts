import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, TEMPLATE_IDS, templatesAdmin } from '../simulator';
import { IntegrationContext, failure, items } from './support';

/**
 * Issue 26 through n8n's engine, the same workflow at node versions 1 and 2 side by side: version 1's output and
 * refusals unchanged; version 2 reads the mapper leniently (item 3), outputs absolute links and the one file shape
 * (item 5), and takes a Document Link a user can fill (item 8).
 */

const ctx = new IntegrationContext();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const SECOND = `${ACTION_NODE} 2`;
const mapper = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false });
const produce = (answers: IDataObject, extra: IDataObject = {}, templateId: string = TEMPLATE_IDS.offerLetter) => ({
	resource: 'document',
	operation: 'produce',
	templateId: byId(templateId),
	answers: mapper(answers),
	...extra,
});
const REQUIRED = { 'employee.name': 'Jordan Lee', 'employee.start_date': '2026-03-01' };
/** What a first-time user types: the case of the option texts wrong, several choices comma-separated. */
const LOOSE = { ...REQUIRED, role: 'senior associate', benefits: 'health, gym' };

const posted = () => ctx.sim.admin.requests().filter((entry) => entry.method === 'POST' && /\/documents$/.test(entry.path));
const postedInput = () => posted()[0]?.requestBody as IDataObject | undefined;
const fileBytes = (item: INodeExecutionData, property = 'data') => Buffer.from(item.binary![property].data, 'base64');
const atVersion = (typeVersion: number) => ({ typeVersion });

beforeAll(async () => ctx.start());
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());
afterEach(() => expect(ctx.leaks()).toEqual([]));

describe('Produce From Template answers: version 1 strict, version 2 lenient where the contract allows (item 3)', () => {
	it('version 1: a saved workflow that was refused is still refused, and nothing is produced', async () => {
		const result = await ctx.run(produce(LOOSE), 'full', atVersion(1));
		expect(failure(result).message).toBe(
			'Some answers for template "Employment offer letter" cannot be sent: Role "senior associate" is not one of Associate, Senior Associate, Counsel; Benefits has "health", "gym", not among Health, Pension, Gym, Training',
		);
		expect(failure(result).description).toContain('choices are their option text, letter case included');
		expect(posted()).toEqual([]);
	});

	it('version 2: the option texts are posted and the document is assembled', async () => {
		const result = await ctx.run(produce(LOOSE), 'full', atVersion(2));
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()?.input).toMatchObject({ role: 'Senior Associate', benefits: ['Health', 'Gym'] });
	});

	it('version 2: a choice given twice in another case is posted once', async () => {
		const result = await ctx.run(produce({ ...REQUIRED, role: 'Counsel', benefits: ['gym', 'Gym'] }), 'full', atVersion(2));
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()?.input).toMatchObject({ benefits: ['Gym'] });
	});

	it('version 2: a choice two options match once case is ignored is refused, naming both, before anything is posted', async () => {
		const admin = templatesAdmin(ctx.sim);
		const schema = structuredClone(admin.templates().find((template) => template.id === TEMPLATE_IDS.offerLetter)!.inputSchema);
		const role = (schema.properties as Record<string, { enum?: string[] }>).role;
		role.enum = ['Counsel', 'COUNSEL', 'Associate'];
		admin.setTemplate(TEMPLATE_IDS.offerLetter, { inputSchema: schema });
		const result = await ctx.run(produce({ ...REQUIRED, role: 'counsel' }), 'full', atVersion(2));
		expect(failure(result).message).toContain('Role "counsel" matches Counsel, COUNSEL when letter case is ignored: write it exactly as one of them');
		expect(posted()).toEqual([]);
	});

	it.each([1, 2])('version %i: a date from the date picker, a Luxon DateTime or an ISO date-time is posted as yyyy-MM-dd', async (typeVersion) => {
		for (const date of ['2026-03-01T00:00:00', "={{ DateTime.fromISO('2026-03-01T23:30:00', { zone: 'Asia/Tokyo' }) }}", '2026-03-01T23:30:00-08:00']) {
			ctx.sim.admin.reset();
			await ctx.run(produce({ ...REQUIRED, 'employee.start_date': date, role: 'Counsel' }), 'full', atVersion(typeVersion));
			expect(((postedInput()?.input as IDataObject).employee as IDataObject).start_date).toBe('2026-03-01');
		}
	});

	it('both versions: a picture given as a link says to fetch it first (the field takes a binary field name)', async () => {
		for (const typeVersion of [1, 2]) {
			const result = await ctx.run(produce({ ...REQUIRED, role: 'Counsel', 'employee.photo': 'https://example.com/photo.png' }), 'full', atVersion(typeVersion));
			expect(failure(result).message).toContain('employee.photo takes the name of a binary field of the item, not "https://example.com/photo.png": fetch the picture first');
		}
	});
});

describe("Produce From Template's links (item 5)", () => {
	it('version 1 outputs the links as the service gave them; version 2 absolute, on the Base URL', async () => {
		const [v1] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' }), 'full', atVersion(1)));
		const id = String(v1.documentId);
		expect(v1.links).toEqual({ document: `/documents/${id}`, docx: `/documents/${id}/content/docx`, pdf: `/documents/${id}/content/pdf`, markdown: `/documents/${id}/content/markdown` });

		const [v2] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' }), 'full', atVersion(2)));
		const doc = `${ctx.url}/documents/${String(v2.documentId)}`;
		expect(v2).toMatchObject({ status: 'assembled', links: { document: doc, docx: `${doc}/content/docx`, pdf: `${doc}/content/pdf`, markdown: `${doc}/content/markdown` } });
	});

	it('version 2: a link to another origin is output as null and never followed', async () => {
		const elsewhere = (body: unknown) => {
			const answer = body as IDataObject;
			return { ...answer, links: { ...(answer.links as IDataObject), pdf: 'https://elsewhere.example.net/steal.pdf' } };
		};
		ctx.sim.admin.addFault({ kind: 'answer', phase: 'after', transform: elsewhere, method: 'POST', path: `/document-templates/${TEMPLATE_IDS.offerLetter}/documents` });
		const [item] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' }), 'full', atVersion(2)));
		expect((item.links as IDataObject).pdf).toBeNull();
		expect((item.links as IDataObject).docx).toMatch(new RegExp(`^${ctx.url}/documents/`));
	});

	it('with Download: version 1 keeps its download block; version 2 tells the file in the one file shape', async () => {
		const v1 = (await ctx.run(produce({ ...REQUIRED, role: 'Counsel' }, { downloadFormat: 'pdf' }), 'full', atVersion(1))).output(ACTION_NODE)[0];
		expect(v1.json.download).toEqual({ outcome: 'downloaded', format: 'pdf', binaryPropertyName: 'data', fileName: expect.stringMatching(/\.pdf$/), mimeType: 'application/pdf', fileSize: expect.any(String) });

		const v2 = (await ctx.run(produce({ ...REQUIRED, role: 'Counsel' }, { downloadFormat: 'pdf', binaryPropertyName: 'file' }), 'full', atVersion(2))).output(ACTION_NODE)[0];
		const bytes = fileBytes(v2, 'file');
		expect(v2.json.download).toEqual({
			outcome: 'downloaded',
			file: { name: expect.stringMatching(/\.pdf$/), format: 'pdf', mimeType: 'application/pdf', size: bytes.length, url: `${ctx.url}/documents/${String(v2.json.documentId)}/content/pdf`, binaryProperty: 'file' },
		});
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
	});
});

describe('Document → Download (item 8)', () => {
	it('version 1 keeps Document Links and its output', async () => {
		const result = await ctx.runChain([produce({ ...REQUIRED, role: 'Counsel' }), { resource: 'document', operation: 'download', links: '={{ $json.links }}', format: 'pdf' }], 'full', atVersion(1));
		expect(result.output(SECOND)[0].json).toEqual({ format: 'pdf', fileName: expect.stringMatching(/\.pdf$/), mimeType: 'application/pdf', fileSize: expect.any(String) });
	});

	it("version 2: Document Link's default reads the Produce item before it; the file in the one file shape", async () => {
		const result = await ctx.runChain([produce({ ...REQUIRED, role: 'Counsel' }), { resource: 'document', operation: 'download', format: 'docx' }], 'full', atVersion(2));
		const [produced] = items(result);
		const [downloaded] = result.output(SECOND);
		expect(downloaded.json).toEqual({
			name: expect.stringMatching(/\.docx$/),
			format: 'docx',
			mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			size: fileBytes(downloaded).length,
			url: (produced.links as IDataObject).docx,
			binaryProperty: 'data',
		});
	});

	it('version 2: the document’s own link, typed by hand, is read for the content link; a content link is taken as it is', async () => {
		const [produced] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' }), 'full', atVersion(2)));
		const links = produced.links as IDataObject;
		for (const [documentLink, format] of [[links.document, 'pdf'], [links.markdown, 'markdown'], [`/documents/${String(produced.documentId)}`, 'markdown']]) {
			const result = await ctx.run({ resource: 'document', operation: 'download', documentLink, format }, 'full', atVersion(2));
			expect(items(result)[0]).toMatchObject({ format, url: links[String(format)] });
			if (format === 'pdf') expect(fileBytes(result.output(ACTION_NODE)[0]).subarray(0, 5).toString()).toBe('%PDF-');
			else expect(fileBytes(result.output(ACTION_NODE)[0]).toString('utf8')).toContain('Jordan Lee');
		}
	});

	it('version 2: nothing usable is an error naming the item and the field', async () => {
		const result = await ctx.run({ resource: 'document', operation: 'download', format: 'pdf' }, 'full', { ...atVersion(2), items: [{ json: { links: { pdf: 'https://x.example.com/a' } } }, { json: { id: 1 } }], onError: 'continueRegularOutput' });
		const [first, second] = items(result);
		expect(first.error).toBe('Refused to follow a link that points outside the service');
		expect(second.error).toBe('Document Link of item 1 is empty');
		const id = await ctx.run({ resource: 'document', operation: 'download', documentLink: 'tdoc_123', format: 'pdf' }, 'full', atVersion(2));
		expect(failure(id).message).toBe('Document Link of item 0 is "tdoc_123", which is not a link (the API downloads a document by its links, not by its ID)');
		expect(failure(id).description).toContain('{{ $json.links }}');
	});
});

describe('Start Run with Map Fields, the same rules (item 3)', () => {
	const startNda = (value: IDataObject) => ({ resource: 'run', operation: 'start', workflowId: byId(FIXTURE_IDS.workflows.inputNda), inputMode: 'fields', inputFields: mapper(value) });
	const loose = { counterparty: 'Initech', effective_date: "={{ DateTime.fromISO('2026-03-01') }}", governing_law: 'new york' };
	const starts = () => ctx.sim.admin.requests().filter((entry) => entry.method === 'POST' && entry.path === '/workflows/runs');

	it('version 1 sends the choice as typed, and the service refuses it as before', async () => {
		const result = await ctx.run(startNda(loose), 'full', atVersion(1));
		expect(failure(result).httpCode).toBe('400');
		expect(failure(result).message).toContain('governing_law');
		expect(failure(result).description).toContain("Correct each listed field under Input Fields, which lists the workflow's input fields and marks the required ones.");
	});

	it('version 2 sends the option text and the date as yyyy-MM-dd: the run starts', async () => {
		const result = await ctx.run(startNda(loose), 'full', atVersion(2));
		expect(items(result)[0]).toMatchObject({ runId: expect.any(String) });
		expect((starts()[0].requestBody as IDataObject).input).toEqual({ counterparty: 'Initech', effective_date: '2026-03-01', governing_law: 'New York' });
	});
});

