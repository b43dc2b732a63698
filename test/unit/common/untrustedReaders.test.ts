import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { readCompletionChunk } from '../../../nodes/shared/chat/completion';
import { compactRun } from '../../../nodes/DraftingWorkspace/runs/compact';
import {
	findRenderedArtifacts,
	finishedAtOf,
	isPausedForReview,
	passedReviewStep,
	runErrorOf,
	runIdOf,
	startedAtOf,
	statusOf,
	workflowIdOf,
} from '../../../nodes/shared/runs/record';
import {
	entryKindOf,
	runInputFields,
	unwrapInputSchema,
} from '../../../nodes/DraftingWorkspace/runs/startInput';
import { buildTemplateInput } from '../../../nodes/DraftingWorkspace/templates/answers';
import { templateMapperFields } from '../../../nodes/DraftingWorkspace/templates/mapperFields';
import {
	findDocumentLink,
	withoutUserinfoLinks,
} from '../../../nodes/DraftingWorkspace/templates/links';
import { carriesUserinfo, resolveServiceUrl } from '../../../nodes/shared/transport/baseUrl';
import {
	FORBIDDEN_IN_NAMES,
	hostileName,
	isBareName,
	userinfoPart,
} from '../../expectations/untrusted';
import { runsOf } from '../../support/depth';
import { recordFiles } from '../runs/recordFiles';

/**
 * Every answer of the service is untrusted input: every reader of its objects takes whatever a JSON object may
 * hold (fields "not shown" by the contract may be missing, null, a list or of any type) and never throws; what it
 * gives back is usable.
 */

const BASE = 'https://ws.example.com';
const urlOf = (path: string): string | undefined => {
	const resolved = resolveServiceUrl(BASE, path);
	return resolved.ok ? resolved.url : undefined;
};

/** Odd values in the places the readers look: the contract's names with any JSON in them. */
const oddValue = fc.oneof(
	fc.jsonValue({ maxDepth: 2 }),
	hostileName,
	userinfoPart.map((part) => `https://${part}ws.example.com/f`),
);
const oddArtifact = fc.record(
	{
		downloadPath: oddValue,
		filename: oddValue,
		format: oddValue,
		contentType: oddValue,
		sizeBytes: oddValue,
	},
	{ requiredKeys: [] },
);
const oddStep = fc.oneof(
	oddValue,
	fc.record(
		{
			stepId: oddValue,
			kind: oddValue,
			status: oddValue,
			error: oddValue,
			startedAt: oddValue,
			renderedArtifact: fc.oneof(oddValue, oddArtifact),
		},
		{ requiredKeys: [] },
	),
);
const oddRecord: fc.Arbitrary<IDataObject> = fc.oneof(
	fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })),
	fc.record(
		{
			runId: oddValue,
			id: oddValue,
			status: fc.oneof(
				oddValue,
				fc.constantFrom('Completed', 'Failed', 'Running', 'canceled', 'paused'),
			),
			workflow: oddValue,
			workflowName: oddValue,
			timings: oddValue,
			error: oddValue,
			steps: fc.oneof(oddValue, fc.array(oddStep, { maxLength: 4 })),
			paused: oddValue,
			condition: oddValue,
		},
		{ requiredKeys: [] },
	) as fc.Arbitrary<IDataObject>,
);
const oddSchema = fc.oneof(
	fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
	fc.record(
		{
			type: oddValue,
			properties: fc.oneof(
				oddValue,
				fc.dictionary(
					fc.string(),
					fc.oneof(
						oddValue,
						fc.record(
							{
								type: oddValue,
								enum: oddValue,
								items: oddValue,
								default: oddValue,
								readOnly: oddValue,
								title: oddValue,
								properties: oddValue,
							},
							{ requiredKeys: [] },
						),
					),
				),
			),
			required: oddValue,
			'x-groups': fc.oneof(oddValue, fc.array(oddValue)),
		},
		{ requiredKeys: [] },
	),
) as fc.Arbitrary<IDataObject>;

