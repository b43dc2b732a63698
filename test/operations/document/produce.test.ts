// Document → Produce From Template through n8n's engine against the simulator: one row per rule of the contract's "Template production" list, links, Download, Map Automatically.
import JSZip from 'jszip';
import type { IDataObject } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import { ACTION_NODE } from '../../harness';
import { TEMPLATE_IDS, encodeGrayJpeg, encodePng, templatesAdmin } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { REQUIRED, SECOND, binaryBytes as bytes, downloadDocument, produce, requestsTo } from '../support';

const ctx = useIntegrationContext();

/** A complete set of answers for the offer letter, keyed by dotted path as the mapper shows them. */
const OFFER: IDataObject = {
	...REQUIRED,
	'employee.salary': 85000,
	'employee.remote': true,
	role: 'Senior Associate',
	benefits: 'Health, Gym',
	notes: 'Relocation support of two weeks.',
};
/** What a first-time user types: the case of the option texts wrong, several choices comma-separated. */
const LOOSE = { ...REQUIRED, role: 'senior associate', benefits: 'health, gym' };

const produceRequests = () => requestsTo(ctx, 'POST', /\/documents$/).map((entry) => entry.requestBody as IDataObject);
const postedInput = () => produceRequests()[0]?.input as IDataObject | undefined;

async function markdownOf(links: IDataObject): Promise<string> {
	const result = await ctx.run(downloadDocument(links, 'markdown'));
	return bytes(result.output(ACTION_NODE)[0]).toString('utf8');
}

const png = (side = 40) => ({ base64: encodePng(side, side).toString('base64'), fileName: 'photo.png', mimeType: 'image/png' });

describe('a nested template from flat item fields', () => {
	it('is assembled; the answers are posted nested; the PDF parses and the DOCX holds the answers', async () => {
		const mapped = Object.fromEntries(Object.keys(OFFER).map((path) => [path, `={{ $json["${path}"] }}`]));
		const result = await ctx.runChain(
			[
				produce({ ...mapped, 'employee.photo': 'photo' }, { downloadFormat: 'pdf', title: 'Offer for Jordan Lee' }),
				{ resource: 'document', operation: 'download', format: 'docx', binaryPropertyName: 'docx' },
			],
			'full',
			{ items: [{ json: OFFER, binary: { photo: png() } }] },
		);
		expect(result.status).toBe('success');
		const [first] = result.output(ACTION_NODE);
		expect(first.json).toMatchObject({ status: 'assembled', unresolvedFields: [] });
		const [posted] = produceRequests();
		expect(posted).toMatchObject({
			title: 'Offer for Jordan Lee',
			strict: false,
			input: {
				employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000, remote: true, photo: expect.any(String) },
				role: 'Senior Associate',
				benefits: ['Health', 'Gym'],
				notes: 'Relocation support of two weeks.',
			},
		});
		expect((posted.input as IDataObject).company).toBeUndefined();

		const pdf = bytes(first);
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
		expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(0);
		expect(first.binary!.data.mimeType).toBe('application/pdf');

		const docx = await JSZip.loadAsync(bytes(result.output(SECOND)[0], 'docx'));
		const xml = await docx.file('word/document.xml')!.async('string');
		for (const answer of ['Jordan Lee', '2026-03-01', 'Senior Associate', 'Health', 'Gym']) expect(xml).toContain(answer);
	});
});

