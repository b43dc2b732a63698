/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { Readable } from 'node:stream';

import { createParser } from 'eventsource-parser';
import fc from 'fast-check';

import { SseParser, type SseEvent } from '../../../nodes/shared/transport/sse';
import { SseReader } from '../../../nodes/shared/transport/sseReader.api';
import { runsOf } from '../../support/depth';

function parseAll(chunks: string[]): { events: SseEvent[]; comments: string[] } {
	const events: SseEvent[] = [];
	const comments: string[] = [];
	const parser = new SseParser({
		onEvent: (event) => events.push(event),
		onComment: (comment) => comments.push(comment),
	});
	for (const chunk of chunks) parser.feed(chunk);
	parser.end();
	return { events, comments };
}

describe('SseParser', () => {
	it('reads named events with JSON data', () => {
		const { events } = parseAll(['event: connected\ndata: {"runId":"r1","status":"Pending"}\n\n']);
		expect(events).toEqual([{ event: 'connected', data: '{"runId":"r1","status":"Pending"}' }]);
	});

	it('joins multi-line data with LF and defaults the type to message', () => {
		expect(parseAll(['data: one\ndata: two\ndata:three\n\n']).events).toEqual([
			{ event: 'message', data: 'one\ntwo\nthree' },
		]);
	});

	it('accepts CRLF, CR and LF line ends, mixed', () => {
		const { events } = parseAll([
			'event: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r\revent: c\ndata: 3\n\n',
		]);
		expect(events.map((event) => [event.event, event.data])).toEqual([
			['a', '1'],
			['b', '2'],
			['c', '3'],
		]);
	});

	it('handles a CRLF split between two chunks as one line end', () => {
		const { events } = parseAll(['event: a\r', '\ndata: 1\r', '\n\r', '\n']);
		expect(events).toEqual([{ event: 'a', data: '1' }]);
	});

	it('handles a frame cut at every possible position', () => {
		const text = 'event: StepProgress\r\ndata: {"delta":"Hé ✓"}\r\n: keep-alive\r\n\r\n';
		for (let cut = 0; cut <= text.length; cut++) {
			const { events, comments } = parseAll([text.slice(0, cut), text.slice(cut)]);
			expect(events).toEqual([{ event: 'StepProgress', data: '{"delta":"Hé ✓"}' }]);
			expect(comments).toEqual(['keep-alive']);
		}
	});

	it('reports comments and never turns them into events', () => {
		const { events, comments } = parseAll([': keep-alive\n\n:no space\n\n']);
		expect(events).toEqual([]);
		expect(comments).toEqual(['keep-alive', 'no space']);
	});

	it('removes exactly one space after the colon, and takes a line without colon as a field name', () => {
		expect(parseAll(['data:  two spaces\n\n']).events[0].data).toBe(' two spaces');
		expect(parseAll(['data\n\n']).events).toEqual([{ event: 'message', data: '' }]);
	});

	it('does not dispatch a frame without data, and resets the event type after it', () => {
		expect(parseAll(['event: lonely\n\ndata: x\n\n']).events).toEqual([
			{ event: 'message', data: 'x' },
		]);
	});

	it('keeps the last event id across frames and ignores ids with NUL', () => {
		const { events } = parseAll(['id: 7\ndata: a\n\ndata: b\n\nid: bad\u0000\ndata: c\n\n']);
		expect(events.map((event) => event.id)).toEqual(['7', '7', '7']);
	});

	it('strips a leading byte order mark once', () => {
		expect(parseAll(['\ufeffdata: x\n\n']).events).toEqual([{ event: 'message', data: 'x' }]);
		expect(parseAll(['', '\ufeff', 'data: x\n\n']).events).toEqual([
			{ event: 'message', data: 'x' },
		]);
	});

	it('discards an unterminated frame at the end of the stream', () => {
		expect(parseAll(['data: complete\n\ndata: cut off']).events).toEqual([
			{ event: 'message', data: 'complete' },
		]);
	});

	it('reports valid retry fields and ignores unknown fields', () => {
		const retries: number[] = [];
		const events: SseEvent[] = [];
		const parser = new SseParser({
			onEvent: (event) => events.push(event),
			onRetry: (ms) => retries.push(ms),
		});
		parser.feed('retry: 1500\nretry: soon\nfoo: bar\ndata: x\n\n');
		expect(retries).toEqual([1500]);
		expect(events).toEqual([{ event: 'message', data: 'x' }]);
	});
});

describe('SseParser against eventsource-parser (differential, random streams cut at random places)', () => {
	const text = fc.string({
		unit: fc.constantFrom('a', 'b', ' ', ':', '{', '"', 'é', '✓', '😀', '1'),
		maxLength: 12,
	});
	const lineEnd = fc.constantFrom('\n', '\r', '\r\n');
	const line = fc.oneof(
		fc.record({ kind: fc.constant('event' as const), value: text }),
		fc.record({ kind: fc.constant('data' as const), value: text }),
		fc.record({ kind: fc.constant('comment' as const), value: text }),
		fc.record({ kind: fc.constant('id' as const), value: text }),
		fc.record({ kind: fc.constant('blank' as const), value: fc.constant('') }),
	);
	const stream = fc.array(fc.tuple(line, lineEnd), { maxLength: 40 }).map((lines) =>
		lines
			.map(([{ kind, value }, end]) => {
				if (kind === 'blank') return end;
				if (kind === 'comment') return `:${value}${end}`;
				return `${kind}: ${value}${end}`;
			})
			.join(''),
	);

	it('produces the same events and comments', () => {
		fc.assert(
			fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (body, cuts) => {
				const positions = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort(
					(a, b) => a - b,
				);
				const chunks: string[] = [];
				let previous = 0;
				for (const position of positions) {
					chunks.push(body.slice(previous, position));
					previous = position;
				}
				chunks.push(body.slice(previous));
				// A CR at the very end is a complete line end by the standard (ours acts on it); the oracle waits
				// to see whether an LF follows. One LF after it means the same thing to both.
				if (body.endsWith('\r')) chunks.push('\n');

				const ours = parseAll(chunks);
				const theirs: { event: string; data: string }[] = [];
				const theirComments: string[] = [];
				const oracle = createParser({
					onEvent: (event) => theirs.push({ event: event.event ?? 'message', data: event.data }),
					onComment: (comment) => theirComments.push(comment),
				});
				for (const chunk of chunks) oracle.feed(chunk);

				expect(ours.events.map(({ event, data }) => ({ event, data }))).toEqual(theirs);
				expect(ours.comments).toEqual(theirComments);
			}),
			{ numRuns: runsOf(500, 50) },
		);
	});
});

