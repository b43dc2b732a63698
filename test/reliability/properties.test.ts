/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { Readable } from 'node:stream';

import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import type { SseEvent } from '../../nodes/shared/transport/sse';
import { SseReader } from '../../nodes/shared/transport/sseReader.api';
import type { ByteStream } from '../../nodes/shared/transport/types';
import { buildRunInput, runInputFields } from '../../nodes/DraftingWorkspace/runs/startInput';
import {
	buildTemplateInput,
	templateFields,
} from '../../nodes/DraftingWorkspace/templates/answers';
import { templateMapperFields } from '../../nodes/DraftingWorkspace/templates/mapperFields';
import { itemOutcomes, runNode } from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';
import { runsOf } from '../support/depth';
import { cut, deltas, frames, serialise, sseLines } from './properties/eventStreams';
import {
	startScriptedService,
	type Scripted,
	type ScriptedService,
} from './properties/scriptedService';
import {
	answer,
	leaf,
	nest,
	offeredLeaves,
	propertyName,
	rootSchema,
	toSchema,
} from './properties/schemas';
import { byId } from '../harness';

/**
 * Property-based tests, with fast-check:
 *   - event streams (run events, chat chunks) serialised with random line endings and cut into random byte
 *     chunks, through the SseReader and, over real sockets, through the node (Wait For Run, Chat);
 *   - random JSON Schemas (nested objects, enums, choice lists, dates, pictures, fixed fields, awkward names)
 *     through the template field mapper's flatten (schema → dotted columns) and unflatten (answers → nested
 *     input), and flat run-input schemas through the run-input mapper.
 */

const ctx = new ReliabilityContext();
const tally: Record<string, { runs: number; failures: number }> = {};

/** Runs a property and counts what was tried; a failure keeps fast-check's counterexample in the message. */
async function check(
	name: string,
	property: fc.IAsyncPropertyWithHooks<any>,
	numRuns: number,
): Promise<void> {
	tally[name] = { runs: numRuns, failures: 0 };
	try {
		await fc.assert(property, { numRuns });
	} catch (error) {
		tally[name].failures = 1;
		throw error;
	}
}

afterAll(async () => {
	await server?.close();
	await ctx.stop();
	const scan = ctx.scan();
	writeResults('properties', { properties: tally, scan });
	expect(scan.leaks).toEqual([]);
});

async function readAll(chunks: Buffer[]): Promise<{ events: SseEvent[]; comments: number }> {
	const reader = new SseReader(Readable.from(chunks) as unknown as ByteStream);
	const events: SseEvent[] = [];
	for (;;) {
		const next = await reader.next(5_000);
		if (next.kind === 'end') break;
		if (next.kind === 'event') events.push(next.event);
	}
	return { events, comments: reader.comments };
}

describe('event streams cut anywhere', () => {
	it('SseReader: every frame, in order, whatever the line endings and the byte chunking', async () => {
		await check(
			'SSE frames through SseReader, random line endings and byte chunks',
			fc.asyncProperty(
				sseLines,
				fc.array(fc.nat(2), { maxLength: 80 }),
				fc.array(fc.nat(), { maxLength: 40 }),
				async (lines, ends, positions) => {
					const { text, events, comments } = serialise(lines, ends);
					const read = await readAll(cut(Buffer.from(text, 'utf8'), positions));
					expect(read.events.map(({ event, data }) => ({ event, data }))).toEqual(events);
					expect(read.comments).toBe(comments);
				},
			),
			runsOf(400, 100),
		);
	});
});

// ---- Through the node over real sockets -------------------------------------------------------------------------

let server: ScriptedService | undefined;
const script: Record<string, Scripted> = {};

/**
 * Checks a property of a stream through the node, given random deltas, line endings (LF, CRLF or CR) and cut
 * positions. Fewer runs and shorter streams than through SseReader alone, as each run is a whole node execution.
 */
function checkThroughTheNode(
	name: string,
	property: (parts: string[], ends: number[], positions: number[]) => Promise<void>,
): Promise<void> {
	return check(
		name,
		fc.asyncProperty(
			deltas,
			fc.array(fc.nat(2), { maxLength: 60 }),
			fc.array(fc.nat(), { maxLength: 30 }),
			property,
		),
		runsOf(30, 10),
	);
}