describe('one row per rule of the contract’s "Template production" list', () => {
	type Row = [rule: string, answers: IDataObject, expectation: (result: Awaited<ReturnType<typeof ctx.run>>) => Promise<void> | void, extra?: IDataObject];

	const rows: Row[] = [
		[
			'1. keys are nested: a dotted path is posted as nested objects',
			{ 'employee.name': 'A', 'employee.start_date': '2026-01-05', role: 'Counsel' },
			() => expect(produceRequests()[0].input).toEqual({ employee: { name: 'A', start_date: '2026-01-05' }, role: 'Counsel' }),
		],
		[
			'2. an empty answer is left out (never sent): the optional takes its alternative wording, the defaulted its default',
			{ ...OFFER, notes: '', 'employee.salary': null, probation_months: '' },
			async (result) => {
				const input = produceRequests()[0].input as IDataObject;
				expect(input).not.toHaveProperty('notes');
				expect(input).not.toHaveProperty('probation_months');
				expect((input.employee as IDataObject).salary).toBeUndefined();
				const markdown = await markdownOf(items(result)[0].links as IDataObject);
				expect(markdown).toContain('No further terms apply.');
				expect(markdown).toContain('6 months');
			},
		],
		[
			'3a. dates: yyyy-MM-dd, and a date-time whose date is taken as written',
			{ ...OFFER, 'employee.start_date': '2026-03-01T23:30:00-08:00' },
			(result) => {
				expect(items(result)[0].status).toBe('assembled');
				expect(((produceRequests()[0].input as IDataObject).employee as IDataObject).start_date).toBe('2026-03-01');
			},
		],
		[
			'3b. dates: a month written as a word is read as written',
			{ ...OFFER, 'employee.start_date': '1 March 2026' },
			async (result) => {
				expect(items(result)[0].status).toBe('assembled');
				expect(await markdownOf(items(result)[0].links as IDataObject)).toContain('2026-03-01');
			},
		],
		[
			'3c. dates: another numeric form is refused (before sending, naming the field)',
			{ ...OFFER, 'employee.start_date': '01/03/2026' },
			(result) => {
				expect(failure(result).message).toContain('Start date "01/03/2026" is not a date the service accepts');
				expect(produceRequests()).toEqual([]);
			},
		],
		[
			'4. numbers and yes/no are JSON numbers and booleans; a choice is its option text; several choices an array',
			{ ...OFFER, 'employee.salary': '91000.5', 'employee.remote': 'false', benefits: ['Pension'] },
			() => {
				const input = produceRequests()[0].input as IDataObject;
				expect(input.employee).toMatchObject({ salary: 91000.5, remote: false });
				expect(input).toMatchObject({ role: 'Senior Associate', benefits: ['Pension'] });
			},
		],
		[
			'5. fixed fields (readOnly) are never offered and never posted',
			{ ...OFFER, 'company.name': 'Evil Corp', company_logo: 'logo' },
			(result) => {
				expect(failure(result).message).toMatch(/company\.name is not a field of this template \(fixed fields are filled by the workspace\)/);
				expect(produceRequests()).toEqual([]);
			},
		],
		[
			'6a. a value outside its options is refused, naming the path',
			{ ...OFFER, role: 'Partner', benefits: 'Health, Yacht' },
			(result) => {
				expect(failure(result).message).toContain('Role "Partner" is not one of Associate, Senior Associate, Counsel');
				expect(failure(result).message).toContain('Benefits has "Yacht"');
			},
		],
		[
			"6b. the service's input_validation_failed lists each failing path (a value the schema refuses)",
			{ ...OFFER, 'employee.salary': -5 },
			(result) => {
				expect(failure(result).httpCode).toBe('400');
				expect(failure(result).message).toMatch(/input_validation_failed.*employee\.salary/);
			},
		],
		[
			'7a. a picture: PNG from a binary field, sent as base64',
			{ ...OFFER, 'employee.photo': 'photo' },
			() => {
				const photo = ((produceRequests()[0].input as IDataObject).employee as IDataObject).photo as string;
				expect(Buffer.from(photo, 'base64').equals(encodePng(40, 40))).toBe(true);
			},
		],
		[
			'7b. a picture over 2,000 px on a side is refused before sending',
			{ ...OFFER, 'employee.photo': 'huge' },
			(result) => {
				expect(failure(result).message).toContain('Photo (binary field "huge") is 2400 × 16 px; pictures may be at most 2,000 px on each side');
				expect(produceRequests()).toEqual([]);
			},
		],
		[
			'7c. a file that is not PNG or JPEG is refused before sending',
			{ ...OFFER, 'employee.photo': 'text' },
			(result) => expect(failure(result).message).toContain('Photo (binary field "text") is not a PNG or JPEG picture'),
		],
		[
			'8a. strict: a missing required answer → fields_missing listing unresolvedFields, nothing produced',
			{ 'employee.name': 'A', role: 'Counsel' },
			(result) => {
				expect(failure(result).httpCode).toBe('422');
				expect(failure(result).message).toBe('Required answers are missing, so nothing was produced (fields_missing): employee.start_date');
				expect(templatesAdmin(ctx.sim).documents().filter((document) => document.origin === 'api')).toEqual([]);
			},
			{ strict: true },
		],
		[
			'8b. not strict: 201 incomplete with the same list',
			{ 'employee.name': 'A', role: 'Counsel' },
			(result) => expect(items(result)[0]).toMatchObject({ status: 'incomplete', unresolvedFields: ['employee.start_date'] }),
		],
		[
			'413: a request body over 10 MB is refused',
			{ ...OFFER, notes: 'x'.repeat(10.5 * 1024 * 1024) },
			(result) => expect(failure(result).httpCode).toBe('413'),
		],
	];

	it.each(rows)('%s', async (_rule, answers, expectation, extra = {}) => {
		const result = await ctx.run(produce(answers, extra), 'full', {
			items: [
				{
					json: {},
					binary: {
						photo: png(),
						huge: { base64: encodeGrayJpeg(2400, 16).toString('base64'), fileName: 'wide.jpg', mimeType: 'image/jpeg' },
						text: { base64: Buffer.from('not a picture').toString('base64'), fileName: 'a.txt', mimeType: 'text/plain' },
					},
				},
			],
		});
		await expectation(result);
	});
});

