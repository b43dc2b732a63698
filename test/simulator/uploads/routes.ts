/**
 * The upload routes (contract, Endpoints; Workflow input upload; Uploaded workflow input document).
 * Auth, tenant lock, rate limit, scope `workflow-inputs:write` and the `workflows` feature switch
 * come earlier, from the pipeline.
 *
 * POST /workflow-inputs/documents, checks in this order (each a 400 shape-2 refusal):
 *   1. type  (unsupported_media_type)   3. pages, PDF only (too_many_pages)
 *   2. size  (size_exceeded; an empty file is invalid_request)   4. storage (storage_limit_reached)
 * then 202 with the upload response and a Location header; ingestion continues in the background.
 */
import {
	addInputDocument,
	findInputDocument,
	toInputDocumentStatusView,
	type InputDocumentRecord,
} from '../input-documents';
import { sendJson } from '../responses';
import type { RouteContext } from '../route-context';
import type { Simulator } from '../simulator';
import { startIngestion } from './ingestion';
import { inspectUpload } from './inspect';
import { countPdfPages } from './pdf-pages';
import { emptyFile, notFound, storageLimitReached, tooManyPages } from './refusals';
import { readUpload } from './request';
import { uploadsOf } from './store';

const UPLOAD_STATUS_PATH = '/workflow-inputs/documents';

export function registerUploadHandlers(sim: Simulator): void {
	sim.routeOperation('uploadInputDocument', uploadInputDocument);
	sim.routeOperation('getInputDocument', getInputDocument);
}

/** Upload response (202): the status fields at upload time (pageCount null, status processing). */
function toUploadResponse(record: InputDocumentRecord): Record<string, unknown> {
	return {
		documentId: record.documentId,
		documentVersionId: record.documentVersionId,
		filename: record.filename,
		sizeBytes: record.sizeBytes,
		contentType: record.contentType,
		pageCount: null,
		status: 'processing',
	};
}

/** The status endpoint on the origin the client called (its Host header), as an absolute URL. */
function locationOf(ctx: RouteContext, documentId: string): string {
	const host = ctx.req.headers.host;
	const origin = host ? `http://${host}` : ctx.sim.url;
	return `${origin}${UPLOAD_STATUS_PATH}/${encodeURIComponent(documentId)}`;
}

async function uploadInputDocument(ctx: RouteContext): Promise<void> {
	const { uploadMaxBytes, pdfPageLimit } = ctx.sim.options;
	// 1 and 2: type and size, checked while the body is read.
	const file = await readUpload(ctx, uploadMaxBytes);
	if (file.bytes.length === 0) throw emptyFile();
	// 3: pages.
	const pdfPages = file.kind === 'pdf' ? countPdfPages(file.bytes) : null;
	if (pdfPages !== null && pdfPages > pdfPageLimit) throw tooManyPages(pdfPages, pdfPageLimit);
	// The latency profile's POST time, before the last await below so the storage check stays atomic.
	await ctx.sim.latency.spend('uploadMs');
	// Ingestion's verdict, decided now (the only await left), so checking storage and adding the
	// record below happen in one synchronous step: two concurrent uploads cannot both squeeze in.
	const outcome = await inspectUpload(file.kind, file.filename, file.bytes, pdfPages);
	// 4: storage.
	const workspaceId = ctx.auth.workspace.id;
	const store = uploadsOf(ctx.sim, ctx.state);
	const usage = store.usage(workspaceId);
	const { limitBytes } = store.storageOf(workspaceId);
	if (usage + file.bytes.length > limitBytes)
		throw storageLimitReached(usage, limitBytes, file.bytes.length);

	const record = addInputDocument(ctx.state, {
		workspaceId,
		keyId: ctx.auth.key.keyId,
		filename: file.filename,
		contentType: file.contentType,
		bytes: file.bytes,
		createdAt: ctx.sim.clock.nowIso(),
	});
	startIngestion(store, record.documentId, outcome);
	ctx.state.counters.increment('uploadsAccepted', ctx.auth.key.keyId);
	ctx.log.note = {
		documentId: record.documentId,
		contentType: record.contentType,
		sizeBytes: record.sizeBytes,
	};
	sendJson(ctx.res, 202, toUploadResponse(record), {
		location: locationOf(ctx, record.documentId),
	});
}

/** What the service does 7: only the uploading key reads the status; anyone else gets the unknown-id 404. */
function getInputDocument(ctx: RouteContext): void {
	const { documentId } = ctx.params;
	const record = findInputDocument(ctx.state, ctx.auth.workspace.id, documentId);
	if (!record || record.keyId !== ctx.auth.key.keyId) throw notFound(documentId);
	sendJson(ctx.res, 200, toInputDocumentStatusView(record));
}