describe('event streams cut anywhere, through the node over a socket', () => {
	beforeAll(async () => {
		server = await startScriptedService(script);
	});

	it('Wait For Run relays every StepProgress delta, in order, and finishes on the terminal event', async () => {
		const runId = 'run_property';
		await checkThroughTheNode(
			'run event streams through Wait For Run (random chunking, real socket)',
			async (parts, ends, positions) => {
				const events = [
					{ event: 'connected', data: { runId, status: 'Running' } },
					{ event: 'StepStarted', data: { runId, stepId: 'stp_1', stepIndex: 0 } },
					...parts.map((delta) => ({
						event: 'StepProgress',
						data: { runId, stepId: 'stp_1', delta },
					})),
					{ event: 'StepCompleted', data: { runId, stepId: 'stp_1', status: 'completed' } },
					{
						event: 'RunCompleted',
						data: { runId, status: 'Completed', completedAt: '2026-01-01T00:00:00Z' },
					},
				];
				script[`GET /workflows/runs/${runId}/events`] = {
					stream: cut(frames(events, ends), positions),
				};
				script[`GET /workflows/runs/${runId}`] = {
					json: { runId, status: 'Completed', steps: [] },
				};
				const result = await runNode(ctx, {
					baseUrl: server!.url,
					streaming: true,
					parameters: {
						resource: 'run',
						operation: 'wait',
						runId: byId(runId),
						downloadFiles: false,
						waitOptions: { checkInterval: 5, timeout: 20 },
					},
				});
				const [outcome] = itemOutcomes(result);
				expect(outcome.json).toMatchObject({
					runId,
					status: 'Completed',
					wait: { outcome: 'finished', streamConnections: 1 },
				});
				const relayed = result.chunks
					.filter((chunk) => chunk.type === 'item')
					.map((chunk) => chunk.content);
				expect(relayed).toEqual(parts);
			},
		);
	});

	it('Chat aggregates the answer exactly, whatever the chunking', async () => {
		await checkThroughTheNode(
			'chat completion streams through Chat (random chunking, real socket)',
			async (parts, ends, positions) => {
				const base = {
					id: 'chatcmpl-property',
					object: 'chat.completion.chunk',
					created: 1,
					model: 'dw-standard',
				};
				const chunks = [
					{
						data: {
							...base,
							choices: [
								{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
							],
						},
					},
					...parts.map((content) => ({
						data: { ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] },
					})),
					{ data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } },
					{
						data: {
							...base,
							choices: [],
							usage: {
								prompt_tokens: 3,
								completion_tokens: parts.length,
								total_tokens: 3 + parts.length,
							},
						},
					},
					{ data: '[DONE]' },
				];
				script['POST /v1/chat/completions'] = { stream: cut(frames(chunks, ends), positions) };
				const result = await runNode(ctx, {
					baseUrl: server!.url,
					parameters: {
						resource: 'chat',
						operation: 'complete',
						model: 'dw-standard',
						messages: { values: [{ role: 'user', content: 'Hello?' }] },
					},
				});
				const [outcome] = itemOutcomes(result);
				expect(outcome.json).toEqual({
					text: parts.join(''),
					finishReason: 'stop',
					model: 'dw-standard',
					usage: {
						promptTokens: 3,
						completionTokens: parts.length,
						totalTokens: 3 + parts.length,
						reasoningTokens: 0,
					},
				});
			},
		);
	});
});

// ---- JSON Schemas through the field mappers ----------------------------------------------------------------------

