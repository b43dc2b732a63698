/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The request log: one entry per API request (admin calls are not logged, so tests can count
 * exactly what a client sent). It never holds a key: entries name the key by its keyId.
 */
import type { ServerResponse } from 'node:http';

export const REQUEST_LOG_CAPACITY = 20_000;
/** Strings longer than this (base64 uploads) are summarised so the log does not pin megabytes. */
const MAX_LOGGED_STRING = 64 * 1024;

export interface MultipartPartSummary {
	name: string;
	filename: string;
	contentType: string;
	size: number;
}

export interface RequestLogEntry {
	seq: number;
	at: string;
	requestId: string;
	method: string;
	path: string;
	/** Query parameters; a repeated parameter becomes an array. */
	query: Record<string, string | string[]>;
	keyId: string | null;
	/** 0 until the response head is written (or when the socket was reset without a response). */
	status: number;
	/**
	 * The parsed JSON body when the body was JSON; `{ multipart: [...] }` for multipart;
	 * otherwise `{ bytes: n }`. Set once the body has been read or drained.
	 */
	requestBody: unknown;
	/** Real milliseconds from arrival to the end of the response (its last byte written); null while it is still open. */
	durationMs: number | null;
	/** Fault rules applied to this request, e.g. ['flt_1:delay', 'flt_2:reset']. */
	faults: string[];
	/** Free annotation by handlers (e.g. the run id they created). */
	note?: unknown;
}

export type NewLogEntry = Pick<RequestLogEntry, 'at' | 'requestId' | 'method' | 'path' | 'query'>;

export class RequestLog {
	private entries: RequestLogEntry[] = [];
	private nextSeq = 1;
	/** Responses still open, to show their live status (e.g. an SSE stream that already sent 200). */
	private readonly open = new Map<RequestLogEntry, ServerResponse>();

	append(fields: NewLogEntry, res: ServerResponse): RequestLogEntry {
		const entry: RequestLogEntry = {
			seq: this.nextSeq++,
			...fields,
			keyId: null,
			status: 0,
			requestBody: { bytes: 0 },
			durationMs: null,
			faults: [],
		};
		this.entries.push(entry);
		if (this.entries.length > REQUEST_LOG_CAPACITY) {
			const dropped = this.entries.shift();
			if (dropped) this.open.delete(dropped);
		}
		this.open.set(entry, res);
		return entry;
	}

	/** Records the final status and duration; `status` 0 means the client got no response. */
	complete(entry: RequestLogEntry, status: number, durationMs: number): void {
		entry.status = status;
		entry.durationMs = Math.round(durationMs * 1000) / 1000;
		this.open.delete(entry);
	}

	/**
	 * Copies of the entries, oldest first. `since`: a seq number (entries after it) or an ISO
	 * timestamp (entries at or after it).
	 */
	list(since?: number | string): RequestLogEntry[] {
		let selected = this.entries;
		if (typeof since === 'number') selected = selected.filter((entry) => entry.seq > since);
		else if (typeof since === 'string') {
			const from = Date.parse(since);
			if (Number.isNaN(from))
				throw new Error(`since must be a seq number or an ISO timestamp, got ${since}`);
			selected = selected.filter((entry) => Date.parse(entry.at) >= from);
		}
		return selected.map((entry) => {
			const res = this.open.get(entry);
			const status = res && res.headersSent && entry.status === 0 ? res.statusCode : entry.status;
			return structuredClone({ ...entry, status });
		});
	}

	/** Empties the log; seq numbers keep increasing so a `since` taken earlier stays meaningful. */
	clear(): void {
		this.entries = [];
		this.open.clear();
	}

	/** Empties the log and numbers from 1 again (simulator reset). */
	reset(): void {
		this.clear();
		this.nextSeq = 1;
	}
}

export function queryToObject(params: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const [name, value] of params) {
		const previous = out[name];
		if (previous === undefined) out[name] = value;
		else out[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
	}
	return out;
}

/** A log-friendly copy of a parsed JSON body: huge strings become '[string of N chars]'. */
export function summarizeJsonForLog(value: unknown): unknown {
	if (typeof value === 'string') {
		return value.length > MAX_LOGGED_STRING ? `[string of ${value.length} chars]` : value;
	}
	if (Array.isArray(value)) return value.map(summarizeJsonForLog);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([name, item]) => [name, summarizeJsonForLog(item)]),
		);
	}
	return value;
}