describe('a template that needs attention', () => {

	it('a template that needs attention is reported before anything is posted', async () => {
		const result = await ctx.run(produce({ counterparty: 'Initech' }, {}, TEMPLATE_IDS.ndaShort));
		expect(failure(result).message).toBe('Template "Short NDA" needs attention before it can be used');
		expect(produceRequests()).toEqual([]);
	});
});

describe('with Download: a produced document is never reported as a failure', () => {
	const board = { resolution_text: 'Approve the 2026 budget.', meeting_date: '2026-02-10' };
	const productions = () => ctx.sim.admin.requests().filter((entry) => entry.method === 'POST' && /^\/document-templates\/[^/]+\/documents$/.test(entry.path));
	const apiDocuments = () => templatesAdmin(ctx.sim).documents().filter((document) => document.origin === 'api');

	it('a template that requires review: one item, no error, the document and its links, awaiting review; a rerun is not needed', async () => {
		const result = await ctx.run(produce(board, { downloadFormat: 'pdf' }, TEMPLATE_IDS.boardResolution));
		expect(result.status).toBe('success');
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(1);
		const [item] = out;
		expect(item.binary).toBeUndefined();
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({
			documentId: expect.stringMatching(/^tdoc_/),
			status: 'assembled',
			unresolvedFields: [],
			links: { document: expect.any(String), pdf: expect.any(String), docx: expect.any(String), markdown: expect.any(String) },
			download: { outcome: 'awaitingReview', code: 'review_required', format: 'pdf', message: expect.stringMatching(/^The document was produced\. A person must review it in the workspace/) },
		});
		expect(String((item.json.download as IDataObject).message)).toContain('Running this item again would produce a second document');
		expect(productions()).toHaveLength(1);
		expect(apiDocuments()).toHaveLength(1);

		// After the review, the output's own links give the file: nothing is produced again.
		templatesAdmin(ctx.sim).attest(String(item.json.documentId));
		const later = await ctx.run(downloadDocument(item.json.links as IDataObject, 'pdf'));
		expect(bytes(later.output(ACTION_NODE)[0]).subarray(0, 5).toString()).toBe('%PDF-');
		expect(productions()).toHaveLength(1);
		expect(apiDocuments()).toHaveLength(1);
	});

	it('a downloaded document says so in the same block (download.outcome "downloaded")', async () => {
		const result = await ctx.run(produce({ 'employee.name': 'A', 'employee.start_date': '2026-01-05', role: 'Counsel' }, { downloadFormat: 'docx', binaryPropertyName: 'file' }));
		const [item] = result.output(ACTION_NODE);
		expect(item.json.download).toMatchObject({ outcome: 'downloaded', file: { format: 'docx', binaryProperty: 'file', name: expect.stringMatching(/\.docx$/) } });
		expect(item.binary?.file.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
	});

	describe('another download failure (a 500 on the content link) keeps the document’s id and links in the error’s own fields', () => {
		const offer = { 'employee.name': 'A', 'employee.start_date': '2026-01-05', role: 'Counsel' };
		const fault = () => ctx.sim.admin.addFault({ kind: 'status', status: 500, method: 'GET', path: '^/documents/[^/]+/content/pdf$', times: 1 });
		const producedDocument = () => {
			const [document] = apiDocuments();
			return { documentId: document.documentId, links: { document: `${ctx.url}/documents/${document.documentId}`, docx: `${ctx.url}/documents/${document.documentId}/content/docx`, pdf: `${ctx.url}/documents/${document.documentId}/content/pdf`, markdown: `${ctx.url}/documents/${document.documentId}/content/markdown` } };
		};

		it('without Continue On Fail: the thrown error carries context.created; the message says the document exists', async () => {
			fault();
			const result = await ctx.run(produce(offer, { downloadFormat: 'pdf' }));
			expect(result.status).toBe('error');
			const { documentId, links } = producedDocument();
			for (const error of [result.error, result.nodeError(ACTION_NODE)] as IDataObject[]) {
				expect((error.context as IDataObject).created).toEqual({ documentId, status: 'assembled', links });
			}
			expect(failure(result).message).toMatch(new RegExp(`^Document ${documentId} was produced, but downloading its pdf failed: `));
			expect(failure(result).description).toMatch(/^The document exists: do not produce it again \(running the item again would produce a second document\)/);
			expect(productions()).toHaveLength(1);
		});

		it('Continue On Fail (error output): the error item carries details.created and stays on the error output', async () => {
			fault();
			const result = await ctx.run(produce(offer, { downloadFormat: 'pdf' }), 'full', { onError: 'continueErrorOutput' });
			expect(result.status).toBe('success');
			expect(result.output(ACTION_NODE, 0)).toEqual([]);
			const [errorItem] = result.output(ACTION_NODE, 1);
			expect(Object.keys(errorItem.json).sort()).toEqual(['details', 'error']);
			expect((errorItem.json.details as IDataObject).created).toEqual({ status: 'assembled', ...producedDocument() });
			expect(errorItem.pairedItem).toEqual({ item: 0 });
		});

		it('Continue On Fail (regular output): the item carries created beside error and code', async () => {
			fault();
			const result = await ctx.run(produce(offer, { downloadFormat: 'pdf' }), 'full', { onError: 'continueRegularOutput' });
			const [item] = items(result);
			expect(item).toMatchObject({ error: expect.stringMatching(/was produced, but downloading its pdf failed/), created: { status: 'assembled', ...producedDocument() } });
		});
	});
});

describe('Map Automatically: nested item JSON', () => {
	const auto = (extra: IDataObject = {}) => ({
		resource: 'document',
		operation: 'produce',
		templateId: byId(TEMPLATE_IDS.offerLetter),
		answers: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false },
		...extra,
	});

	it('an item shaped like the template answers its dotted fields: assembled, posted nested', async () => {
		const result = await ctx.run(auto(), 'full', {
			items: [{ json: { employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000 }, role: 'Counsel', benefits: ['Health'] } }],
		});
		const [document] = items(result);
		expect(document).toMatchObject({ status: 'assembled', unresolvedFields: [], unmatchedInputKeys: [] });
		expect(produceRequests()[0].input).toEqual({ employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000 }, role: 'Counsel', benefits: ['Health'] });
	});

	it('flat dotted keys work too; a misspelled key is named in the output beside the unresolved field it missed', async () => {
		const result = await ctx.run(auto(), 'full', {
			items: [{ json: { 'employee.name': 'Jordan Lee', employee: { startdate: '2026-03-01' }, role: 'Counsel', rowNumber: 4 } }],
		});
		const [document] = items(result);
		expect(document).toMatchObject({ status: 'incomplete', unresolvedFields: ['employee.start_date'], unmatchedInputKeys: ['employee.startdate', 'rowNumber'] });
		expect(produceRequests()[0].input).toEqual({ employee: { name: 'Jordan Lee' }, role: 'Counsel' });
	});

	it('with Strict, the fields_missing refusal names the keys that matched no field', async () => {
		const result = await ctx.run(auto({ strict: true }), 'full', { items: [{ json: { employe: { name: 'A', start_date: '2026-03-01' }, role: 'Counsel' } }] });
		expect(failure(result).httpCode).toBe('422');
		expect(failure(result).description).toMatch(/^Keys of the item that match no field \(Map Automatically ignored them; check their spelling\): employe\./);
	});
});