describe('random JSON Schemas through the field mappers', () => {
	it('templates: flatten offers every answerable leaf once (fixed ones never); unflatten rebuilds the nested input exactly', async () => {
		const scenario = rootSchema.chain((node) => {
			const leaves = offeredLeaves(node);
			return fc
				.tuple(
					...leaves.map((offered) => fc.option(answer(offered.leaf), { freq: 3, nil: undefined })),
					fc.constantFrom('', null, '  ', []),
				)
				.map((answers) => ({
					node,
					leaves,
					answers: answers.slice(0, leaves.length) as Array<
						{ sent: unknown; given: unknown } | undefined
					>,
					empty: answers[leaves.length],
				}));
		});
		await check(
			'JSON Schemas through the template mapper (flatten → unflatten)',
			fc.asyncProperty(scenario, async ({ node, leaves, answers, empty }) => {
				const schema = toSchema(node);
				// Flatten: the columns are exactly the answerable leaves, each once, required as the schema says.
				const columns = templateMapperFields(schema);
				expect(columns.map((column) => column.id).sort()).toEqual(
					leaves.map((offered) => offered.path).sort(),
				);
				expect(Object.fromEntries(columns.map((column) => [column.id, column.required]))).toEqual(
					Object.fromEntries(leaves.map((offered) => [offered.path, offered.required])),
				);
				expect(templateFields(schema)).toHaveLength(leaves.length);

				// Unflatten: answers keyed by path (pictures by binary property name), unanswered ones empty.
				const pictures = new Map<string, Buffer>();
				const flat: IDataObject = {};
				const expected: Array<[string, unknown]> = [];
				leaves.forEach((offered, index) => {
					const given = answers[index];
					if (!given) {
						Object.defineProperty(flat, offered.path, {
							value: empty,
							enumerable: true,
							writable: true,
							configurable: true,
						});
						return;
					}
					const value = offered.leaf.kind === 'picture' ? `picture_${index}` : given.given;
					if (offered.leaf.kind === 'picture')
						pictures.set(`picture_${index}`, given.given as Buffer);
					Object.defineProperty(flat, offered.path, {
						value,
						enumerable: true,
						writable: true,
						configurable: true,
					});
					expected.push([offered.path, given.sent]);
				});
				const before = Object.keys(Object.prototype).length;
				const built = await buildTemplateInput(schema, flat, async (_path, name) => {
					const bytes = pictures.get(String(name));
					return bytes
						? { ok: true, base64: bytes.toString('base64') }
						: { ok: false, problem: 'no such picture' };
				});
				expect(built.problems).toEqual([]);
				expect(JSON.parse(JSON.stringify(built.input))).toEqual(
					JSON.parse(JSON.stringify(nest(expected))),
				);
				// Nothing escaped into shared prototypes (a field named __proto__ stays a field).
				expect(Object.keys(Object.prototype)).toHaveLength(before);
				expect(({} as IDataObject).polluted).toBeUndefined();
			}),
			runsOf(400, 100),
		);
	});

	it('run inputs: every mapped field is sent once, converted to its JSON type; empty ones are left out', async () => {
		const flatSchema = fc
			.uniqueArray(
				fc.record({
					name: propertyName,
					leaf: leaf.filter(
						(candidate) => candidate.kind !== 'picture' && candidate.kind !== 'choices',
					),
					required: fc.boolean(),
				}),
				{
					minLength: 1,
					maxLength: 8,
					selector: (property) => property.name,
				},
			)
			.chain((properties) =>
				fc.tuple(
					fc.constant(properties),
					fc.tuple(
						...properties.map((property) =>
							fc.option(answer(property.leaf, 'run'), { freq: 3, nil: undefined }),
						),
					),
				),
			);
		await check(
			'JSON Schemas through the run-input mapper',
			fc.asyncProperty(flatSchema, async ([properties, answers]) => {
				const schema = toSchema({
					kind: 'object',
					properties: properties.map(({ name, leaf: node, required }) => ({
						name,
						node,
						required,
						fixed: false,
					})),
				});
				expect(
					runInputFields(schema)
						.map((field) => field.id)
						.sort(),
				).toEqual(properties.map((property) => property.name).sort());
				const values: IDataObject = {};
				const expected: Array<[string, unknown]> = [];
				properties.forEach((property, index) => {
					const given = answers[index];
					const value = given ? given.given : '';
					Object.defineProperty(values, property.name, {
						value,
						enumerable: true,
						writable: true,
						configurable: true,
					});
					if (given) expected.push([property.name, given.sent]);
				});
				const built = buildRunInput(schema, values);
				const missing = properties
					.filter((property, index) => property.required && !answers[index])
					.map((property) => property.name);
				expect(built.problems.map((problem) => problem.field).sort()).toEqual(missing.sort());
				expect(JSON.parse(JSON.stringify(built.input))).toEqual(
					JSON.parse(JSON.stringify(nest(expected))),
				);
			}),
			runsOf(400, 100),
		);
	});
});

describe('item keys that are names of Object.prototype', () => {
	it('automatic mapping ignores toString, constructor and __proto__ keys of an item that the schema does not have', () => {
		const schema = toSchema({
			kind: 'object',
			properties: [
				{ name: 'counterparty', node: { kind: 'string' }, required: true, fixed: false },
			],
		});
		const item = JSON.parse(
			'{"counterparty":"Initech","toString":"x","constructor":"y","__proto__":{"polluted":"z"},"hasOwnProperty":"w"}',
		) as IDataObject;
		const built = buildRunInput(schema, item, { ignoreUnknown: true });
		expect(JSON.parse(JSON.stringify(built.input))).toEqual({ counterparty: 'Initech' });
		expect(built.problems).toEqual([]);
		expect(({} as IDataObject).polluted).toBeUndefined();
	});
});
