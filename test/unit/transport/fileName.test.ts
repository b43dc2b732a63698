import fc from 'fast-check';

import { filenameFromContentDisposition } from '../../../nodes/shared/transport/contentDisposition';
import { MAX_FILE_NAME_BYTES, safeFileName } from '../../../nodes/shared/transport/fileName';
import {
	FORBIDDEN_IN_NAMES,
	HOSTILE_NAMES,
	hostileName,
	isBareName,
	ordinaryName,
} from '../../expectations/untrusted';
import { runsOf } from '../../support/depth';

/** What every name the node hands to n8n must be, whatever it was made from. */
function expectSafe(name: string): void {
	expect(name).not.toBe('');
	expect(name).not.toMatch(FORBIDDEN_IN_NAMES);
	expect(name).not.toMatch(/^[.\s]*$/);
	expect(name).toBe(name.trim());
	expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
	expect(isBareName(name)).toBe(true);
}

describe('safeFileName: a file name is a name', () => {
	it.each([
		['../../etc/passwd', '.._.._etc_passwd'],
		['Q3/Q4 review.pdf', 'Q3_Q4 review.pdf'],
		['..\\..\\Windows\\hosts', '.._.._Windows_hosts'],
		['a\r\nContent-Type: text/html\r\n\r\n.pdf', 'a Content-Type: text_html .pdf'],
		['nul\u0000byte.pdf', 'nul byte.pdf'],
		['invoice\u202Efdp.exe', 'invoicefdp.exe'],
		['  report.pdf  ', 'report.pdf'],
		['lone\ud800.pdf', 'lone\ufffd.pdf'],
	])('%j → %j', (raw, expected) => expect(safeFileName(raw)).toBe(expected));

	it.each(['..', '.', '. .', '', '   ', '\r\n', '/', '\\', '../', '/./\\'])(
		'%j is no name: the next candidate is used, then "file"',
		(raw) => {
			expect(safeFileName(raw, 'run-1-render.pdf')).toBe('run-1-render.pdf');
			expect(safeFileName(raw)).toBe('file');
		},
	);

	it('takes the first candidate that makes a name; values that are not text are skipped', () => {
		expect(safeFileName(undefined, null, 42, '..', 'fallback.docx')).toBe('fallback.docx');
		expect(safeFileName()).toBe('file');
	});

	it('shortens a long name to the bound and keeps its extension', () => {
		const long = safeFileName(`${'x'.repeat(300)}.pdf`);
		expect(long).toMatch(/^x+\.pdf$/);
		expect(Buffer.byteLength(long)).toBe(MAX_FILE_NAME_BYTES);
		const emoji = safeFileName(`${'😀'.repeat(80)}.docx`);
		expect(emoji.endsWith('.docx')).toBe(true);
		expect(emoji).not.toMatch(FORBIDDEN_IN_NAMES);
		expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
	});

	it.each(HOSTILE_NAMES.map((name) => [name]))('%j gives a safe bare name', (raw) =>
		expectSafe(safeFileName(raw)),
	);

	it('property: whatever the candidates, the name is safe, bare and bounded, and cleaning it again changes nothing', () => {
		fc.assert(
			fc.property(
				fc.array(fc.oneof(hostileName, fc.constant(undefined)), { maxLength: 3 }),
				(candidates) => {
					const name = safeFileName(...candidates);
					expectSafe(name);
					expect(safeFileName(name)).toBe(name);
				},
			),
			{ numRuns: runsOf(2000, 200) },
		);
	});

	it('property: an extension survives separators, control characters and shortening', () => {
		fc.assert(
			fc.property(
				hostileName,
				fc.constantFrom('.pdf', '.docx', '.md', '.json'),
				(stem, extension) => {
					fc.pre(
						/[^.\s/\\\p{Cc}\u2028\u2029]/u.test(
							stem.replace(/[\u202a-\u202e\u2066-\u2069\u061c\u200e\u200f]/g, ''),
						),
					);
					expect(safeFileName(`${stem}${extension}`).endsWith(extension)).toBe(true);
				},
			),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: the names a sound service sends come through unchanged', () => {
		fc.assert(
			fc.property(ordinaryName, (name) => expect(safeFileName(name)).toBe(name)),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: any Content-Disposition header gives a safe name once read and cleaned', () => {
		const header = fc.oneof(
			hostileName.map((name) => `attachment; filename="${name.replace(/["\\]/g, '\\$&')}"`),
			hostileName.map(
				(name) =>
					`attachment; filename*=UTF-8''${encodeURIComponent(name.replace(/[\ud800-\udfff]/g, 'x'))}`,
			),
			hostileName.map((name) => `attachment; filename=${name}`),
			fc.string({ maxLength: 80 }),
		);
		fc.assert(
			fc.property(header, (value) =>
				expectSafe(safeFileName(filenameFromContentDisposition(value), 'document.pdf')),
			),
			{ numRuns: runsOf(2000, 200) },
		);
	});
});
