/**
 * The `data` field of a JSON upload (contract, Workflow input upload: "base64; size cap applies
 * to decoded bytes"). Accepted: the standard or the URL-safe alphabet (not both in one string),
 * with or without `=` padding, with whitespace and line breaks anywhere (MIME-wrapped base64).
 * Anything else is refused rather than decoded leniently: Node's decoder would silently skip a
 * stray character and store a corrupt file.
 *
 * The string can be ~67 MB, so the checks are regex scans (no whitespace-stripped copy), and the
 * decoded size is known before decoding, so an oversized upload is refused without allocating it.
 */

export type Base64Check = { ok: true; decodedBytes: number } | { ok: false; problem: string };

const WHITESPACE = /[\t\n\f\r ]/;
const NOT_BASE64 = /[^A-Za-z0-9+/\-_=\t\n\f\r ]/;
const PADDING_TAIL = /^[=\t\n\f\r ]*$/;

function countDataCharacters(text: string): number {
	if (!WHITESPACE.test(text)) return text.length;
	let count = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		// \t \n \f \r and space
		if (code !== 9 && code !== 10 && code !== 12 && code !== 13 && code !== 32) count++;
	}
	return count;
}

export function checkBase64(text: string): Base64Check {
	const bad = text.search(NOT_BASE64);
	if (bad !== -1) {
		const shown = JSON.stringify(text.charAt(bad));
		return {
			ok: false,
			problem: `holds ${shown} at position ${bad}, which is not a base64 character`,
		};
	}
	if (/[+/]/.test(text) && /[-_]/.test(text)) {
		return {
			ok: false,
			problem: 'mixes the standard (+ /) and the URL-safe (- _) base64 alphabets',
		};
	}
	const firstPad = text.indexOf('=');
	let padding = 0;
	if (firstPad !== -1) {
		const tail = text.slice(firstPad);
		padding = tail.split('=').length - 1;
		if (!PADDING_TAIL.test(tail) || padding > 2) {
			return {
				ok: false,
				problem: `has "=" at position ${firstPad} before the end (padding may only close the data, at most "==")`,
			};
		}
	}
	const characters = countDataCharacters(text) - padding;
	if (characters % 4 === 1 || (padding > 0 && (characters + padding) % 4 !== 0)) {
		return { ok: false, problem: 'is cut short (its length is not that of complete base64 data)' };
	}
	return { ok: true, decodedBytes: Math.floor((characters * 3) / 4) };
}

/** Decodes a string checkBase64 accepted (Node reads both alphabets and skips whitespace). */
export function decodeBase64(text: string): Buffer {
	return Buffer.from(text, 'base64');
}
