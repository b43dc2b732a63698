import {
	formatBytes,
	maxUploadBytes,
	resolveUploadType,
} from '../../../nodes/DraftingWorkspace/inputDocuments/rules';

describe('resolveUploadType (contract: PDF, DOCX, Markdown, plain text)', () => {
	it.each([
		['application/pdf', 'a.pdf', 'PDF', 'application/pdf'],
		['APPLICATION/PDF', 'a', 'PDF', 'application/pdf'],
		['application/x-pdf', 'a.pdf', 'PDF', 'application/pdf'],
		[
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			'a.docx',
			'DOCX',
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		],
		['text/markdown', 'a.md', 'Markdown', 'text/markdown'],
		['text/x-markdown', 'a.md', 'Markdown', 'text/markdown'],
		['text/plain; charset=utf-8', 'a.txt', 'plain text', 'text/plain; charset=utf-8'],
		['application/octet-stream', 'notes.MD', 'Markdown', 'text/markdown'],
		['', 'scan.pdf', 'PDF', 'application/pdf'],
		[
			undefined,
			'brief.docx',
			'DOCX',
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		],
	])('%s %s → %s', (mime, name, label, sendAs) => {
		expect(resolveUploadType(mime, name)).toEqual({
			type: expect.objectContaining({ label }),
			sendAs,
		});
	});

	it.each([
		['image/png', 'photo.png'],
		['image/png', 'photo.pdf'],
		['application/msword', 'old.doc'],
		['application/octet-stream', 'archive.zip'],
		['application/octet-stream', 'noextension'],
		['text/html', 'page.html'],
	])('refuses %s %s', (mime, name) => {
		expect(resolveUploadType(mime, name)).toBeUndefined();
	});
});

describe('size limit', () => {
	it('defaults to the contract limit of 50 MB and accepts a raised one', () => {
		expect(maxUploadBytes(undefined)).toBe(50 * 1024 * 1024);
		expect(maxUploadBytes(0)).toBe(50 * 1024 * 1024);
		expect(maxUploadBytes(Number.NaN)).toBe(50 * 1024 * 1024);
		expect(maxUploadBytes(100)).toBe(100 * 1024 * 1024);
		expect(formatBytes(60 * 1024 * 1024)).toBe('60.0 MB');
		expect(formatBytes(2048)).toBe('2 kB');
		expect(formatBytes(5)).toBe('5 bytes');
	});
});
