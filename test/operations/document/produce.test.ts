// Document → Produce From Template through n8n's engine against the simulator: one row per rule of the contract's "Template production" list. Beside it: produce-answers (Map Automatically, lenient answers), produce-download (Download, links), produce-editor.
import JSZip from 'jszip';
import type { IDataObject } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import { ACTION_NODE } from '../../harness';
import { TEMPLATE_IDS, encodeGrayJpeg, encodePng, templatesAdmin } from '../../simulator';
import { failure, items, useIntegrationContext } from '../../integration/support';
import {
	REQUIRED,
	SECOND,
	binaryBytes as bytes,
	downloadDocument,
	produce,
	produceBodies,
} from '../support';

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

async function markdownOf(links: IDataObject): Promise<string> {
	const result = await ctx.run(downloadDocument(links, 'markdown'));
	return bytes(result.output(ACTION_NODE)[0]).toString('utf8');
}

const png = (side = 40) => ({
	base64: encodePng(side, side).toString('base64'),
	fileName: 'photo.png',
	mimeType: 'image/png',
});

describe('a nested template from flat item fields', () => {
	it('is assembled; the answers are posted nested; the PDF parses and the DOCX holds the answers', async () => {
		const mapped = Object.fromEntries(
			Object.keys(OFFER).map((path) => [path, `={{ $json["${path}"] }}`]),
		);
		const result = await ctx.runChain(
			[
				produce(
					{ ...mapped, 'employee.photo': 'photo' },
					{ downloadFormat: 'pdf', title: 'Offer for Jordan Lee' },
				),
				{ resource: 'document', operation: 'download', format: 'docx', binaryPropertyName: 'docx' },
			],
			'full',
			{ items: [{ json: OFFER, binary: { photo: png() } }] },
		);
		expect(result.status).toBe('success');
		const [first] = result.output(ACTION_NODE);
		expect(first.json).toMatchObject({ status: 'assembled', unresolvedFields: [] });
		const [posted] = produceBodies(ctx);
		expect(posted).toMatchObject({
			title: 'Offer for Jordan Lee',
			strict: false,
			input: {
				employee: {
					name: 'Jordan Lee',
					start_date: '2026-03-01',
					salary: 85000,
					remote: true,
					photo: expect.any(String),
				},
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
		for (const answer of ['Jordan Lee', '2026-03-01', 'Senior Associate', 'Health', 'Gym'])
			expect(xml).toContain(answer);
	});
});

describe('one row per rule of the contract’s "Template production" list', () => {
	type Row = [
		rule: string,
		answers: IDataObject,
		expectation: (result: Awaited<ReturnType<typeof ctx.run>>) => Promise<void> | void,
		extra?: IDataObject,
	];

	const rows: Row[] = [
		[
			'1. keys are nested: a dotted path is posted as nested objects',
			{ 'employee.name': 'A', 'employee.start_date': '2026-01-05', role: 'Counsel' },
			() =>
				expect(produceBodies(ctx)[0].input).toEqual({
					employee: { name: 'A', start_date: '2026-01-05' },
					role: 'Counsel',
				}),
		],
		[
			'2. an empty answer is left out (never sent): the optional takes its alternative wording, the defaulted its default',
			{ ...OFFER, notes: '', 'employee.salary': null, probation_months: '' },
			async (result) => {
				const input = produceBodies(ctx)[0].input as IDataObject;
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
				expect(
					((produceBodies(ctx)[0].input as IDataObject).employee as IDataObject).start_date,
				).toBe('2026-03-01');
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
				expect(failure(result).message).toContain(
					'Start date "01/03/2026" is not a date the service accepts',
				);
				expect(produceBodies(ctx)).toEqual([]);
			},
		],
		[
			'4. numbers and yes/no are JSON numbers and booleans; a choice is its option text; several choices an array',
			{ ...OFFER, 'employee.salary': '91000.5', 'employee.remote': 'false', benefits: ['Pension'] },
			() => {
				const input = produceBodies(ctx)[0].input as IDataObject;
				expect(input.employee).toMatchObject({ salary: 91000.5, remote: false });
				expect(input).toMatchObject({ role: 'Senior Associate', benefits: ['Pension'] });
			},
		],
		[
			'5. fixed fields (readOnly) are never offered and never posted',
			{ ...OFFER, 'company.name': 'Evil Corp', company_logo: 'logo' },
			(result) => {
				expect(failure(result).message).toMatch(
					/company\.name is not a field of this template \(fixed fields are filled by the workspace\)/,
				);
				expect(produceBodies(ctx)).toEqual([]);
			},
		],
		[
			'6a. a value outside its options is refused, naming the path',
			{ ...OFFER, role: 'Partner', benefits: 'Health, Yacht' },
			(result) => {
				expect(failure(result).message).toContain(
					'Role "Partner" is not one of Associate, Senior Associate, Counsel',
				);
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
				const photo = ((produceBodies(ctx)[0].input as IDataObject).employee as IDataObject)
					.photo as string;
				expect(Buffer.from(photo, 'base64').equals(encodePng(40, 40))).toBe(true);
			},
		],
		[
			'7b. a picture over 2,000 px on a side is refused before sending',
			{ ...OFFER, 'employee.photo': 'huge' },
			(result) => {
				expect(failure(result).message).toContain(
					'Photo (binary field "huge") is 2400 × 16 px; pictures may be at most 2,000 px on each side',
				);
				expect(produceBodies(ctx)).toEqual([]);
			},
		],
		[
			'7c. a file that is not PNG or JPEG is refused before sending',
			{ ...OFFER, 'employee.photo': 'text' },
			(result) =>
				expect(failure(result).message).toContain(
					'Photo (binary field "text") is not a PNG or JPEG picture',
				),
		],
		[
			'8a. strict: a missing required answer → fields_missing listing unresolvedFields, nothing produced',
			{ 'employee.name': 'A', role: 'Counsel' },
			(result) => {
				expect(failure(result).httpCode).toBe('422');
				expect(failure(result).message).toBe(
					'Required answers are missing, so nothing was produced (fields_missing): employee.start_date',
				);
				expect(
					templatesAdmin(ctx.sim)
						.documents()
						.filter((document) => document.origin === 'api'),
				).toEqual([]);
			},
			{ strict: true },
		],
		[
			'8b. not strict: 201 incomplete with the same list',
			{ 'employee.name': 'A', role: 'Counsel' },
			(result) =>
				expect(items(result)[0]).toMatchObject({
					status: 'incomplete',
					unresolvedFields: ['employee.start_date'],
				}),
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
						huge: {
							base64: encodeGrayJpeg(2400, 16).toString('base64'),
							fileName: 'wide.jpg',
							mimeType: 'image/jpeg',
						},
						text: {
							base64: Buffer.from('not a picture').toString('base64'),
							fileName: 'a.txt',
							mimeType: 'text/plain',
						},
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
		expect(failure(result).message).toBe(
			'Template "Short NDA" needs attention before it can be used',
		);
		expect(produceBodies(ctx)).toEqual([]);
	});
});
