import { FIXTURE_KEYS } from '../index';
import { uploadJson, uploadMultipart, type UploadFile } from '../uploads/testing';
import { useTestServer } from './helpers';

/**
 * What the tests of upload refusals share: a simulator with small limits (upload size, PDF pages), both body
 * encodings, an upload, a raw POST and the refusal as the client reads it.
 */

export const KEY = FIXTURE_KEYS.full;
export const LIMIT = 4096;
export const PAGE_LIMIT = 3;
export type Encoding = 'multipart' | 'json';
export const ENCODINGS: Encoding[] = ['multipart', 'json'];

export interface Refusal {
	status: number;
	body: { error: string; message: string; [extra: string]: unknown };
}

/** The describe block's simulator (reset before each test) and the requests the refusal tests send it. */
export function useRefusalServer() {
	const t = useTestServer({ uploadMaxBytes: LIMIT, pdfPageLimit: PAGE_LIMIT, ingestionMs: 10 });

	const upload = (encoding: Encoding, file: UploadFile, key = KEY): Promise<Response> =>
		encoding === 'multipart' ? uploadMultipart(t.url, key, file) : uploadJson(t.url, key, file);
	const refusal = async (res: Response | Promise<Response>): Promise<Refusal> => {
		const answer = await res;
		return { status: answer.status, body: (await answer.json()) as Refusal['body'] };
	};
	const post = (body: string | FormData, contentType?: string): Promise<Response> =>
		fetch(`${t.url}/workflow-inputs/documents`, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${KEY}`,
				...(contentType ? { 'content-type': contentType } : {}),
			},
			body,
		});
	const text = (bytes: number): UploadFile => ({
		filename: 'notes.txt',
		contentType: 'text/plain',
		bytes: Buffer.alloc(bytes, 0x61),
	});
	return { t, upload, refusal, post, text };
}
