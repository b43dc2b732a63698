import type { IDataObject } from 'n8n-workflow';

import { apiList, apiRequestFull, type TransportContext } from '../transport';
import type { ByteStream } from '../transport/types';
import type { CallOptions, ChangeOptions, ChatModelEntry } from './types';

/** GET /v1/models: the chat models the workspace allows for API access (only one when it fixes one). */
export async function listModels(
	this: TransportContext,
	call: CallOptions = {},
): Promise<ChatModelEntry[]> {
	return await apiList.call(
		this,
		{ method: 'GET', path: '/v1/models', ...call },
		{ what: 'a list of models', key: 'data' },
	);
}

/** POST /v1/chat/completions with a streamed body: the open `text/event-stream` of `chat.completion.chunk` events. */
export async function openChatCompletion(
	this: TransportContext,
	body: IDataObject,
	call: ChangeOptions = {},
): Promise<ByteStream> {
	const sent = await apiRequestFull.call(this, {
		method: 'POST',
		path: '/v1/chat/completions',
		body,
		headers: { Accept: 'text/event-stream' },
		response: 'stream',
		timeoutMs: 120_000,
		...call,
	});
	return sent.body as ByteStream;
}
