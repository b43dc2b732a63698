/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * A cheap PDF page count for the `too_many_pages` check (Limits: "PDF pages 300 by default"):
 * count the page objects (`/Type /Page`, never `/Pages`, whitespace between the tokens tolerated).
 *
 * pdf-lib (and most modern writers) store objects inside compressed object streams
 * (`/Type /ObjStm`, FlateDecode), where a plain byte scan sees nothing, so those streams are
 * inflated and scanned too. The scan works on the Buffer itself (indexOf), never on a string copy
 * of a 50 MB file. It is not a PDF parser: good enough for well-formed files, which is all the
 * simulator needs.
 */
import { constants, inflateSync } from 'node:zlib';

const TYPE_KEY = '/Type';
const STREAM = 'stream';
const END_STREAM = 'endstream';

/** PDF whitespace: NUL, HT, LF, FF, CR, space. */
const isWhitespace = (byte: number): boolean =>
	byte === 0 || byte === 9 || byte === 10 || byte === 12 || byte === 13 || byte === 32;
/** PDF delimiters end a name: ( ) < > [ ] { } / %. */
const isDelimiter = (byte: number): boolean => '()<>[]{}/%'.includes(String.fromCharCode(byte));
const isRegular = (byte: number): boolean => !isWhitespace(byte) && !isDelimiter(byte);

/** The name value after `/Type` at `at` (e.g. 'Page'), or null when `/Type` is part of a longer name. */
function typeValueAt(bytes: Buffer, at: number): string | null {
	let i = at + TYPE_KEY.length;
	if (i < bytes.length && isRegular(bytes[i])) return null; // '/Types', '/TypeX': another key
	while (i < bytes.length && isWhitespace(bytes[i])) i++;
	if (bytes[i] !== 0x2f /* '/' */) return null;
	const start = ++i;
	while (i < bytes.length && i - start < 16 && isRegular(bytes[i])) i++;
	return bytes.toString('latin1', start, i);
}

/** The page objects inside the object stream whose dictionary holds `/Type` at `at` (0 when it is not compressed). */
function pagesInObjectStream(bytes: Buffer, at: number): number {
	const keyword = bytes.indexOf(STREAM, at, 'latin1');
	if (keyword === -1) return 0;
	let start = keyword + STREAM.length;
	if (bytes[start] === 13) start++;
	if (bytes[start] === 10) start++;
	const end = bytes.indexOf(END_STREAM, start, 'latin1');
	if (end === -1) return 0;
	try {
		// Sync flush: a stream with trailing EOL bytes before `endstream` still inflates.
		return countPdfPages(
			inflateSync(bytes.subarray(start, end), { finishFlush: constants.Z_SYNC_FLUSH }),
		);
	} catch {
		// Not Flate-compressed: the plain scan already saw its objects.
		return 0;
	}
}

export function countPdfPages(bytes: Buffer): number {
	let pages = 0;
	for (
		let at = bytes.indexOf(TYPE_KEY, 0, 'latin1');
		at !== -1;
		at = bytes.indexOf(TYPE_KEY, at + TYPE_KEY.length, 'latin1')
	) {
		const value = typeValueAt(bytes, at);
		if (value === 'Page') pages++;
		else if (value === 'ObjStm') pages += pagesInObjectStream(bytes, at);
	}
	return pages;
}
