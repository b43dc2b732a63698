/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The HTTP server: node:http on 127.0.0.1, every socket tracked so `close()` can end keep-alive
 * connections and open SSE streams at once (jest must be able to exit), and the dispatch of each
 * request to the OpenAPI document, the admin API or the API pipeline.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ADMIN_PREFIX, handleAdminRequest } from './admin-http';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi';
import { runPipeline } from './pipeline';
import { queryToObject } from './request-log';
import { REQUEST_ID_HEADER, sendError, sendJson } from './responses';
import type { Simulator } from './simulator';

export class SimulatorServer {
	private readonly server: Server;
	private readonly sockets = new Set<Socket>();

	constructor(private readonly sim: Simulator) {
		this.server = createServer((req, res) => {
			dispatch(this.sim, req, res).catch((error: unknown) => {
				console.error('[simulator] request failed:', error);
				if (!res.headersSent) sendError(res, 500, 'internal_error', 'The simulator failed.');
				else res.destroy();
			});
		});
		// Uploads of 50 MB and long SSE streams must not be cut by Node's request timeouts.
		this.server.requestTimeout = 0;
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
	}

	listen(port: number, host: string): Promise<AddressInfo> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, host, () => {
				this.server.off('error', reject);
				resolve(this.server.address() as AddressInfo);
			});
		});
	}

	close(): Promise<void> {
		return new Promise((resolve) => {
			this.server.close(() => resolve());
			for (const socket of this.sockets) socket.destroy();
			this.sockets.clear();
		});
	}
}

async function dispatch(sim: Simulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
	const startedAt = performance.now();
	const url = new URL(req.url ?? '/', 'http://simulator.invalid');
	const requestId = `req_${randomBytes(8).toString('hex')}`;
	res.setHeader(REQUEST_ID_HEADER, requestId);

	if (url.pathname === ADMIN_PREFIX || url.pathname.startsWith(`${ADMIN_PREFIX}/`)) {
		return handleAdminRequest(sim, req, res, url);
	}

	const entry = sim.requestLog.append(
		{
			at: sim.clock.nowIso(),
			requestId,
			method: req.method ?? 'GET',
			path: url.pathname,
			query: queryToObject(url.searchParams),
		},
		res,
	);
	// The answer ends when its last byte went to the socket ('finish'). 'close' can run later than the client read
	// the answer and sent its next request, on a loaded machine; a reset answer has no 'finish', only its 'close'.
	let finishedAt: number | undefined;
	res.on('finish', () => {
		finishedAt = performance.now();
	});
	res.on('close', () =>
		sim.requestLog.complete(
			entry,
			res.headersSent ? res.statusCode : 0,
			(finishedAt ?? performance.now()) - startedAt,
		),
	);

	// The latency profile's network round trip: every API answer, refusals included, arrives that much later.
	// Tested before waiting so the zero profile stays exactly as it was (no extra tick).
	if (sim.latency.profile.roundTripMs > 0) {
		await sim.latency.spend('roundTripMs');
		if (req.socket.destroyed) return;
	}

	// Versioning 2: the machine-readable contract, public (no key, no pipeline).
	if (url.pathname === OPENAPI_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
		sendJson(res, 200, buildOpenApiDocument(sim.url));
		return;
	}
	await runPipeline(sim, { req, res, url, requestId, entry });
}