describe('answers read leniently where the contract allows', () => {
	it('the option texts are posted whatever their letter case, and the document is assembled', async () => {
		const result = await ctx.run(produce(LOOSE));
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()).toMatchObject({ role: 'Senior Associate', benefits: ['Health', 'Gym'] });
	});

	it('a choice given twice in another case is posted once', async () => {
		const result = await ctx.run(produce({ ...REQUIRED, role: 'Counsel', benefits: ['gym', 'Gym'] }));
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()).toMatchObject({ benefits: ['Gym'] });
	});

	it('a choice two options match once case is ignored is refused, naming both, before anything is posted', async () => {
		const admin = templatesAdmin(ctx.sim);
		const schema = structuredClone(admin.templates().find((template) => template.id === TEMPLATE_IDS.offerLetter)!.inputSchema);
		const role = (schema.properties as Record<string, { enum?: string[] }>).role;
		role.enum = ['Counsel', 'COUNSEL', 'Associate'];
		admin.setTemplate(TEMPLATE_IDS.offerLetter, { inputSchema: schema });
		const result = await ctx.run(produce({ ...REQUIRED, role: 'counsel' }));
		expect(failure(result).message).toContain('Role "counsel" matches Counsel, COUNSEL when letter case is ignored: write it exactly as one of them');
		expect(produceRequests()).toEqual([]);
	});

	it('a date from the date picker, a Luxon DateTime or an ISO date-time is posted as yyyy-MM-dd', async () => {
		for (const date of ['2026-03-01T00:00:00', "={{ DateTime.fromISO('2026-03-01T23:30:00', { zone: 'Asia/Tokyo' }) }}", '2026-03-01T23:30:00-08:00']) {
			ctx.sim.admin.reset();
			await ctx.run(produce({ ...REQUIRED, 'employee.start_date': date, role: 'Counsel' }));
			expect((postedInput()?.employee as IDataObject).start_date).toBe('2026-03-01');
		}
	});

	it('a picture given as a link says to fetch it first (the field takes a binary field name)', async () => {
		const result = await ctx.run(produce({ ...REQUIRED, role: 'Counsel', 'employee.photo': 'https://example.com/photo.png' }));
		expect(failure(result).message).toContain('Photo takes the name of a binary field of the item, not "https://example.com/photo.png": fetch the picture first');
	});
});

