import type { IDataObject } from 'n8n-workflow';

import {
	autoMapGapHint,
	autoMapItem,
	unmatchedKeysHint,
} from '../../../nodes/DraftingWorkspace/mapper/autoMap';
import { templateFields } from '../../../nodes/DraftingWorkspace/templates/answers';
import { templateMapperFields } from '../../../nodes/DraftingWorkspace/templates/mapperFields';
import { normaliseDateAnswer } from '../../../nodes/DraftingWorkspace/mapper/dates';
import {
	inspectPicture,
	pictureProblem,
} from '../../../nodes/DraftingWorkspace/templates/pictures';
import { findDocumentLink } from '../../../nodes/DraftingWorkspace/templates/links';
import { encodeGrayJpeg, encodePng } from '../../simulator';

const schema = {
	type: 'object',
	required: ['employee', 'role'],
	properties: {
		employee: {
			type: 'object',
			required: ['name'],
			properties: {
				name: { type: 'string', title: 'Full name' },
				photo: { type: 'string', contentEncoding: 'base64' },
			},
		},
		role: { type: 'string', enum: ['A', 'B'] },
		benefits: { type: 'array', items: { type: 'string', enum: ['X', 'Y'] } },
		months: { type: 'integer', default: 6 },
		company: {
			type: 'object',
			readOnly: true,
			properties: { name: { type: 'string', readOnly: true } },
		},
		logo: { type: 'string', contentEncoding: 'base64', readOnly: true },
	},
	'x-groups': [{ title: 'Terms', fields: ['role', 'months'] }],
};

describe('templateFields / templateMapperFields', () => {
	it('flattens nested fields to dotted paths, x-groups first, fixed fields never offered', () => {
		expect(templateFields(schema).map((field) => field.path)).toEqual([
			'role',
			'months',
			'employee.name',
			'employee.photo',
			'benefits',
		]);
		const columns = Object.fromEntries(
			templateMapperFields(schema).map((column) => [column.id, column]),
		);
		expect(columns['employee.name']).toMatchObject({
			required: true,
			type: 'string',
			displayName: 'Full name',
		});
		expect(columns.role).toMatchObject({ required: true, type: 'options', displayName: 'role' });
		expect(columns.months).toMatchObject({
			required: false,
			defaultValue: 6,
			displayName: 'months',
		});
		expect(columns['employee.photo'].type).toBeUndefined();
		// Several choices: a dropdown of the allowed values, so they are known before a run; the label says several go.
		expect(columns.benefits).toMatchObject({
			type: 'options',
			displayName: 'benefits (several: Expression)',
			options: [
				{ name: 'X', value: 'X' },
				{ name: 'Y', value: 'Y' },
			],
		});
	});

	it('labels are the titles alone (n8n cuts long labels); a shared title gets its group or parent path in front', () => {
		const twoNames = {
			type: 'object',
			properties: {
				employee: {
					type: 'object',
					properties: {
						name: { type: 'string', title: 'Name' },
						start: { type: 'string', format: 'date', title: 'Start date' },
					},
				},
				manager: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
				notes: { type: 'string' },
			},
			'x-groups': [{ title: 'Manager', fields: ['manager.name'] }],
		};
		const labels = Object.fromEntries(
			templateMapperFields(twoNames).map((column) => [column.id, column.displayName]),
		);
		expect(labels).toEqual({
			'manager.name': 'Manager: Name',
			'employee.name': 'employee: Name',
			'employee.start': 'Start date (yyyy-MM-dd)',
			notes: 'notes',
		});
	});
});

describe('normaliseDateAnswer (contract, Template production 3)', () => {
	it.each([
		['2026-03-01', '2026-03-01'],
		['2026-03-01T23:30:00-08:00', '2026-03-01'],
		['1 March 2026', '1 March 2026'],
		['March 1, 2026', 'March 1, 2026'],
	])('accepts %s as %s', (input, output) =>
		expect(normaliseDateAnswer(input)).toEqual({ ok: true, value: output }),
	);
	it.each(['01/03/2026', '2026/03/01', '01.03.2026', '20260301', '2026-02-30', 'soon'])(
		'refuses %s',
		(input) => expect(normaliseDateAnswer(input).ok).toBe(false),
	);
	it('takes a date object as its calendar date', () =>
		expect(normaliseDateAnswer({ toISODate: () => '2026-05-04' })).toEqual({
			ok: true,
			value: '2026-05-04',
		}));
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
		expect(pictureProblem(Buffer.concat([encodePng(10, 10), Buffer.alloc(1024 * 1024)]))).toMatch(
			/at most 1 MB/,
		);
		expect(pictureProblem(Buffer.from('hello'))).toMatch(/not a PNG or JPEG/);
	});
});

describe('findDocumentLink (where the links sit is not shown by the contract)', () => {
	it('finds the link in links, content or at the top level, as a string or { href }', () => {
		expect(findDocumentLink({ links: { pdf: '/d/1/pdf' } }, 'pdf')).toBe('/d/1/pdf');
		expect(findDocumentLink({ content: { docx: { href: '/d/1/docx' } } }, 'docx')).toBe(
			'/d/1/docx',
		);
		expect(findDocumentLink({ markdown: '/d/1/md' }, 'markdown')).toBe('/d/1/md');
		expect(findDocumentLink('/direct', 'pdf')).toBe('/direct');
		expect(findDocumentLink({ links: {} }, 'pdf')).toBeUndefined();
	});
});

