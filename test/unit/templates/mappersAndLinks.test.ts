import fc from 'fast-check';
import { NodeHelpers } from 'n8n-workflow';
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';

import { DraftingWorkspace } from '../../../nodes/DraftingWorkspace/DraftingWorkspace.node';
import {
	TEMPLATE_MAPPER_NOTICE,
	RUN_MAPPER_NOTICE,
} from '../../../nodes/DraftingWorkspace/mapper/mapperRules';
import { buildRunInput, runInputFields } from '../../../nodes/DraftingWorkspace/runs/startInput';
import { buildTemplateInput } from '../../../nodes/DraftingWorkspace/templates/answers';
import { documentFile } from '../../../nodes/DraftingWorkspace/templates/documentFile';
import { documentSource } from '../../../nodes/DraftingWorkspace/templates/documentSource';
import { withAbsoluteLinks } from '../../../nodes/DraftingWorkspace/templates/links';
import { templateMapperFields } from '../../../nodes/DraftingWorkspace/templates/mapperFields';
import { resolveServiceUrl } from '../../../nodes/shared/transport/baseUrl';
import { userinfoPart } from '../../expectations/untrusted';
import {
	DUE_DILIGENCE_INPUT_SCHEMA,
	NDA_INPUT_SCHEMA,
} from '../../simulator/fixture-input-schemas';
import { runsOf } from '../../support/depth';

/** The mappers' columns and reading, Produce's links, Download's Document Link. */

const offer = {
	type: 'object',
	required: ['employee', 'role'],
	properties: {
		employee: {
			type: 'object',
			required: ['start_date'],
			properties: {
				start_date: { type: 'string', format: 'date', title: 'Start date' },
				photo: { type: 'string', contentEncoding: 'base64', title: 'Photo' },
				remote: { type: 'boolean', title: 'Remote working' },
				salary: { type: 'number', title: 'Annual salary' },
			},
		},
		role: { type: 'string', enum: ['Associate', 'Senior Associate'], title: 'Role' },
		benefits: {
			type: 'array',
			title: 'Benefits',
			items: { type: 'string', enum: ['Health', 'Gym'] },
		},
	},
};

const columnsOf = () =>
	Object.fromEntries(templateMapperFields(offer).map((column) => [column.id, column]));

describe('Produce From Template mapper columns', () => {
	it('dates as text with their format in the label, one or several choices as options, yes/no and numbers typed', () => {
		const columns = columnsOf();
		expect(columns['employee.start_date']).toMatchObject({
			type: 'string',
			displayName: 'Start date (yyyy-MM-dd)',
			required: true,
		});
		expect(columns.role).toMatchObject({
			type: 'options',
			displayName: 'Role',
			options: [
				{ name: 'Associate', value: 'Associate' },
				{ name: 'Senior Associate', value: 'Senior Associate' },
			],
		});
		expect(columns['employee.remote'].type).toBe('boolean');
		expect(columns['employee.salary'].type).toBe('number');
		expect(columns.benefits).toMatchObject({
			displayName: 'Benefits (several: Expression)',
			type: 'options',
			options: [
				{ name: 'Health', value: 'Health' },
				{ name: 'Gym', value: 'Gym' },
			],
		});
		expect(columns['employee.photo']).toMatchObject({ displayName: 'Photo (binary)' });
		expect(columns['employee.photo'].type).toBeUndefined();
	});

	it('the notices state the rules, short enough for a notice', () => {
		for (const notice of [TEMPLATE_MAPPER_NOTICE, RUN_MAPPER_NOTICE]) {
			expect(notice).toContain('yyyy-MM-dd');
			expect(notice).toContain('several via Expression, e.g. Health, Gym');
			expect(notice.length).toBeLessThanOrEqual(160);
		}
		expect(TEMPLATE_MAPPER_NOTICE).toContain('binary field name');
	});
});

