/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

import fc from 'fast-check';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { SseEvent } from '../../nodes/shared/transport/sse';
import { SseReader } from '../../nodes/shared/transport/sseReader.api';
import type { ByteStream } from '../../nodes/shared/transport/types';
import { buildRunInput, runInputFields } from '../../nodes/shared/runs/startInput';
import { buildTemplateInput, templateFields } from '../../nodes/shared/templates/answers';
import { templateMapperFields } from '../../nodes/shared/templates/mapperFields';
import { itemOutcomes, runNode } from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';
import { runsOf } from '../support/depth';

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
async function check(name: string, property: fc.IAsyncPropertyWithHooks<any>, numRuns: number): Promise<void> {
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

// ---- Event streams --------------------------------------------------------------------------------------------

type Line = { kind: 'comment'; text: string } | { kind: 'frame'; event?: string; data: string };
const LINE_ENDS = ['\n', '\r\n', '\r'] as const;

/** Data as a service may send it: any characters but CR (a line end), multi-byte ones included. */
const dataText = fc.string({ unit: fc.oneof(fc.constantFrom('a', ' ', ':', '{', '"', '\n', 'é', '✓', '😀', '中', '\u0000'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 24 }).map((text) => text.replace(/\r/g, ''));
const eventName = fc.constantFrom(undefined, 'message', 'StepProgress', 'connected', 'RunCompleted', 'Ünïcode-event');
const sseLines = fc.array(
	fc.oneof(
		{ weight: 4, arbitrary: fc.record({ kind: fc.constant('frame' as const), event: eventName, data: dataText }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('comment' as const), text: fc.constantFrom('keep-alive', '', 'ping ✓') }) },
	),
	{ maxLength: 25 },
) as fc.Arbitrary<Line[]>;

/** Serialises frames and comments with the given line endings; returns the text and the events a reader must see. */
function serialise(lines: Line[], ends: number[]): { text: string; events: Array<{ event: string; data: string }>; comments: number } {
	let text = '';
	let previousEnd = '';
	let endIndex = 0;
	const nextEnd = (line: string): string => {
		let end: string = LINE_ENDS[(ends[endIndex++ % Math.max(1, ends.length)] ?? 0) % 3];
		// An empty line after a lone CR must not start with LF (it would complete that CR as one CRLF).
		if (previousEnd === '\r' && line === '' && end !== '\r') end = '\r';
		previousEnd = end;
		return end;
	};
	const write = (line: string) => {
		text += line + nextEnd(line);
	};
	const events: Array<{ event: string; data: string }> = [];
	let comments = 0;
	for (const line of lines) {
		if (line.kind === 'comment') {
			write(`:${line.text ? ` ${line.text}` : ''}`);
			comments++;
			continue;
		}
		if (line.event) write(`event: ${line.event}`);
		for (const part of line.data.split('\n')) write(`data: ${part}`);
		write('');
		events.push({ event: line.event || 'message', data: line.data });
	}
	return { text, events, comments };
}

/** The bytes cut at the given positions (anywhere: inside a field, a CRLF or a multi-byte character). */
function cut(bytes: Buffer, positions: number[]): Buffer[] {
	const at = [...new Set(positions.map((position) => position % (bytes.length + 1)))].sort((a, b) => a - b);
	const chunks: Buffer[] = [];
	let previous = 0;
	for (const position of [...at, bytes.length]) {
		if (position > previous) chunks.push(bytes.subarray(previous, position));
		previous = position;
	}
	return chunks;
}

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
			fc.asyncProperty(sseLines, fc.array(fc.nat(2), { maxLength: 80 }), fc.array(fc.nat(), { maxLength: 40 }), async (lines, ends, positions) => {
				const { text, events, comments } = serialise(lines, ends);
				const read = await readAll(cut(Buffer.from(text, 'utf8'), positions));
				expect(read.events.map(({ event, data }) => ({ event, data }))).toEqual(events);
				expect(read.comments).toBe(comments);
			}),
			runsOf(400, 100),
		);
	});
});

// ---- Through the node over real sockets -------------------------------------------------------------------------

interface Scripted {
	/** Pieces written one by one, a macrotask apart, as the body of a text/event-stream answer. */
	stream?: Buffer[];
	json?: unknown;
}

let server: { url: string; close: () => Promise<void> } | undefined;
const script: Record<string, Scripted> = {};

