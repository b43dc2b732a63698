/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * What ingestion will conclude about an upload: its page count, or the short code it fails with
 * (contract, States: "processing -> failed ... processingError carries a short code"; the codes
 * themselves are "not shown", so these are the simulator's). Decided from the bytes when the
 * upload is accepted and applied when ingestion ends, so the ingestion timer holds no bytes.
 *
 * Fixture rules, in this order:
 *   filename contains `fail-ingestion` (any case)            -> text_extraction_failed
 *   PDF whose bytes do not start with `%PDF-`                  -> corrupt_file
 *   DOCX whose bytes do not start with `PK` (not a zip)        -> corrupt_file
 *   Markdown or plain text that is not valid UTF-8             -> unsupported_encoding
 * Page counts: PDF = its page objects (at least 1); Markdown and text = 1; DOCX = its paragraphs
 * (`<w:p>` in word/document.xml) / 40, rounded up, at least 1 (1 when the zip cannot be read).
 */
import { isUtf8 } from 'node:buffer';
import JSZip from 'jszip';
import type { UploadKind } from './media-types';

export const FAIL_INGESTION_MARKER = 'fail-ingestion';
export const PARAGRAPHS_PER_PAGE = 40;

export type IngestionOutcome =
	| { pageCount: number; processingError: null }
	| { pageCount: null; processingError: string };

const PDF_MAGIC = '%PDF-';
const ZIP_MAGIC = 'PK';
const startsWith = (bytes: Buffer, magic: string): boolean =>
	bytes.toString('latin1', 0, magic.length) === magic;

const failed = (processingError: string): IngestionOutcome => ({
	pageCount: null,
	processingError,
});
const ready = (pageCount: number): IngestionOutcome => ({
	pageCount: Math.max(1, pageCount),
	processingError: null,
});

async function docxPageCount(bytes: Buffer): Promise<number> {
	try {
		const zip = await JSZip.loadAsync(bytes);
		const xml = await zip.file('word/document.xml')?.async('string');
		const paragraphs = xml?.match(/<w:p[\s>/]/g)?.length ?? 0;
		return Math.ceil(paragraphs / PARAGRAPHS_PER_PAGE);
	} catch {
		return 1;
	}
}

/** `pdfPages`: the count the upload check already made (a 50 MB PDF is scanned once). */
export async function inspectUpload(
	kind: UploadKind,
	filename: string,
	bytes: Buffer,
	pdfPages: number | null,
): Promise<IngestionOutcome> {
	if (filename.toLowerCase().includes(FAIL_INGESTION_MARKER))
		return failed('text_extraction_failed');
	switch (kind) {
		case 'pdf':
			return startsWith(bytes, PDF_MAGIC) ? ready(pdfPages ?? 1) : failed('corrupt_file');
		case 'docx':
			return startsWith(bytes, ZIP_MAGIC)
				? ready(await docxPageCount(bytes))
				: failed('corrupt_file');
		case 'markdown':
		case 'text':
			return isUtf8(bytes) ? ready(1) : failed('unsupported_encoding');
	}
}
