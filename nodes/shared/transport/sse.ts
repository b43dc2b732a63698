/**
 * A Server-Sent Events parser written to the WHATWG "event stream interpretation" rules, with no
 * dependency (n8n Cloud installs none). It is fed text in chunks cut anywhere: inside a field, between
 * CR and LF, inside a multi-byte character (SseReader's decoder keeps those whole).
 */

export interface SseEvent {
	/** The `event:` field, or `message` when the frame has none. */
	event: string;
	/** The `data:` lines joined with LF. */
	data: string;
	/** The last event ID seen so far (it persists across frames, as the standard says). */
	id?: string;
}

export interface SseParserHandlers {
	onEvent(event: SseEvent): void;
	/** Lines starting with `:` (heartbeats, keep-alives), without the colon and one leading space. */
	onComment?(comment: string): void;
	/** A valid `retry:` field (milliseconds). */
	onRetry?(ms: number): void;
}

const LF = 10;
const CR = 13;
/** A line or frame larger than this is not an event stream the service would send. */
const MAX_BUFFERED_CHARS = 16 * 1024 * 1024;

export class SseParser {
	private partialLine = '';
	/** The previous chunk ended with CR: an LF at the start of the next one belongs to that line end. */
	private swallowLf = false;
	private started = false;
	private dataLines: string[] = [];
	private dataSize = 0;
	private eventType = '';
	private lastEventId: string | undefined;

	constructor(private readonly handlers: SseParserHandlers) {}

	feed(chunk: string): void {
		if (chunk.length === 0) return;
		if (!this.started) {
			this.started = true;
			// A byte order mark may open the stream; it is not part of the first field name.
			if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
		}
		let position = 0;
		if (this.swallowLf) {
			this.swallowLf = false;
			if (chunk.charCodeAt(0) === LF) position = 1;
		}
		while (position < chunk.length) {
			const end = nextLineEnd(chunk, position);
			if (end === -1) {
				this.partialLine += chunk.slice(position);
				if (this.partialLine.length > MAX_BUFFERED_CHARS)
					throw new Error('An event stream line exceeded 16 MB');
				return;
			}
			const line = this.partialLine
				? this.partialLine + chunk.slice(position, end)
				: chunk.slice(position, end);
			this.partialLine = '';
			this.processLine(line);
			if (chunk.charCodeAt(end) === CR) {
				if (end + 1 === chunk.length) {
					this.swallowLf = true;
					return;
				}
				position = chunk.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
				continue;
			}
			position = end + 1;
		}
	}

	/** The stream ended: an unterminated frame is discarded, as the standard requires. */
	end(): void {
		this.partialLine = '';
		this.dataLines = [];
		this.dataSize = 0;
		this.eventType = '';
		this.swallowLf = false;
	}

	private processLine(line: string): void {
		if (line === '') {
			this.dispatch();
			return;
		}
		if (line.charCodeAt(0) === 58 /* : */) {
			this.handlers.onComment?.(line.charCodeAt(1) === 32 ? line.slice(2) : line.slice(1));
			return;
		}
		const colon = line.indexOf(':');
		const field = colon === -1 ? line : line.slice(0, colon);
		let value = colon === -1 ? '' : line.slice(colon + 1);
		if (value.charCodeAt(0) === 32) value = value.slice(1);
		switch (field) {
			case 'event':
				this.eventType = value;
				break;
			case 'data':
				this.dataLines.push(value);
				this.dataSize += value.length + 1;
				if (this.dataSize > MAX_BUFFERED_CHARS)
					throw new Error('An event stream frame exceeded 16 MB');
				break;
			case 'id':
				if (!value.includes('\u0000')) this.lastEventId = value;
				break;
			case 'retry':
				if (/^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
				break;
			default:
			// Unknown fields are ignored.
		}
	}

	private dispatch(): void {
		const type = this.eventType;
		this.eventType = '';
		if (this.dataLines.length === 0) return;
		const data = this.dataLines.join('\n');
		this.dataLines = [];
		this.dataSize = 0;
		const event: SseEvent = { event: type || 'message', data };
		if (this.lastEventId !== undefined) event.id = this.lastEventId;
		this.handlers.onEvent(event);
	}
}

function nextLineEnd(text: string, from: number): number {
	const lf = text.indexOf('\n', from);
	const cr = text.indexOf('\r', from);
	if (lf === -1) return cr;
	if (cr === -1) return lf;
	return Math.min(lf, cr);
}