async function startScriptedService(): Promise<string> {
	const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		req.resume();
		req.on('end', () => {
			void (async () => {
				const answer = script[`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`];
				if (!answer) {
					res.writeHead(404, { 'content-type': 'application/json' });
					res.end(JSON.stringify({ error: 'not_found', message: 'Not scripted.' }));
					return;
				}
				if (answer.json !== undefined) {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end(JSON.stringify(answer.json));
					return;
				}
				res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
				res.flushHeaders();
				for (const piece of answer.stream ?? []) {
					res.write(piece);
					await new Promise((resolve) => setTimeout(resolve, 0));
				}
				res.end();
			})();
		});
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
	server = {
		url,
		close: async () => {
			http.closeAllConnections();
			await new Promise<void>((resolve) => http.close(() => resolve()));
		},
	};
	return url;
}

const deltas = fc.array(fc.string({ unit: fc.oneof(fc.constantFrom('a', ' ', 'é', '😀', '中', '\n', '"', ':'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 8 }).map((text) => text.replace(/\r/g, '')), {
	minLength: 1,
	maxLength: 12,
});

function frames(list: Array<{ event?: string; data: unknown }>, ends: number[]): Buffer {
	const lines: Line[] = list.map(({ event, data }) => ({ kind: 'frame', event, data: typeof data === 'string' ? data : JSON.stringify(data) }));
	return Buffer.from(serialise(lines, ends).text, 'utf8');
}

describe('event streams cut anywhere, through the node over a socket', () => {
	beforeAll(async () => {
		await startScriptedService();
	});

	it('Wait For Run relays every StepProgress delta, in order, and finishes on the terminal event', async () => {
		const runId = 'run_property';
		await check(
			'run event streams through Wait For Run (random chunking, real socket)',
			fc.asyncProperty(deltas, fc.array(fc.nat(2), { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 30 }), async (parts, ends, positions) => {
				const events = [
					{ event: 'connected', data: { runId, status: 'Running' } },
					{ event: 'StepStarted', data: { runId, stepId: 'stp_1', stepIndex: 0 } },
					...parts.map((delta) => ({ event: 'StepProgress', data: { runId, stepId: 'stp_1', delta } })),
					{ event: 'StepCompleted', data: { runId, stepId: 'stp_1', status: 'completed' } },
					{ event: 'RunCompleted', data: { runId, status: 'Completed', completedAt: '2026-01-01T00:00:00Z' } },
				];
				script[`GET /workflows/runs/${runId}/events`] = { stream: cut(frames(events, ends), positions) };
				script[`GET /workflows/runs/${runId}`] = { json: { runId, status: 'Completed', steps: [] } };
				const result = await runNode(ctx, {
					baseUrl: server!.url,
					streaming: true,
					parameters: { resource: 'run', operation: 'wait', runId: { __rl: true, mode: 'id', value: runId }, downloadFiles: false, waitOptions: { checkInterval: 5, timeout: 20 } },
				});
				const [outcome] = itemOutcomes(result);
				expect(outcome.json).toMatchObject({ runId, status: 'Completed', wait: { outcome: 'finished', streamConnections: 1 } });
				const relayed = result.chunks.filter((chunk) => chunk.type === 'item').map((chunk) => chunk.content);
				expect(relayed).toEqual(parts);
			}),
			runsOf(30, 10),
		);
	});

	it('Chat aggregates the answer exactly, whatever the chunking', async () => {
		await check(
			'chat completion streams through Chat (random chunking, real socket)',
			fc.asyncProperty(deltas, fc.array(fc.nat(2), { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 30 }), async (parts, ends, positions) => {
				const base = { id: 'chatcmpl-property', object: 'chat.completion.chunk', created: 1, model: 'dw-standard' };
				const chunks = [
					{ data: { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } },
					...parts.map((content) => ({ data: { ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] } })),
					{ data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } },
					{ data: { ...base, choices: [], usage: { prompt_tokens: 3, completion_tokens: parts.length, total_tokens: 3 + parts.length } } },
					{ data: '[DONE]' },
				];
				script['POST /v1/chat/completions'] = { stream: cut(frames(chunks, ends), positions) };
				const result = await runNode(ctx, {
					baseUrl: server!.url,
					parameters: { resource: 'chat', operation: 'complete', model: 'dw-standard', messages: { values: [{ role: 'user', content: 'Hello?' }] } },
				});
				const [outcome] = itemOutcomes(result);
				expect(outcome.json).toEqual({
					text: parts.join(''),
					finishReason: 'stop',
					model: 'dw-standard',
					usage: { promptTokens: 3, completionTokens: parts.length, totalTokens: 3 + parts.length, reasoningTokens: 0 },
				});
			}),
			runsOf(30, 10),
		);
	});
});

