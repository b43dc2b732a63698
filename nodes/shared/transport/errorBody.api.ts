import { isByteStream } from './types';

/** Error bodies are small JSON documents; more than this is not read (a proxy's page, say). */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The body of an error answer as text (a streamed answer is read up to the cap, then closed). */
export async function readErrorBody(body: unknown): Promise<unknown> {
	if (!isByteStream(body)) return Buffer.isBuffer(body) ? body.toString('utf8') : body;
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of body) {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			chunks.push(buffer);
			size += buffer.length;
			if (size >= MAX_ERROR_BODY_BYTES) break;
		}
	} catch {
		// A body that breaks off is still classified by its status code.
	} finally {
		body.destroy();
	}
	return Buffer.concat(chunks).toString('utf8');
}