describe('Produce From Template answers', () => {
	const noPicture = async () => ({ ok: false as const, problem: 'no picture' });
	const answers: IDataObject = {
		'employee.start_date': '2026-03-01T00:00:00',
		role: ' senior associate',
		benefits: 'gym, health',
	};

	it('posts the option texts, read in any letter case', async () => {
		const built = await buildTemplateInput(offer, answers, noPicture);
		expect(built).toEqual({
			input: {
				employee: { start_date: '2026-03-01' },
				role: 'Senior Associate',
				benefits: ['Gym', 'Health'],
			},
			problems: [],
		});
	});
});

describe('Start Run mapper', () => {
	it('dates as text, documents labelled, several choices as options whatever their number', () => {
		const nda = Object.fromEntries(
			runInputFields(NDA_INPUT_SCHEMA as IDataObject).map((field) => [field.id, field]),
		);
		expect(nda.effective_date).toMatchObject({
			type: 'string',
			displayName: 'Effective date (date)',
		});
		expect(nda.source_document).toMatchObject({ displayName: 'Source document (binary)' });
		const dd = runInputFields(DUE_DILIGENCE_INPUT_SCHEMA as IDataObject).find(
			(field) => field.id === 'documents',
		);
		expect(dd?.displayName).toBe('Documents (binary fields)');
		const tags = {
			type: 'object',
			properties: {
				tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['A', 'B'] } },
			},
		};
		expect(runInputFields(tags)[0]).toMatchObject({
			displayName: 'Tags (several: Expression)',
			type: 'options',
			options: [
				{ name: 'A', value: 'A' },
				{ name: 'B', value: 'B' },
			],
		});
		// Choices that no label could hold: the dropdown lists them all.
		const jurisdictions = ['England and Wales', 'New York', 'Delaware', 'Singapore'];
		const many = {
			type: 'object',
			properties: {
				tags: {
					type: 'array',
					title: 'Jurisdictions',
					items: { type: 'string', enum: jurisdictions },
				},
			},
		};
		expect(runInputFields(many)[0]).toMatchObject({
			displayName: 'Jurisdictions (several: Expression)',
			options: jurisdictions.map((text) => ({ name: text, value: text })),
		});
	});

	it('reads a choice in any letter case and several choices as text', () => {
		const schema = {
			type: 'object',
			properties: {
				law: { type: 'string', enum: ['New York', 'Delaware'] },
				tags: { type: 'array', items: { type: 'string', enum: ['A', 'B'] } },
			},
		};
		expect(buildRunInput(schema, { law: 'new york', tags: 'b, a' })).toMatchObject({
			input: { law: 'New York', tags: ['B', 'A'] },
			problems: [],
		});
		expect(buildRunInput(schema, { law: 'Texas' }).problems).toEqual([
			{ field: 'law', label: 'law', problem: '"Texas" is not one of New York, Delaware' },
		]);
		expect(buildRunInput(schema, { law: 'new york', tags: '["A"]' })).toMatchObject({
			input: { law: 'New York', tags: ['A'] },
			problems: [],
		});
	});
});

describe("Produce From Template's links: absolute, or null where the node would not follow them", () => {
	const urlOf = (link: string) => {
		const resolved = resolveServiceUrl('https://ws.example.com/api', link);
		return resolved.ok ? resolved.url : undefined;
	};

	it('resolves every link against the Base URL, keeps other fields and words, nulls other origins and user information', () => {
		const answer = {
			documentId: 'tdoc_1',
			status: 'assembled',
			links: {
				document: '/documents/tdoc_1',
				pdf: '/api/documents/tdoc_1/content/pdf',
				docx: 'https://evil.example.net/x',
				markdown: 'https://user@ws.example.com/x',
			},
			_links: { self: { href: '/documents/tdoc_1', title: 'The record' } },
			content: 'Dear Jordan, welcome.',
		};
		expect(withAbsoluteLinks(answer, urlOf)).toEqual({
			documentId: 'tdoc_1',
			status: 'assembled',
			links: {
				document: 'https://ws.example.com/api/documents/tdoc_1',
				pdf: 'https://ws.example.com/api/documents/tdoc_1/content/pdf',
				docx: null,
				markdown: null,
			},
			_links: {
				self: { href: 'https://ws.example.com/api/documents/tdoc_1', title: 'The record' },
			},
			content: 'Dear Jordan, welcome.',
		});
	});
});