// ---- JSON Schemas through the field mappers ----------------------------------------------------------------------

type Leaf =
	| { kind: 'string' }
	| { kind: 'integer' }
	| { kind: 'number' }
	| { kind: 'boolean' }
	| { kind: 'enum'; options: string[] }
	| { kind: 'choices'; options: string[] }
	| { kind: 'date' }
	| { kind: 'picture' };
type Node = { kind: 'object'; properties: Array<{ name: string; node: Node; required: boolean; fixed: boolean }> } | Leaf;

/** Property names as schemas carry them, awkward ones included (never a dot: a dot is the path separator). */
const propertyName = fc.oneof(
	{ weight: 6, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,9}$/) },
	{ weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'Start date', 'naïve', '名前', 'x-y') },
);
const optionText = fc.string({ unit: fc.constantFrom('a', 'B', ' ', 'é', '-', '1', '中'), minLength: 1, maxLength: 8 }).map((text) => text.trim()).filter((text) => text.length > 0);

const leaf: fc.Arbitrary<Leaf> = fc.oneof(
	fc.constant({ kind: 'string' as const }),
	fc.constant({ kind: 'integer' as const }),
	fc.constant({ kind: 'number' as const }),
	fc.constant({ kind: 'boolean' as const }),
	fc.uniqueArray(optionText, { minLength: 1, maxLength: 5 }).map((options) => ({ kind: 'enum' as const, options })),
	fc.uniqueArray(optionText, { minLength: 1, maxLength: 5 }).map((options) => ({ kind: 'choices' as const, options })),
	fc.constant({ kind: 'date' as const }),
	fc.constant({ kind: 'picture' as const }),
);

const { tree } = fc.letrec<{ tree: Node }>((tie) => ({
	tree: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		leaf,
		fc
			.uniqueArray(fc.record({ name: propertyName, node: tie('tree'), required: fc.boolean(), fixed: fc.integer({ min: 0, max: 9 }).map((draw) => draw < 2) }), {
				minLength: 1,
				maxLength: 5,
				selector: (property) => property.name,
			})
			.map((properties) => ({ kind: 'object' as const, properties })),
	),
}));
const rootSchema = fc
	.uniqueArray(fc.record({ name: propertyName, node: tree, required: fc.boolean(), fixed: fc.boolean() }), { minLength: 1, maxLength: 6, selector: (property) => property.name })
	.map((properties) => ({ kind: 'object' as const, properties }));

