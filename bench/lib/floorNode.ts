/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The floor of scenarios 4 and 5: a bench-only node that does nothing but what every node must, through n8n's
 * own helpers, with the package's credential. `json`: per item, one parameter read (the path, an expression in
 * the bench) and one `httpRequestWithAuthentication` GET with the options this package's transport uses,
 * `concurrency` items at a time. `file`: one GET whose body, a stream, goes to `prepareBinaryData`. `upload`: the item's
 * binary file streamed from n8n's store (`getBinaryStream`) to n8n's request helper as a one-file multipart body
 * with its Content-Length, redirects off (the body n8n-api-facts.md §1 finds cheapest); `nodeUpload`: the same
 * file, read with Node's own `fs.createReadStream` and piped into Node's `http.request` (no n8n at all). `post`: per
 * item, one parameter read (`body`, an object whose strings are the expressions a measured node reads) and one
 * POST of it through n8n's helper; with `stream`, the answer is read to its end as a stream (an event stream, as the
 * package's chat asks), otherwise parsed as JSON (scenario 10). What a side
 * costs above this floor is its own; the floor itself is n8n's (and Node's).
 */
import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, registerNodeTypes } from '../../test/harness';
import { CREDENTIALS, type BenchNode } from './workflow';

const FLOOR_TYPE = 'test.requestFloor';

class RequestFloorNode implements INodeType {
	description = {
		displayName: 'Request Floor',
		name: 'requestFloor',
		group: ['input'],
		version: 1,
		description: "n8n's request helper alone (bench floor)",
		defaults: { name: 'Request Floor' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				options: [
					{ name: 'JSON', value: 'json' },
					{ name: 'File', value: 'file' },
					{ name: 'Upload', value: 'upload' },
					{ name: 'Node Upload', value: 'nodeUpload' },
					{ name: 'POST', value: 'post' },
				],
				default: 'json',
			},
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
			{ displayName: 'Body', name: 'body', type: 'json', default: '{}' },
			{ displayName: 'Stream', name: 'stream', type: 'boolean', default: false },
			{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 8 },
		],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		/** One request with the options this package's transport uses; `body` makes it a POST. */
		const send = async (
			itemIndex: number,
			stream: boolean,
			body?: IDataObject,
		): Promise<IN8nHttpFullResponse> =>
			(await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
				method: body ? 'POST' : 'GET',
				url: this.getNodeParameter('url', itemIndex) as string,
				...(body ? { body } : {}),
				json: !stream,
				encoding: stream ? 'stream' : undefined,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				timeout: 60_000,
			})) as IN8nHttpFullResponse;
		const mode = this.getNodeParameter('mode', 0) as string;
		if (mode === 'upload' || mode === 'nodeUpload') {
			const url = this.getNodeParameter('url', 0) as string;
			const statusCode = await (mode === 'upload' ? helperUpload : nodeUpload).call(this, url);
			return [
				[
					{
						json: { uploaded: statusCode >= 200 && statusCode < 300, statusCode },
						pairedItem: { item: 0 },
					},
				],
			];
		}
		if (mode === 'file') {
			const response = await send(0, true);
			const binary = await this.helpers.prepareBinaryData(
				response.body as Buffer,
				'floor.pdf',
				'application/pdf',
			);
			return [
				[
					{
						json: { statusCode: response.statusCode },
						binary: { data: binary },
						pairedItem: { item: 0 },
					},
				],
			];
		}
		const stream = mode === 'post' && (this.getNodeParameter('stream', 0) as boolean);
		const post = async (itemIndex: number): Promise<IN8nHttpFullResponse> => {
			const body = this.getNodeParameter('body', itemIndex) as IDataObject;
			const response = await send(itemIndex, stream, body);
			if (!stream) return response;
			let bytes = 0;
			for await (const chunk of response.body as AsyncIterable<Buffer>) bytes += chunk.length;
			return { ...response, body: { bytes } };
		};
		const output: INodeExecutionData[] = new Array(items.length);
		let next = 0;
		const worker = async (): Promise<void> => {
			while (next < items.length) {
				const itemIndex = next++;
				const response = await (mode === 'post' ? post(itemIndex) : send(itemIndex, false));
				// A failed request is counted by the scenario as a failed item, as for the measured sides.
				const json =
					response.statusCode >= 200 && response.statusCode < 300
						? (response.body as IDataObject)
						: { error: `HTTP ${response.statusCode}` };
				output[itemIndex] = { json, pairedItem: { item: itemIndex } };
			}
		};
		const concurrency = Math.max(
			1,
			Math.min(items.length, this.getNodeParameter('concurrency', 0) as number),
		);
		await Promise.all(Array.from({ length: concurrency }, async () => await worker()));
		return [output];
	}
}

const BOUNDARY = '--------------------------0123456789abcdef01234567';
function framing(bytes: number): { head: Buffer; tail: Buffer; length: number } {
	const head = Buffer.from(
		`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="large-input.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
	);
	const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
	return { head, tail, length: head.length + bytes + tail.length };
}
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** The item's stored file, streamed from n8n's binary store to n8n's request helper. */
async function helperUpload(this: IExecuteFunctions, url: string): Promise<number> {
	const binary = this.helpers.assertBinaryData(0, 'data');
	const { head, tail, length } = framing(Number(binary.bytes));
	const source = await this.helpers.getBinaryStream(binary.id ?? '');
	async function* frames(): AsyncGenerator<Buffer> {
		yield head;
		for await (const chunk of source) yield chunk as Buffer;
		yield tail;
	}
	const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
		method: 'POST',
		url,
		body: Readable.from(frames(), { objectMode: false }) as unknown as Buffer,
		headers: { 'content-type': CONTENT_TYPE, 'content-length': String(length) },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout: 60_000,
	})) as IN8nHttpFullResponse;
	return response.statusCode;
}

/** The same file read by Node's fs and piped into Node's http.request: no n8n between the file and the socket. */
async function nodeUpload(this: IExecuteFunctions, url: string): Promise<number> {
	const binary = this.helpers.assertBinaryData(0, 'data');
	const { head, tail, length } = framing(Number(binary.bytes));
	const path = Container.get(BinaryDataService).getPath(binary.id ?? '');
	const credentials = await this.getCredentials<{ apiKey: string }>(CREDENTIAL_TYPE);
	return await new Promise<number>((resolve, reject) => {
		const req = request(
			url,
			{
				method: 'POST',
				headers: {
					authorization: `Bearer ${credentials.apiKey}`,
					'content-type': CONTENT_TYPE,
					'content-length': length,
				},
			},
			(response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
			},
		);
		req.on('error', reject);
		req.write(head);
		const file = createReadStream(path);
		file.on('error', reject);
		file.on('end', () => req.end(tail));
		file.pipe(req, { end: false });
	});
}

let registered = false;

/** The floor node, registered on first use. */
export function requestFloor(
	name: string,
	parameters: {
		mode: 'json' | 'file' | 'upload' | 'nodeUpload' | 'post';
		url: string;
		concurrency?: number;
		body?: IDataObject;
		stream?: boolean;
	},
): BenchNode {
	if (!registered)
		registerNodeTypes({ [FLOOR_TYPE]: { type: new RequestFloorNode(), sourcePath: '' } });
	registered = true;
	return {
		name,
		type: FLOOR_TYPE,
		parameters: parameters as BenchNode['parameters'],
		credentials: CREDENTIALS,
	};
}
