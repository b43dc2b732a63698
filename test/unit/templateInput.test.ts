import { inspectPicture, normaliseDateAnswer, pictureProblem, templateFields, templateMapperFields } from '../../nodes/DraftingWorkspace/helpers/templateInput';
import { findDocumentLink } from '../../nodes/DraftingWorkspace/helpers/documentLinks';
import { encodeGrayJpeg, encodePng } from '../simulator';

const schema = {
	type: 'object',
	required: ['employee', 'role'],
	properties: {
		employee: {
			type: 'object',
			required: ['name'],
			properties: { name: { type: 'string', title: 'Full name' }, photo: { type: 'string', contentEncoding: 'base64' } },
		},
		role: { type: 'string', enum: ['A', 'B'] },
		benefits: { type: 'array', items: { type: 'string', enum: ['X', 'Y'] } },
		months: { type: 'integer', default: 6 },
		company: { type: 'object', readOnly: true, properties: { name: { type: 'string', readOnly: true } } },
		logo: { type: 'string', contentEncoding: 'base64', readOnly: true },
	},
	'x-groups': [{ title: 'Terms', fields: ['role', 'months'] }],
};

describe('templateFields / templateMapperFields', () => {
	it('flattens nested fields to dotted paths, x-groups first, fixed fields never offered', () => {
		expect(templateFields(schema).map((field) => field.path)).toEqual(['role', 'months', 'employee.name', 'employee.photo', 'benefits']);
		const columns = Object.fromEntries(templateMapperFields(schema).map((column) => [column.id, column]));
		expect(columns['employee.name']).toMatchObject({ required: true, type: 'string', displayName: 'Full name' });
		expect(columns.role).toMatchObject({ required: true, type: 'options', displayName: 'Terms: role' });
		expect(columns.months).toMatchObject({ required: false, defaultValue: 6, displayName: 'Terms: months (default: 6)' });
		expect(columns['employee.photo'].type).toBeUndefined();
		expect(columns.benefits.displayName).toContain('several');
	});
});

describe('normaliseDateAnswer (contract, Template production 3)', () => {
	it.each([
		['2026-03-01', '2026-03-01'],
		['2026-03-01T23:30:00-08:00', '2026-03-01'],
		['1 March 2026', '1 March 2026'],
		['March 1, 2026', 'March 1, 2026'],
	])('accepts %s as %s', (input, output) => expect(normaliseDateAnswer(input)).toEqual({ ok: true, value: output }));
	it.each(['01/03/2026', '2026/03/01', '01.03.2026', '20260301', '2026-02-30', 'soon'])('refuses %s', (input) => expect(normaliseDateAnswer(input).ok).toBe(false));
	it('takes a date object as its calendar date', () => expect(normaliseDateAnswer({ toISODate: () => '2026-05-04' })).toEqual({ ok: true, value: '2026-05-04' }));
});

describe('pictures (contract, Template production 7)', () => {
	it('reads PNG and JPEG sizes by their bytes', () => {
		expect(inspectPicture(encodePng(30, 20))).toEqual({ type: 'png', width: 30, height: 20 });
		expect(inspectPicture(encodeGrayJpeg(16, 24))).toEqual({ type: 'jpeg', width: 16, height: 24 });
		expect(inspectPicture(Buffer.from('GIF89a'))).toBeUndefined();
	});
	it('refuses the wrong type, more than 1 MB, more than 2,000 px a side', () => {
		expect(pictureProblem(encodePng(2000, 10))).toBeUndefined();
		expect(pictureProblem(encodePng(2001, 10))).toMatch(/2,000 px/);
		expect(pictureProblem(Buffer.concat([encodePng(10, 10), Buffer.alloc(1024 * 1024)]))).toMatch(/at most 1 MB/);
		expect(pictureProblem(Buffer.from('hello'))).toMatch(/not a PNG or JPEG/);
	});
});

describe('findDocumentLink (where the links sit is not shown by the contract)', () => {
	it('finds the link in links, content or at the top level, as a string or { href }', () => {
		expect(findDocumentLink({ links: { pdf: '/d/1/pdf' } }, 'pdf')).toBe('/d/1/pdf');
		expect(findDocumentLink({ content: { docx: { href: '/d/1/docx' } } }, 'docx')).toBe('/d/1/docx');
		expect(findDocumentLink({ markdown: '/d/1/md' }, 'markdown')).toBe('/d/1/md');
		expect(findDocumentLink('/direct', 'pdf')).toBe('/direct');
		expect(findDocumentLink({ links: {} }, 'pdf')).toBeUndefined();
	});
});