describe('autoMapItem (Map Automatically: item JSON onto field ids)', () => {
	const ids = templateFields(schema).map((field) => field.path);

	it('maps nested objects onto dotted fields, at any depth', () => {
		expect(autoMapItem({ employee: { name: 'X', photo: 'p' }, role: 'A' }, ids)).toEqual({
			values: { 'employee.name': 'X', 'employee.photo': 'p', role: 'A' },
			unmatchedInputKeys: [],
		});
		expect(autoMapItem({ a: { b: { c: 1 } } }, ['a.b.c', 'a.d']).values).toEqual({ 'a.b.c': 1 });
	});

	it('takes flat dotted keys as they are', () => {
		expect(autoMapItem({ 'employee.name': 'X' }, ids)).toEqual({
			values: { 'employee.name': 'X' },
			unmatchedInputKeys: [],
		});
	});

	it('when both forms answer a field the flat key wins, unless it is empty and the nested one is not', () => {
		expect(
			autoMapItem({ employee: { name: 'Nested' }, 'employee.name': 'Flat' }, ids).values,
		).toEqual({ 'employee.name': 'Flat' });
		expect(
			autoMapItem({ 'employee.name': 'Flat', employee: { name: 'Nested' } }, ids).values,
		).toEqual({ 'employee.name': 'Flat' });
		expect(autoMapItem({ 'employee.name': '', employee: { name: 'Nested' } }, ids).values).toEqual({
			'employee.name': 'Nested',
		});
		expect(autoMapItem({ 'employee.name': null, employee: {} }, ids).values).toEqual({
			'employee.name': null,
		});
	});

	it('names every key that matches no field by its dotted path, in the item’s order', () => {
		const mapped = autoMapItem(
			{
				id: 7,
				'employe.fullname': 'X',
				employee: { name: 'Y', fullname: 'Z' },
				meta: { source: 'sheet' },
				company: { name: 'Evil' },
			},
			ids,
		);
		expect(mapped.values).toEqual({ 'employee.name': 'Y' });
		// A fixed field (company.name) is not a field of the mapper, so it is named too, never posted.
		expect(mapped.unmatchedInputKeys).toEqual([
			'id',
			'employe.fullname',
			'employee.fullname',
			'meta',
			'company',
		]);
	});

	it('takes a whole object or list for a field whose id is the key (run input object and document fields)', () => {
		const reference = { documentId: 'doc_1', documentVersionId: 'docv_1' };
		expect(
			autoMapItem({ source_document: reference, documents: [reference], counterparty: 'A' }, [
				'counterparty',
				'source_document',
				'documents',
			]),
		).toEqual({
			values: { source_document: reference, documents: [reference], counterparty: 'A' },
			unmatchedInputKeys: [],
		});
	});

	it('does not walk into arrays or non-plain objects, and sets __proto__ as an own key', () => {
		const item = JSON.parse(
			'{"__proto__": {"polluted": true}, "employee": [{"name": "X"}]}',
		) as IDataObject;
		const mapped = autoMapItem(item, [...ids, '__proto__.polluted']);
		expect(mapped.unmatchedInputKeys).toEqual(['employee']);
		expect(Object.prototype.hasOwnProperty.call(mapped.values, '__proto__.polluted')).toBe(true);
		expect(({} as IDataObject).polluted).toBeUndefined();
	});

	it('loose columns (Produce From Template): by ID, by the last part when unique, by title; case, spaces and underscores aside', () => {
		const fields = [
			{ id: 'employee.name', title: 'Full name' },
			{ id: 'employee.start_date', title: 'Start date' },
			{ id: 'manager.name', title: 'Manager' },
			{ id: 'role', title: 'Role' },
		];
		const mapped = autoMapItem(
			{
				'Full Name': 'A',
				START_DATE: '2026-03-01',
				'Employee.Start Date': 'later',
				ROLE: 'Counsel',
				name: 'two fields end in name',
			},
			fields,
			{ loose: true },
		);
		expect(mapped.values).toEqual({
			'employee.name': 'A',
			'employee.start_date': '2026-03-01',
			role: 'Counsel',
		});
		// A second column for a field already answered, and a last part two fields share, answer nothing.
		expect(mapped.unmatchedInputKeys).toEqual(['name', 'Employee.Start Date']);
	});

	it('without loose (Start), a column answers only its exact ID, as before', () => {
		expect(autoMapItem({ Role: 'Counsel' }, [{ id: 'role', title: 'Role' }])).toEqual({
			values: {},
			unmatchedInputKeys: ['Role'],
		});
	});

	it('the gap hint names the required fields (title and ID) and the unmatched keys, or says nothing', () => {
		expect(
			autoMapGapHint([{ id: 'employee.name', title: 'Full name' }], ['full_nam'], true),
		).toMatch(
			/^Map Automatically found no answer for these required fields: Full name \(employee\.name\)\. Item keys that matched no field: full_nam\./,
		);
		expect(autoMapGapHint([{ id: 'employee.name' }], ['name'], false)).toMatch(
			/set Answer Options → Match Columns By to ID, Last Part or Title\.$/,
		);
		expect(autoMapGapHint([], ['x'], true)).toBe('');
	});

	it('the hint names the unmatched keys, or says nothing', () => {
		expect(unmatchedKeysHint(['employe.fullname'])).toContain('employe.fullname');
		expect(unmatchedKeysHint([])).toBe('');
		expect(unmatchedKeysHint(undefined)).toBe('');
	});
});
