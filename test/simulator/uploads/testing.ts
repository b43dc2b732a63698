/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Helpers for tests that upload as a client would: multipart (FormData, as fetch sends it) and
 * JSON base64, polling the status, and real sample files (a pdf-lib PDF of N pages, a `docx` DOCX
 * of N paragraphs). Used by the simulator's contract tests; the node's integration tests may use
 * them too.
 */
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument } from 'pdf-lib';

export interface UploadFile {
	filename: string;
	/** '' sends no declared type (a Blob without type: fetch sends application/octet-stream). */
	contentType: string;
	bytes: Uint8Array;
}

/** Upload status / response body. */
export type UploadBody = Record<string, unknown> & { documentId: string; status: string };

export function uploadMultipart(
	baseUrl: string,
	key: string,
	file: UploadFile,
	field = 'file',
): Promise<Response> {
	const form = new FormData();
	form.append(
		field,
		new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }),
		file.filename,
	);
	return fetch(`${baseUrl}/workflow-inputs/documents`, {
		method: 'POST',
		headers: { authorization: `Bearer ${key}` },
		body: form,
	});
}

/** `data` defaults to the bytes in standard base64; pass a string to send anything else. */
export function uploadJson(
	baseUrl: string,
	key: string,
	file: UploadFile | Record<string, unknown>,
	data?: string,
): Promise<Response> {
	const body =
		'bytes' in file && file.bytes instanceof Uint8Array
			? {
					filename: file.filename,
					contentType: file.contentType,
					data: data ?? Buffer.from(file.bytes).toString('base64'),
				}
			: file;
	return fetch(`${baseUrl}/workflow-inputs/documents`, {
		method: 'POST',
		headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}

export async function getUploadStatus(
	baseUrl: string,
	key: string,
	documentId: string,
): Promise<Response> {
	return fetch(`${baseUrl}/workflow-inputs/documents/${encodeURIComponent(documentId)}`, {
		headers: { authorization: `Bearer ${key}` },
	});
}

/** Polls the status endpoint until the upload leaves `processing` (or `until` holds); rejects after timeoutMs. */
export async function waitForUpload(
	baseUrl: string,
	key: string,
	documentId: string,
	until: (body: UploadBody) => boolean = (body) => body.status !== 'processing',
	timeoutMs = 5000,
): Promise<UploadBody> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const res = await getUploadStatus(baseUrl, key, documentId);
		const body = (await res.json()) as UploadBody;
		if (res.status === 200 && until(body)) return body;
		if (Date.now() > deadline)
			throw new Error(
				`Upload ${documentId} did not reach the expected state: ${res.status} ${JSON.stringify(body)}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/** A real PDF of `pages` blank A4 pages, as pdf-lib saves it by default (objects in compressed object streams). */
export async function samplePdf(
	pages: number,
	options: { useObjectStreams?: boolean } = {},
): Promise<Buffer> {
	const pdf = await PDFDocument.create();
	for (let i = 0; i < pages; i++) pdf.addPage([595.28, 841.89]);
	return Buffer.from(await pdf.save(options));
}

/** A real DOCX with `paragraphs` paragraphs (ingestion counts 40 per page). */
export async function sampleDocx(paragraphs: number): Promise<Buffer> {
	const children = Array.from({ length: paragraphs }, (_, i) => new Paragraph(`Clause ${i + 1}.`));
	return Packer.toBuffer(new Document({ sections: [{ children }] }));
}
