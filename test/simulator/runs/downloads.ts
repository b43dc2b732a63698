/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Run downloads (contract, Download parameters; Endpoints):
 *   GET /workflows/runs/{runId}/files/{stepId}/download?encoding=binary|base64
 *   GET /workflows/runs/{runId}/input-documents/{documentVersionId}/download
 */
import type { ServerResponse } from 'node:http';
import { findInputDocumentVersion, findKnowledgeBaseVersion } from '../input-documents';
import { HttpError, sendJson } from '../responses';
import type { RouteContext } from '../route-context';
import { ensureRenderedFiles } from './seed';
import { runsOf } from './store';
import { requireVisibleRun } from './visibility';

/**
 * RFC 6266: an ASCII fallback in `filename`, the exact name (RFC 5987) in `filename*`. A lone surrogate (a name set
 * by `setFileName`) cannot be UTF-8: it is sent as U+FFFD, as a real service's encoder would.
 */
export function contentDisposition(filename: string): string {
	const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
	const encoded = encodeURIComponent(
		filename.replace(
			/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
			'\ufffd',
		),
	).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
	return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function sendBytes(
	res: ServerResponse,
	bytes: Buffer,
	contentType: string,
	filename: string,
): void {
	res.writeHead(200, {
		'content-type': contentType,
		'content-length': bytes.length,
		'content-disposition': contentDisposition(filename),
	});
	res.end(bytes);
}

/** "Any other value is 400 invalid_encoding" - checked before anything else (run files and produced documents alike). */
export function encodingOf(ctx: RouteContext): 'binary' | 'base64' {
	const encoding = ctx.query.get('encoding');
	if (encoding === null || encoding === 'binary') return 'binary';
	if (encoding === 'base64') return 'base64';
	throw new HttpError(
		400,
		'invalid_encoding',
		`encoding must be binary or base64, not ${JSON.stringify(encoding)}.`,
	);
}

export async function downloadRunFile(ctx: RouteContext): Promise<void> {
	const encoding = encodingOf(ctx);
	const { runId, stepId } = ctx.params;
	const run = requireVisibleRun(runsOf(ctx.sim, ctx.state), ctx.auth, runId);
	const step = run.steps.find((candidate) => candidate.stepId === stepId);
	if (!step) throw new HttpError(404, 'not_found', `Run ${runId} has no step ${stepId}.`);
	// Only a successful render step has a file: not rendered yet, failed or cancelled is 404.
	if (!step.artifact || step.status !== 'completed') {
		throw new HttpError(404, 'not_found', `Step ${stepId} of run ${runId} has no rendered file.`);
	}
	// The latency profile's time to fetch the file, spent once the download is known to succeed.
	await ctx.sim.latency.spend('runFileMs');
	await ensureRenderedFiles(run);
	const file = step.artifact;
	const bytes = file.bytes as Buffer;
	if (encoding === 'binary') return sendBytes(ctx.res, bytes, file.contentType, file.filename);
	sendJson(ctx.res, 200, {
		filename: file.filename,
		contentType: file.contentType,
		format: file.format,
		sizeBytes: bytes.length,
		data: bytes.toString('base64'),
	});
}

export function downloadRunInputDocument(ctx: RouteContext): void {
	const { runId, documentVersionId } = ctx.params;
	const run = requireVisibleRun(runsOf(ctx.sim, ctx.state), ctx.auth, runId);
	const notListed = (): HttpError =>
		new HttpError(
			404,
			'not_found',
			`Document version ${documentVersionId} is not on the input or knowledge-base lists of run ${runId}.`,
		);
	const workspaceId = run.workspaceId;
	// "404 unless the version is on the run's own input or knowledge-base coverage lists".
	if (run.inputDocuments.some((ref) => ref.documentVersionId === documentVersionId)) {
		const record = findInputDocumentVersion(ctx.state, workspaceId, documentVersionId);
		if (!record) throw notListed();
		return sendBytes(ctx.res, record.bytes, record.contentType, record.filename);
	}
	if (run.knowledgeBaseCoverage.some((ref) => ref.documentVersionId === documentVersionId)) {
		const document = findKnowledgeBaseVersion(ctx.state, workspaceId, documentVersionId);
		if (!document) throw notListed();
		return sendBytes(ctx.res, document.bytes, document.contentType, document.filename);
	}
	throw notListed();
}