describe('the links', () => {
	it('absolute, on the Base URL', async () => {
		const [item] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' })));
		const doc = `${ctx.url}/documents/${String(item.documentId)}`;
		expect(item).toMatchObject({ status: 'assembled', links: { document: doc, docx: `${doc}/content/docx`, pdf: `${doc}/content/pdf`, markdown: `${doc}/content/markdown` } });
	});

	it('a link to another origin is output as null and never followed', async () => {
		const elsewhere = (body: unknown) => {
			const answer = body as IDataObject;
			return { ...answer, links: { ...(answer.links as IDataObject), pdf: 'https://elsewhere.example.net/steal.pdf' } };
		};
		ctx.sim.admin.addFault({ kind: 'answer', phase: 'after', transform: elsewhere, method: 'POST', path: `/document-templates/${TEMPLATE_IDS.offerLetter}/documents` });
		const [item] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' })));
		expect((item.links as IDataObject).pdf).toBeNull();
		expect((item.links as IDataObject).docx).toMatch(new RegExp(`^${ctx.url}/documents/`));
	});

	it('with Download: the file told in the one file shape', async () => {
		const item = (await ctx.run(produce({ ...REQUIRED, role: 'Counsel' }, { downloadFormat: 'pdf', binaryPropertyName: 'file' }))).output(ACTION_NODE)[0];
		const pdf = bytes(item, 'file');
		expect(item.json.download).toEqual({
			outcome: 'downloaded',
			file: { name: expect.stringMatching(/\.pdf$/), format: 'pdf', mimeType: 'application/pdf', size: pdf.length, url: `${ctx.url}/documents/${String(item.json.documentId)}/content/pdf`, binaryProperty: 'file' },
		});
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
	});
});
