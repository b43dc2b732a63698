/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/** Reading a multipart/form-data body: its fields, and its files buffered or streamed to the module, within a size limit. */
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import { BodyTooLargeError, ClientAbortedError } from './body-errors';
import { HttpError } from './responses';
import type { MultipartPartSummary, RequestLogEntry } from './request-log';

export interface MultipartFileInfo {
	/** Form field name, e.g. 'file'. */
	name: string;
	filename: string;
	contentType: string;
}

export interface MultipartFile extends MultipartFileInfo {
	size: number;
	/** The bytes, unless an `onFile` consumer streamed them away. */
	data: Buffer | null;
}

export interface MultipartOptions {
	/** Total file bytes allowed; beyond it the read fails with BodyTooLargeError. */
	limitBytes: number;
	/**
	 * Streams each file to the module instead of buffering it. The stream must be consumed;
	 * the returned promise is awaited before readMultipart resolves.
	 */
	onFile?: (file: MultipartFileInfo, stream: Readable) => Promise<void>;
}

export interface MultipartResult {
	fields: Record<string, string>;
	files: MultipartFile[];
}

function collect(stream: Readable): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		stream.on('data', (chunk: Buffer) => chunks.push(chunk));
		stream.on('end', () => resolve(Buffer.concat(chunks)));
		stream.on('error', reject);
	});
}

/**
 * Reads the body of `req` as multipart/form-data, recording its parts in `entry`; `discard` drops a body that is not
 * multipart at all (no boundary).
 */
export function readMultipart(
	req: IncomingMessage,
	entry: Pick<RequestLogEntry, 'requestBody'>,
	options: MultipartOptions,
	discard: () => void,
): Promise<MultipartResult> {
	let parser: busboy.Busboy;
	try {
		parser = busboy({ headers: req.headers });
	} catch {
		discard();
		return Promise.reject(
			new HttpError(
				400,
				'invalid_multipart',
				'Expected a multipart/form-data body with a boundary.',
			),
		);
	}
	const files: MultipartFile[] = [];
	const fields: Record<string, string> = {};
	const tasks: Promise<void>[] = [];
	let total = 0;
	const logParts = (): void => {
		const parts: MultipartPartSummary[] = files.map(({ name, filename, contentType, size }) => ({
			name,
			filename,
			contentType,
			size,
		}));
		entry.requestBody = { multipart: parts };
	};

	return new Promise((resolve, reject) => {
		let failed = false;
		const fail = (error: unknown): void => {
			if (failed) return;
			failed = true;
			logParts();
			req.unpipe(parser);
			req.resume();
			reject(error);
		};
		parser.on('file', (name, stream, info) => {
			const file: MultipartFile = {
				name,
				filename: info.filename ?? '',
				contentType: info.mimeType,
				size: 0,
				data: null,
			};
			files.push(file);
			const counter = new Transform({
				transform(chunk: Buffer, _encoding, callback) {
					file.size += chunk.length;
					total += chunk.length;
					if (total > options.limitBytes) callback(new BodyTooLargeError(options.limitBytes));
					else callback(null, chunk);
				},
			});
			counter.on('error', (error) => {
				stream.resume();
				fail(error);
			});
			stream.pipe(counter);
			const { name: field, filename, contentType } = file;
			const task = options.onFile
				? options.onFile({ name: field, filename, contentType }, counter)
				: collect(counter).then((data) => {
						file.data = data;
					});
			tasks.push(task.catch(fail));
		});
		parser.on('field', (name, value) => {
			fields[name] = value;
		});
		parser.on('error', (error) =>
			fail(
				new HttpError(
					400,
					'invalid_multipart',
					`Malformed multipart body: ${(error as Error).message}`,
				),
			),
		);
		parser.on('close', () => {
			void Promise.all(tasks).then(() => {
				if (failed) return;
				logParts();
				resolve({ fields, files });
			});
		});
		req.on('aborted', () => fail(new ClientAbortedError()));
		req.pipe(parser);
	});
}
