/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import {
	createServer,
	request as httpRequest,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on an ephemeral 127.0.0.1 port; resolves with the server's origin. */
async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Another origin that must never be contacted: it records every request (method, URL, every header, the
 * body) and answers something harmless. A test passes a link or path on this origin through the service and
 * asserts `hits` stays empty; its log is also scanned for the key.
 */
export class ForeignOrigin {
	readonly hits: string[] = [];
	url = '';
	private server?: Server;

	async start(): Promise<string> {
		this.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				this.hits.push(
					`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${Buffer.concat(chunks).toString('utf8')}`,
				);
				res.writeHead(200, { 'content-type': 'application/pdf' });
				res.end('%PDF-1.4 not the service');
			});
		});
		this.url = await listen(this.server);
		return this.url;
	}

	async stop(): Promise<void> {
		if (this.server) await close(this.server);
	}
}

export interface Rewrite {
	method: string;
	path: RegExp;
	/** Changes the service's JSON answer and headers before the node sees them. */
	rewrite(
		body: unknown,
		headers: Record<string, string | string[] | undefined>,
	): { body?: unknown; headers?: Record<string, string>; status?: number };
}

/**
 * A reverse proxy in front of the simulator that rewrites chosen JSON answers: a service (or something
 * between it and n8n) that hands back links and headers pointing elsewhere. Everything else passes through,
 * streams included. The proxy is the credential's base URL, so the simulator's own paths stay same-origin.
 */
export class RewritingProxy {
	url = '';
	rewrites: Rewrite[] = [];
	private server?: Server;

	constructor(private readonly upstream: () => string) {}

	async start(): Promise<string> {
		this.server = createServer((req, res) => this.forward(req, res));
		this.url = await listen(this.server);
		return this.url;
	}

	async stop(): Promise<void> {
		if (this.server) await close(this.server);
	}

	private forward(req: IncomingMessage, res: ServerResponse): void {
		const target = new URL(req.url ?? '/', this.upstream());
		const rule = this.rewrites.find(
			(candidate) => candidate.method === req.method && candidate.path.test(target.pathname),
		);
		const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
			if (!rule) {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
				return;
			}
			const chunks: Buffer[] = [];
			answer.on('data', (chunk: Buffer) => chunks.push(chunk));
			answer.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				let body: unknown = text;
				try {
					body = JSON.parse(text);
				} catch {
					// not JSON: handed over as text
				}
				const changed = rule.rewrite(body, answer.headers);
				const out =
					changed.body === undefined
						? text
						: typeof changed.body === 'string'
							? changed.body
							: JSON.stringify(changed.body);
				const headers: Record<string, string | string[] | undefined> = {
					...answer.headers,
					...changed.headers,
				};
				delete headers['content-length'];
				delete headers['transfer-encoding'];
				res.writeHead(changed.status ?? answer.statusCode ?? 502, {
					...headers,
					'content-length': String(Buffer.byteLength(out)),
				});
				res.end(out);
			});
		});
		upstream.on('error', () => res.destroy());
		req.pipe(upstream);
	}
}
