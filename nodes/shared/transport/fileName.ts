/**
 * A file name from the service is a name, never a path. Names come from a download's `Content-Disposition`, a
 * run step's rendered file, or ids the node puts together; n8n's `prepareBinaryData` splits whatever it is given
 * on `/` (and on `\` on Windows) and keeps the front part as the binary's `directory`. A document titled
 * "Q3/Q4 review" is enough for that, no attacker needed. Pure: no I/O.
 */

/** UTF-8 bytes a name may take: well under the 255 that common file systems allow, room left for a suffix. */
export const MAX_FILE_NAME_BYTES = 200;

/** The name used when no candidate gives one. */
const LAST_RESORT = 'file';

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: a run of them becomes one space. */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
/** Direction marks and overrides: they make a name read differently from what it is ("invoice\u202Efdp.exe"). */
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Path separators on any system n8n runs on. */
const SEPARATORS = /[/\\]/g;
/** A drive letter (`C:`): on Windows the start of a path, whatever follows it. */
const DRIVE = /^([A-Za-z]):/;
/** A surrogate without its pair (possible in JSON text): not a character, and not writable as UTF-8. */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Nothing but dots and spaces: `.`, `..`, or nothing at all, each a path of its own rather than a name. */
const NO_NAME = /^[.\s]*$/u;
/** An extension worth keeping when a long name is shortened: letters, digits, `_` or `-`, at most 16 of them. */
const EXTENSION = /\.[\p{L}\p{N}_-]{1,16}$/u;

function utf8Length(text: string): number {
	return Buffer.byteLength(text, 'utf8');
}

/** The longest start of `text`, whole code points only, that fits in `bytes`. */
function cutToBytes(text: string, bytes: number): string {
	let kept = '';
	let used = 0;
	for (const point of text) {
		used += utf8Length(point);
		if (used > bytes) break;
		kept += point;
	}
	return kept;
}

/** Shortens a name to MAX_FILE_NAME_BYTES, keeping its extension (the stem is what gets cut). */
function bounded(name: string): string {
	if (utf8Length(name) <= MAX_FILE_NAME_BYTES) return name;
	const extension = EXTENSION.exec(name)?.[0] ?? '';
	const stem = name.slice(0, name.length - extension.length);
	return `${cutToBytes(stem, MAX_FILE_NAME_BYTES - utf8Length(extension)).trimEnd()}${extension}`;
}

/** One candidate as a name, or undefined when nothing usable is left of it. */
function cleaned(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const text = raw
		.replace(LONE_SURROGATES, '\ufffd')
		.replace(CONTROLS, ' ')
		.replace(DIRECTION_MARKS, '')
		.trim();
	// Separators and dots alone (`/`, `../`) name nothing, so the next candidate is taken.
	if (NO_NAME.test(text.replace(SEPARATORS, ''))) return undefined;
	const name = text.replace(SEPARATORS, '_').replace(DRIVE, '$1_');
	const result = bounded(name);
	return NO_NAME.test(result) ? undefined : result;
}

/**
 * The first candidate that makes a name (a service's name first, then the node's own fallbacks), as a bare name:
 * no separators, no control characters, never `.` or `..`, at most MAX_FILE_NAME_BYTES, its extension kept.
 * A name that needs none of this comes back unchanged. Never empty: `file` when no candidate gives a name.
 */
export function safeFileName(...candidates: unknown[]): string {
	for (const candidate of candidates) {
		const name = cleaned(candidate);
		if (name !== undefined) return name;
	}
	return LAST_RESORT;
}
