/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A service on 127.0.0.1 that answers each scripted request (method and path) with its JSON, or with its stream
 * written piece by piece: the property tests drive the node over a real socket with bytes cut where they choose.
 */

export interface Scripted {
	/** Pieces written one by one, a macrotask apart, as the body of a text/event-stream answer. */
	stream?: Buffer[];
	json?: unknown;
}

export interface ScriptedService {
	url: string;
	close: () => Promise<void>;
}

/** Starts the service; `script` is read at each request, so a test changes the answers between runs. */
export async function startScriptedService(
	script: Record<string, Scripted>,
): Promise<ScriptedService> {
	const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		req.resume();
		req.on('end', () => {
			void (async () => {
				const answer = script[`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`];
				if (!answer) {
					res.writeHead(404, { 'content-type': 'application/json' });
					res.end(JSON.stringify({ error: 'not_found', message: 'Not scripted.' }));
					return;
				}
				if (answer.json !== undefined) {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end(JSON.stringify(answer.json));
					return;
				}
				res.writeHead(200, {
					'content-type': 'text/event-stream; charset=utf-8',
					'cache-control': 'no-cache',
				});
				res.flushHeaders();
				for (const piece of answer.stream ?? []) {
					res.write(piece);
					await new Promise((resolve) => setTimeout(resolve, 0));
				}
				res.end();
			})();
		});
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
	return {
		url,
		close: async () => {
			http.closeAllConnections();
			await new Promise<void>((resolve) => http.close(() => resolve()));
		},
	};
}
