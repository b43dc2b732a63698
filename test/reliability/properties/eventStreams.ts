import fc from 'fast-check';

/**
 * Event streams as a service may send them, for the property tests: random frames and comments, serialised with
 * random line endings, cut into random byte chunks; the StepProgress and chat deltas a stream carries.
 */

export type Line =
	| { kind: 'comment'; text: string }
	| { kind: 'frame'; event?: string; data: string };
const LINE_ENDS = ['\n', '\r\n', '\r'] as const;

/** Data as a service may send it: any characters but CR (a line end), multi-byte ones included. */
const dataText = fc
	.string({
		unit: fc.oneof(
			fc.constantFrom('a', ' ', ':', '{', '"', '\n', 'é', '✓', '😀', '中', '\u0000'),
			fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
		),
		maxLength: 24,
	})
	.map((text) => text.replace(/\r/g, ''));
const eventName = fc.constantFrom(
	undefined,
	'message',
	'StepProgress',
	'connected',
	'RunCompleted',
	'Ünïcode-event',
);
export const sseLines = fc.array(
	fc.oneof(
		{
			weight: 4,
			arbitrary: fc.record({
				kind: fc.constant('frame' as const),
				event: eventName,
				data: dataText,
			}),
		},
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant('comment' as const),
				text: fc.constantFrom('keep-alive', '', 'ping ✓'),
			}),
		},
	),
	{ maxLength: 25 },
) as fc.Arbitrary<Line[]>;

/** Serialises frames and comments with the given line endings; returns the text and the events a reader must see. */
export function serialise(
	lines: Line[],
	ends: number[],
): { text: string; events: Array<{ event: string; data: string }>; comments: number } {
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
export function cut(bytes: Buffer, positions: number[]): Buffer[] {
	const at = [...new Set(positions.map((position) => position % (bytes.length + 1)))].sort(
		(a, b) => a - b,
	);
	const chunks: Buffer[] = [];
	let previous = 0;
	for (const position of [...at, bytes.length]) {
		if (position > previous) chunks.push(bytes.subarray(previous, position));
		previous = position;
	}
	return chunks;
}

export const deltas = fc.array(
	fc
		.string({
			unit: fc.oneof(
				fc.constantFrom('a', ' ', 'é', '😀', '中', '\n', '"', ':'),
				fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
			),
			minLength: 1,
			maxLength: 8,
		})
		.map((text) => text.replace(/\r/g, '')),
	{
		minLength: 1,
		maxLength: 12,
	},
);

export function frames(list: Array<{ event?: string; data: unknown }>, ends: number[]): Buffer {
	const lines: Line[] = list.map(({ event, data }) => ({
		kind: 'frame',
		event,
		data: typeof data === 'string' ? data : JSON.stringify(data),
	}));
	return Buffer.from(serialise(lines, ends).text, 'utf8');
}