/** A JSON Schema built as the service sends it: through JSON text, so `__proto__` is an own property. */
function toSchema(node: Node): IDataObject {
	const build = (current: Node): string => {
		switch (current.kind) {
			case 'object': {
				const properties = current.properties.map(({ name, node, fixed }) => {
					const inner = JSON.parse(build(node)) as IDataObject;
					return `${JSON.stringify(name)}:${JSON.stringify(fixed ? { ...inner, readOnly: true } : inner)}`;
				});
				const required = current.properties.filter((property) => property.required).map((property) => property.name);
				return `{"type":"object","additionalProperties":false,"properties":{${properties.join(',')}},"required":${JSON.stringify(required)}}`;
			}
			case 'enum':
				return JSON.stringify({ type: 'string', enum: current.options });
			case 'choices':
				return JSON.stringify({ type: 'array', items: { type: 'string', enum: current.options }, uniqueItems: true });
			case 'date':
				return JSON.stringify({ type: 'string', format: 'date' });
			case 'picture':
				return JSON.stringify({ type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png' });
			default:
				return JSON.stringify({ type: current.kind });
		}
	};
	return JSON.parse(build(node)) as IDataObject;
}

interface OfferedLeaf {
	path: string;
	leaf: Leaf;
	required: boolean;
}

/** The leaves a mapper must offer, walked independently of the node's code: not fixed, not inside a fixed object. */
function offeredLeaves(node: Node, prefix = '', parentRequired = true): OfferedLeaf[] {
	if (node.kind !== 'object') return [];
	return node.properties.flatMap(({ name, node: child, required, fixed }) => {
		if (fixed) return [];
		const path = prefix ? `${prefix}.${name}` : name;
		// An object with properties is walked into; an object with none would be a leaf, but the generator never makes one.
		if (child.kind === 'object') return offeredLeaves(child, path, parentRequired && required);
		return [{ path, leaf: child, required: parentRequired && required }];
	});
}

/** A valid answer for a leaf: the JSON value the service must receive, and a form a user or expression may give. */
function answer(leaf: Leaf, mapper: 'template' | 'run' = 'template'): fc.Arbitrary<{ sent: unknown; given: unknown }> {
	switch (leaf.kind) {
		case 'string':
			return fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim().length > 0).map((text) => ({ sent: text, given: text }));
		case 'integer':
			return fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.boolean()).map(([value, asText]) => ({ sent: value, given: asText ? String(value) : value }));
		case 'number':
			return fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), fc.boolean()).map(([value, asText]) => ({ sent: Object.is(value, -0) ? 0 : value, given: asText ? String(value) : value }));
		case 'boolean':
			// Yes/no words are the template mapper's; the run-input mapper takes true/false only.
			return fc.tuple(fc.boolean(), mapper === 'template' ? fc.constantFrom('value', 'text', 'yes/no', 'upper') : fc.constantFrom('value', 'text', 'upper')).map(([value, form]) => ({
				sent: value,
				given: form === 'value' ? value : form === 'text' ? String(value) : form === 'yes/no' ? (value ? 'yes' : 'no') : String(value).toUpperCase(),
			}));
		case 'enum':
			return fc.constantFrom(...leaf.options).map((option) => ({ sent: option, given: option }));
		case 'choices':
			return fc.tuple(fc.subarray(leaf.options, { minLength: 1 }), fc.boolean()).map(([chosen, asText]) => ({ sent: chosen, given: asText ? chosen.join(', ') : chosen }));
		case 'date':
			return fc.tuple(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('iso', 'datetime', 'luxon', 'date')).map(([date, form]) => {
				const day = date.toISOString().slice(0, 10);
				const given = form === 'iso' ? day : form === 'datetime' ? `${day}T23:30:00-08:00` : form === 'luxon' ? DateTime.fromISO(day, { zone: 'utc' }) : new Date(`${day}T12:00:00Z`);
				return { sent: day, given };
			});
		case 'picture':
			return fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => ({ sent: Buffer.from(bytes).toString('base64'), given: Buffer.from(bytes) }));
	}
}

/** Nested expected input from dotted paths, built with own properties (as JSON text would). */
function nest(entries: Array<[string, unknown]>): IDataObject {
	const root: IDataObject = {};
	for (const [path, value] of entries) {
		const keys = path.split('.');
		let cursor = root;
		for (const key of keys.slice(0, -1)) {
			if (!Object.prototype.hasOwnProperty.call(cursor, key)) Object.defineProperty(cursor, key, { value: {}, enumerable: true, writable: true, configurable: true });
			cursor = cursor[key] as IDataObject;
		}
		Object.defineProperty(cursor, keys[keys.length - 1], { value, enumerable: true, writable: true, configurable: true });
	}
	return root;
}

