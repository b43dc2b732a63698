/**
 * GET /documents/{documentId}/content/{format}?encoding= (downloadDocumentContent, documents:read):
 * the link a production answer hands back (contract, Endpoints; Download parameters).
 *   1. `encoding` first: binary (default) | base64, anything else 400 invalid_encoding;
 *   2. the document must be the key's user's and produced through the API (404 otherwise);
 *   3. `format` docx | pdf | markdown (404 otherwise);
 *   4. a document whose template or document type requires review: 403 review_required until
 *      a person attested it in the app (admin hook `attest`).
 */
import { HttpError, sendJson } from '../responses';
import type { RouteContext } from '../route-context';
import { contentDisposition, encodingOf } from '../runs/downloads';
import { ensureFiles } from './documents';
import { templatesOf } from './store';
import { DOCUMENT_FORMATS, type DocumentFormat } from './types';
import { requireReadableDocument } from './visibility';

const isFormat = (value: string): value is DocumentFormat =>
	(DOCUMENT_FORMATS as readonly string[]).includes(value);

export async function downloadDocumentContent(ctx: RouteContext): Promise<void> {
	const encoding = encodingOf(ctx);
	const { documentId, format } = ctx.params;
	const document = requireReadableDocument(templatesOf(ctx.state), ctx.auth, documentId);
	if (!isFormat(format)) {
		throw new HttpError(
			404,
			'not_found',
			`Document ${documentId} has no content in ${JSON.stringify(format)}: use docx, pdf or markdown.`,
		);
	}
	if (document.requiresReview && document.attestedAt === null) {
		throw new HttpError(
			403,
			'review_required',
			`Document ${documentId} must be reviewed by a person in the workspace before its content can be downloaded.`,
		);
	}
	// The latency profile's time to fetch the content, spent once the download is known to succeed.
	await ctx.sim.latency.spend('documentContentMs');
	const file = (await ensureFiles(document))[format];
	if (encoding === 'binary') {
		ctx.res.writeHead(200, {
			'content-type': file.contentType,
			'content-length': file.bytes.length,
			'content-disposition': contentDisposition(file.filename),
		});
		ctx.res.end(file.bytes);
		return;
	}
	sendJson(ctx.res, 200, {
		filename: file.filename,
		contentType: file.contentType,
		format: file.format,
		sizeBytes: file.bytes.length,
		data: file.bytes.toString('base64'),
	});
}