describe('readers of the service’s objects never throw, whatever the fields hold', () => {
	it('property: run record readers', () => {
		fc.assert(
			fc.property(oddRecord, (record) => {
				for (const read of [
					runIdOf,
					workflowIdOf,
					statusOf,
					startedAtOf,
					finishedAtOf,
					isPausedForReview,
					passedReviewStep,
					runErrorOf,
				])
					read(record);
				for (const artifact of findRenderedArtifacts(record))
					expect(typeof artifact.downloadPath).toBe('string');
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: Simplify’s answer — file names are bare names, links never carry user information', () => {
		fc.assert(
			fc.property(oddRecord, (record) => {
				const compact = compactRun({ record, files: recordFiles(record, urlOf) });
				expect(typeof compact.finished).toBe('boolean');
				for (const file of compact.files) {
					expect(file.name).not.toMatch(FORBIDDEN_IN_NAMES);
					expect(isBareName(file.name)).toBe(true);
					if (typeof file.url === 'string') expect(carriesUserinfo(file.url)).toBe(false);
				}
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: workflow input schemas and entry kinds', () => {
		fc.assert(
			fc.property(oddSchema, oddRecord, (schema, detail) => {
				entryKindOf(detail);
				entryKindOf({ ...detail, steps: [null, 'x', { index: 'b' }, { kind: 'agent' }] });
				const unwrapped = unwrapInputSchema(schema);
				if (unwrapped)
					for (const field of [...runInputFields(unwrapped)])
						expect(typeof field.id).toBe('string');
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: template input schemas, to mapper fields and back', async () => {
		await fc.assert(
			fc.asyncProperty(oddSchema, async (schema) => {
				const fields = templateMapperFields(schema);
				const answers = Object.fromEntries(fields.map((field) => [field.id, 'x']));
				await buildTemplateInput(schema, answers, async () => ({ ok: true, base64: '' }));
			}),
			{ numRuns: runsOf(500, 50) },
		);
	});

	it('property: chat completion chunks', () => {
		const chunk = fc.record(
			{
				id: oddValue,
				model: oddValue,
				created: oddValue,
				usage: oddValue,
				choices: fc.oneof(
					oddValue,
					fc.array(
						fc.oneof(
							oddValue,
							fc.record(
								{ index: oddValue, delta: oddValue, finish_reason: oddValue },
								{ requiredKeys: [] },
							),
						),
					),
				),
			},
			{ requiredKeys: [] },
		);
		fc.assert(
			fc.property(chunk, (value) => {
				const piece = readCompletionChunk(value as IDataObject);
				expect(typeof piece.delta).toBe('string');
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: produced documents — links read, and none with user information handed on', () => {
		const link = fc.oneof(oddValue, fc.record({ href: oddValue }));
		const block = fc.dictionary(
			fc.constantFrom('pdf', 'docx', 'markdown', 'self', 'document', 'content'),
			fc.oneof(link, fc.dictionary(fc.constantFrom('pdf', 'docx', 'href'), link)),
		);
		const answer = fc.record(
			{
				documentId: oddValue,
				status: oddValue,
				links: fc.oneof(oddValue, block),
				_links: block,
				content: fc.oneof(oddValue, block),
				pdf: link,
				docx: link,
			},
			{ requiredKeys: [] },
		);
		fc.assert(
			fc.property(answer, (value) => {
				const output = withoutUserinfoLinks(value as IDataObject);
				for (const format of ['pdf', 'docx', 'markdown'] as const) {
					findDocumentLink(value, format);
					const kept = findDocumentLink(output, format);
					if (kept !== undefined) expect(carriesUserinfo(kept)).toBe(false);
				}
				const linkPlaces = ['links', '_links', 'content', 'pdf', 'docx', 'markdown'].map(
					(key) => output[key],
				);
				expect(JSON.stringify(linkPlaces)).not.toMatch(/"https:\/\/[^"/]*@/);
				// Everything else is the service's, and kept as it came.
				expect({
					...output,
					links: 0,
					_links: 0,
					content: 0,
					pdf: 0,
					docx: 0,
					markdown: 0,
				}).toEqual({ ...value, links: 0, _links: 0, content: 0, pdf: 0, docx: 0, markdown: 0 });
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});

describe('a minimal record still works (fields "not shown" stay optional)', () => {
	it.each<[IDataObject]>([
		[{}],
		[{ runId: 'run_1' }],
		[{ runId: 'run_1', status: 'Completed' }],
		[{ status: 'Running' }],
	])('%j', (record) => {
		const compact = compactRun({ record, files: [] });
		expect(compact.files).toEqual([]);
		expect(compact.finished).toBe(record.status === 'Completed');
	});

	it('an answer with no link of user information comes back equal', () => {
		const answer = {
			documentId: 'doc_1',
			status: 'assembled',
			links: {
				self: '/documents/doc_1',
				pdf: { href: '/documents/doc_1/content/pdf' },
				docx: 'https://ws.example.com/documents/doc_1/content/docx',
			},
		};
		expect(withoutUserinfoLinks(answer)).toEqual(answer);
	});

	it('links with user information are left out of the output, the others kept', () => {
		const answer = {
			links: {
				pdf: 'https://u:p@ws.example.com/d/pdf',
				docx: { href: '//u@ws.example.com/d/docx' },
				markdown: '/d/md',
				content: { pdf: 'https://x@ws.example.com/c' },
			},
			pdf: 'https://y@ws.example.com/p',
		};
		expect(withoutUserinfoLinks(answer)).toEqual({ links: { markdown: '/d/md', content: {} } });
	});
});