describe('random JSON Schemas through the field mappers', () => {
	it('templates: flatten offers every answerable leaf once (fixed ones never); unflatten rebuilds the nested input exactly', async () => {
		const scenario = rootSchema.chain((node) => {
			const leaves = offeredLeaves(node);
			return fc
				.tuple(...leaves.map((offered) => fc.option(answer(offered.leaf), { freq: 3, nil: undefined })), fc.constantFrom('', null, '  ', []))
				.map((answers) => ({ node, leaves, answers: answers.slice(0, leaves.length) as Array<{ sent: unknown; given: unknown } | undefined>, empty: answers[leaves.length] }));
		});
		await check(
			'JSON Schemas through the template mapper (flatten → unflatten)',
			fc.asyncProperty(scenario, async ({ node, leaves, answers, empty }) => {
				const schema = toSchema(node);
				// Flatten: the columns are exactly the answerable leaves, each once, required as the schema says.
				const columns = templateMapperFields(schema);
				expect(columns.map((column) => column.id).sort()).toEqual(leaves.map((offered) => offered.path).sort());
				expect(Object.fromEntries(columns.map((column) => [column.id, column.required]))).toEqual(Object.fromEntries(leaves.map((offered) => [offered.path, offered.required])));
				expect(templateFields(schema)).toHaveLength(leaves.length);

				// Unflatten: answers keyed by path (pictures by binary property name), unanswered ones empty.
				const pictures = new Map<string, Buffer>();
				const flat: IDataObject = {};
				const expected: Array<[string, unknown]> = [];
				leaves.forEach((offered, index) => {
					const given = answers[index];
					if (!given) {
						Object.defineProperty(flat, offered.path, { value: empty, enumerable: true, writable: true, configurable: true });
						return;
					}
					const value = offered.leaf.kind === 'picture' ? `picture_${index}` : given.given;
					if (offered.leaf.kind === 'picture') pictures.set(`picture_${index}`, given.given as Buffer);
					Object.defineProperty(flat, offered.path, { value, enumerable: true, writable: true, configurable: true });
					expected.push([offered.path, given.sent]);
				});
				const before = Object.keys(Object.prototype).length;
				const built = await buildTemplateInput(schema, flat, async (_path, name) => {
					const bytes = pictures.get(String(name));
					return bytes ? { ok: true, base64: bytes.toString('base64') } : { ok: false, problem: 'no such picture' };
				});
				expect(built.problems).toEqual([]);
				expect(JSON.parse(JSON.stringify(built.input))).toEqual(JSON.parse(JSON.stringify(nest(expected))));
				// Nothing escaped into shared prototypes (a field named __proto__ stays a field).
				expect(Object.keys(Object.prototype)).toHaveLength(before);
				expect(({} as IDataObject).polluted).toBeUndefined();
			}),
			runsOf(400, 100),
		);
	});

	it('run inputs: every mapped field is sent once, converted to its JSON type; empty ones are left out', async () => {
		const flatSchema = fc
			.uniqueArray(fc.record({ name: propertyName, leaf: leaf.filter((candidate) => candidate.kind !== 'picture' && candidate.kind !== 'choices'), required: fc.boolean() }), {
				minLength: 1,
				maxLength: 8,
				selector: (property) => property.name,
			})
			.chain((properties) =>
				fc.tuple(fc.constant(properties), fc.tuple(...properties.map((property) => fc.option(answer(property.leaf, 'run'), { freq: 3, nil: undefined })))),
			);
		await check(
			'JSON Schemas through the run-input mapper',
			fc.asyncProperty(flatSchema, async ([properties, answers]) => {
				const schema = toSchema({ kind: 'object', properties: properties.map(({ name, leaf: node, required }) => ({ name, node, required, fixed: false })) });
				expect(runInputFields(schema).map((field) => field.id).sort()).toEqual(properties.map((property) => property.name).sort());
				const values: IDataObject = {};
				const expected: Array<[string, unknown]> = [];
				properties.forEach((property, index) => {
					const given = answers[index];
					const value = given ? given.given : '';
					Object.defineProperty(values, property.name, { value, enumerable: true, writable: true, configurable: true });
					if (given) expected.push([property.name, given.sent]);
				});
				const built = buildRunInput(schema, values);
				const missing = properties.filter((property, index) => property.required && !answers[index]).map((property) => property.name);
				expect(built.problems.map((problem) => problem.field).sort()).toEqual(missing.sort());
				expect(JSON.parse(JSON.stringify(built.input))).toEqual(JSON.parse(JSON.stringify(nest(expected))));
			}),
			runsOf(400, 100),
		);
	});
});

describe('item keys that are names of Object.prototype', () => {
	it('automatic mapping ignores toString, constructor and __proto__ keys of an item that the schema does not have', () => {
		const schema = toSchema({ kind: 'object', properties: [{ name: 'counterparty', node: { kind: 'string' }, required: true, fixed: false }] });
		const item = JSON.parse('{"counterparty":"Initech","toString":"x","constructor":"y","__proto__":{"polluted":"z"},"hasOwnProperty":"w"}') as IDataObject;
		const built = buildRunInput(schema, item, { ignoreUnknown: true });
		expect(JSON.parse(JSON.stringify(built.input))).toEqual({ counterparty: 'Initech' });
		expect(built.problems).toEqual([]);
		expect(({} as IDataObject).polluted).toBeUndefined();
	});
});