describe('SseReader', () => {
	function streamOf(chunks: (string | Buffer)[]): Readable {
		return Readable.from(
			chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
		);
	}

	it('decodes multi-byte characters split across byte chunks', async () => {
		const bytes = Buffer.from('event: StepProgress\ndata: {"delta":"Très ✓ 😀"}\n\n');
		const chunks = [...bytes].map((byte) => Buffer.from([byte]));
		const reader = new SseReader(streamOf(chunks));
		const first = await reader.next(1000);
		expect(first).toEqual({
			kind: 'event',
			event: { event: 'StepProgress', data: '{"delta":"Très ✓ 😀"}' },
		});
		expect(await reader.next(1000)).toEqual({ kind: 'end' });
	});

	it('returns idle when nothing arrives in time, without losing the pending read', async () => {
		let push: (chunk: string | null) => void = () => undefined;
		const stream = new Readable({ read() {} });
		push = (chunk) => stream.push(chunk === null ? null : Buffer.from(chunk));
		const reader = new SseReader(stream);
		expect(await reader.next(30)).toEqual({ kind: 'idle' });
		push(': keep-alive\n\n');
		expect(await reader.next(30)).toEqual({ kind: 'idle' });
		expect(reader.comments).toBe(1);
		push('event: RunCompleted\ndata: {}\n\n');
		expect(await reader.next(1000)).toEqual({
			kind: 'event',
			event: { event: 'RunCompleted', data: '{}' },
		});
		push(null);
		expect(await reader.next(1000)).toEqual({ kind: 'end' });
	});

	it('reports a broken connection as the end with its error', async () => {
		const stream = new Readable({ read() {} });
		const reader = new SseReader(stream);
		stream.push(Buffer.from('event: connected\ndata: {}\n\n'));
		expect((await reader.next(1000)).kind).toBe('event');
		stream.destroy(new Error('socket hang up'));
		const end = await reader.next(1000);
		expect(end.kind).toBe('end');
		expect(String((end as { error?: unknown }).error)).toMatch(/socket hang up/);
	});

	it('pulls until the same time share one timer, and a new time stops the old one', async () => {
		// A chat answer arrives word by word: 200 frames pulled until one deadline set one timer, not 200.
		const frames = Array.from({ length: 200 }, (_, index) => `data: {"n":${index}}\n\n`);
		const stream = new Readable({ read() {} });
		const reader = new SseReader(stream);
		const setTimer = jest.spyOn(global, 'setTimeout');
		const cleared = jest.spyOn(global, 'clearTimeout');
		try {
			const until = Date.now() + 60_000;
			const seen: string[] = [];
			for (const frame of frames) {
				setImmediate(() => stream.push(Buffer.from(frame)));
				const next = await reader.nextBefore(until);
				if (next.kind === 'event') seen.push(next.event.data);
			}
			expect(seen).toEqual(frames.map((_, index) => `{"n":${index}}`));
			expect(setTimer).toHaveBeenCalledTimes(1);
			// A later time replaces the timer: the first is cleared, so nothing is left armed for a minute.
			setImmediate(() => stream.push(Buffer.from('data: {"n":"last"}\n\n')));
			expect((await reader.nextBefore(until + 1)).kind).toBe('event');
			expect(setTimer).toHaveBeenCalledTimes(2);
			expect(cleared).toHaveBeenCalledTimes(1);
			reader.close();
			expect(cleared).toHaveBeenCalledTimes(2);
		} finally {
			setTimer.mockRestore();
			cleared.mockRestore();
		}
	});

	it('a pull with a cancelled signal ends as idle at once, its pending read kept for the next pull', async () => {
		const stream = new Readable({ read() {} });
		const reader = new SseReader(stream);
		const cancel = new AbortController();
		const pulled = reader.nextBefore(Date.now() + 60_000, cancel.signal);
		cancel.abort();
		expect(await pulled).toEqual({ kind: 'idle' });
		expect(await reader.nextBefore(Date.now() + 60_000, cancel.signal)).toEqual({ kind: 'idle' });
		stream.push(Buffer.from('data: {}\n\n'));
		expect(await reader.next(1000)).toEqual({
			kind: 'event',
			event: { event: 'message', data: '{}' },
		});
		reader.close();
	});

	it('close() destroys the stream', async () => {
		const stream = new Readable({ read() {} });
		const reader = new SseReader(stream);
		reader.close();
		expect(stream.destroyed).toBe(true);
		expect(await reader.next(10)).toEqual({ kind: 'end' });
	});
});
