import FormData from 'form-data';
import fc from 'fast-check';

import {
	allocateFramed,
	multipartFraming,
	multipartHead,
	newBoundary,
} from '../../../nodes/DraftingWorkspace/inputDocuments/multipart';
import { runsOf } from '../../support/depth';

/** form-data (the package n8n's own nodes use) as the oracle: same parts, same bytes, same boundary. */
function formDataBytes(
	boundary: string,
	fileName: string,
	contentType: string,
	content: Buffer,
): Buffer {
	const form = new FormData();
	form.setBoundary(boundary);
	form.append('file', content, { filename: fileName, contentType });
	return form.getBuffer();
}

function ours(boundary: string, fileName: string, contentType: string, content: Buffer): Buffer {
	const framing = multipartFraming(
		{ fieldName: 'file', fileName, contentType },
		content.length,
		boundary,
	);
	const body = allocateFramed(framing);
	content.copy(body, framing.head.length);
	return body;
}

describe('multipart body (differential against form-data)', () => {
	it("is byte-identical to form-data for the upload endpoint's one-file body", () => {
		const boundary = newBoundary();
		for (const [name, type, content] of [
			['contract.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n%\xE2\xE3\n1 0 obj\n', 'latin1')],
			['notes.md', 'text/markdown', Buffer.from('# Title\r\n\r\n--not a boundary--\r\n')],
			[
				'brief.docx',
				'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
				Buffer.from([0x50, 0x4b, 3, 4, 0, 255]),
			],
			['Überblick – März.txt', 'text/plain; charset=utf-8', Buffer.from('Grüße')],
		] as const) {
			expect(
				ours(boundary, name, type, content).equals(formDataBytes(boundary, name, type, content)),
			).toBe(true);
		}
	});

	it('matches form-data for random names and contents', () => {
		const safeName = fc.stringMatching(/^[\w .()\-\u00C0-\u024F]{1,40}$/);
		fc.assert(
			fc.property(safeName, fc.uint8Array({ maxLength: 4096 }), (name, bytes) => {
				const boundary = newBoundary();
				const content = Buffer.from(bytes);
				return ours(boundary, name, 'application/pdf', content).equals(
					formDataBytes(boundary, name, 'application/pdf', content),
				);
			}),
			{ numRuns: runsOf(300, 50) },
		);
	});

	it('puts the content after the head and announces the boundary', () => {
		const framing = multipartFraming(
			{ fieldName: 'file', fileName: 'a.txt', contentType: 'text/plain' },
			3,
			'b0undary',
		);
		const contentOffset = framing.head.length;
		expect(framing.contentType).toBe('multipart/form-data; boundary=b0undary');
		expect(contentOffset).toBe(
			multipartHead('b0undary', { fieldName: 'file', fileName: 'a.txt', contentType: 'text/plain' })
				.length,
		);
		expect(allocateFramed(framing).length).toBe(contentOffset + 3 + '\r\n--b0undary--\r\n'.length);
	});

	it('escapes quotes and line breaks in names as browsers do, so a name cannot inject headers', () => {
		const head = multipartHead('b', {
			fieldName: 'file',
			fileName: 'a"b\r\nX-Evil: 1.pdf',
			contentType: 'application/pdf\r\nX: y',
		}).toString();
		expect(head).toContain('filename="a%22b%0D%0AX-Evil: 1.pdf"');
		expect(head.split('\r\n').filter((line) => line.startsWith('X'))).toEqual([]);
	});

	it('uses a fresh random boundary each time', () => {
		const boundaries = new Set(Array.from({ length: 100 }, () => newBoundary()));
		expect(boundaries.size).toBe(100);
		expect([...boundaries].every((boundary) => /^-{26}[0-9a-f]{24}$/.test(boundary))).toBe(true);
	});
});