describe('Produce From Template’s links against any answer (the answer is untrusted)', () => {
	const BASE = 'https://ws.example.com';
	const urlOf = (link: string) => {
		const resolved = resolveServiceUrl(BASE, link);
		return resolved.ok ? resolved.url : undefined;
	};
	const link = fc.oneof(
		fc.constantFrom(
			'/documents/d1',
			'documents/d1/content/pdf',
			`${BASE}/x`,
			'https://evil.example.net/x',
			'//evil.example.net/x',
			'javascript:alert(1)',
			'a b/c',
		),
		userinfoPart.map((part) => `https://${part}ws.example.com/f`),
		fc.string(),
	);
	const linkish = fc.oneof(
		link,
		fc.record({ href: link, title: fc.string() }),
		fc.jsonValue({ maxDepth: 2 }),
	);
	const answer = fc.record(
		{
			links: fc.oneof(fc.dictionary(fc.string(), linkish), linkish),
			pdf: linkish,
			content: linkish,
			documentId: fc.jsonValue(),
		},
		{ requiredKeys: [] },
	);

	it('never throws, and every address it outputs is on the Base URL’s origin, without user information', () => {
		fc.assert(
			fc.property(answer, (body) => {
				const output = JSON.stringify(withAbsoluteLinks(body as IDataObject, urlOf));
				for (const address of output.match(/https?:\/\/[^"\s\\]*/g) ?? []) {
					expect(new URL(address).origin).toBe(BASE);
					expect(new URL(address).username).toBe('');
				}
				// Whatever the answer held, Document Link can read the output back, or say why not.
				const source = documentSource(JSON.parse(output), 'pdf');
				if (source.ok) expect(typeof source.link).toBe('string');
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});

describe('Document → Download: what Document Link takes', () => {
	it('the links block or the whole Produce item: the format’s link', () => {
		const links = {
			document: 'https://ws.example.com/documents/d1',
			pdf: 'https://ws.example.com/documents/d1/content/pdf',
		};
		expect(documentSource(links, 'pdf')).toEqual({ ok: true, link: links.pdf, mayBeRecord: false });
		expect(documentSource({ documentId: 'd1', links }, 'pdf')).toEqual({
			ok: true,
			link: links.pdf,
			mayBeRecord: false,
		});
		expect(documentSource(JSON.stringify(links), 'pdf')).toEqual({
			ok: true,
			link: links.pdf,
			mayBeRecord: false,
		});
	});

	it('one link (content or record): followed, the record read if that is what answers', () => {
		expect(documentSource(' https://ws.example.com/documents/d1 ', 'docx')).toEqual({
			ok: true,
			link: 'https://ws.example.com/documents/d1',
			mayBeRecord: true,
		});
		expect(documentSource('/documents/d1/content/pdf', 'pdf')).toMatchObject({
			ok: true,
			mayBeRecord: true,
		});
	});

	it('says what is wrong with anything else', () => {
		expect(documentSource(undefined, 'pdf')).toEqual({ ok: false, problem: 'is empty' });
		expect(documentSource('  ', 'pdf')).toEqual({ ok: false, problem: 'is empty' });
		expect(documentSource('tdoc_123', 'pdf')).toEqual({
			ok: false,
			problem: expect.stringContaining('not by its ID'),
		});
		expect(documentSource({ docx: 'x/y' }, 'pdf')).toEqual({
			ok: false,
			problem: 'has no pdf link (it has docx)',
		});
		expect(documentSource({ links: { pdf: null } }, 'pdf')).toEqual({
			ok: false,
			problem: expect.stringContaining('null'),
		});
		expect(documentSource(42, 'pdf')).toEqual({
			ok: false,
			problem: expect.stringContaining('the number 42'),
		});
	});
});

describe('documentFile: the one file shape', () => {
	const binary: IBinaryData = {
		data: Buffer.from('%PDF-1.7').toString('base64'),
		mimeType: 'application/pdf',
		fileName: 'offer.pdf',
		fileSize: '8 B',
	};

	it('name, format, mimeType, size in bytes, absolute url (or null), binaryProperty', () => {
		expect(
			documentFile({ ...binary, bytes: 8 }, 'pdf', 'https://ws.example.com/d/pdf', 'data'),
		).toEqual({
			name: 'offer.pdf',
			format: 'pdf',
			mimeType: 'application/pdf',
			size: 8,
			url: 'https://ws.example.com/d/pdf',
			binaryProperty: 'data',
		});
		expect(documentFile(binary, 'pdf', undefined, 'doc')).toMatchObject({
			size: 8,
			url: null,
			binaryProperty: 'doc',
		});
		expect(
			documentFile(
				{ ...binary, data: 'filesystem-v2', id: 'filesystem-v2:x' },
				'pdf',
				undefined,
				'doc',
			).size,
		).toBeNull();
	});
});

describe('the notices above the mappers: once the workflow or template is chosen', () => {
	const { properties } = new DraftingWorkspace().description;
	const shown = (name: string, parameters: IDataObject) => {
		const notice = properties.find((property) => property.name === name)!;
		const node = {
			id: 'n',
			name: 'Drafting Workspace',
			type: 'dw',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: parameters as INodeParameters,
		};
		return NodeHelpers.displayParameter(
			node.parameters,
			notice,
			node,
			new DraftingWorkspace().description,
		);
	};
	const template = { __rl: true, mode: 'list', value: 'tpl_offer_letter' };
	const workflow = { __rl: true, mode: 'id', value: 'wf_nda_drafting' };

	it('Produce From Template', () => {
		const produce = { resource: 'document', operation: 'produce' };
		expect(shown('answersNotice', { ...produce, templateId: template })).toBe(true);
		expect(
			shown('answersNotice', { ...produce, templateId: { __rl: true, mode: 'list', value: '' } }),
		).toBe(false);
		expect(
			shown('answersNotice', { resource: 'run', operation: 'start', templateId: template }),
		).toBe(false);
	});

	it('Start Run, with Map Fields', () => {
		const start = { resource: 'run', operation: 'start', workflowId: workflow };
		expect(shown('inputFieldsNotice', { ...start, inputMode: 'fields' })).toBe(true);
		expect(shown('inputFieldsNotice', { ...start, inputMode: 'text' })).toBe(false);
		// The default mode has its own notice, which says the rules are for a form's fields.
		expect(shown('inputFieldsNotice', { ...start, inputMode: 'entryStep' })).toBe(false);
		expect(shown('inputFieldsNotice', start)).toBe(false);
		expect(
			shown('inputFieldsNotice', {
				resource: 'run',
				operation: 'start',
				inputMode: 'fields',
				workflowId: { __rl: true, mode: 'list', value: '' },
			}),
		).toBe(false);
	});

	it('Start Run, from the workflow’s entry step (the default): every date field’s form is said before a run', () => {
		const start = { resource: 'run', operation: 'start', workflowId: workflow };
		expect(shown('entryStepFieldsNotice', { ...start, inputMode: 'entryStep' })).toBe(true);
		expect(shown('entryStepFieldsNotice', { ...start, inputMode: 'fields' })).toBe(false);
		const notice = new DraftingWorkspace().description.properties.find(
			(property) => property.name === 'entryStepFieldsNotice',
		)!;
		expect(notice.displayName).toMatch(/^Input form fields: dates yyyy-MM-dd;/);
		const json = new DraftingWorkspace().description.properties.find(
			(property) => property.name === 'inputJson',
		)!;
		expect(json.description).toContain('Dates are yyyy-MM-dd');
	});
});
