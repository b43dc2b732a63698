import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listModels, openChatCompletion } from '../client';
import { ensureNodeError, settle } from '../common/errors';
import { cancelSignalOf, serviceCodeOf, type TransportContext } from '../transport';
import type { ByteStream } from '../transport/types';
import { isCutShort, type AggregatedCompletion } from './completion';
import { ProgressRelay } from './relay.api';
import { readCompletionStream } from './stream.api';

/** A completion that takes longer than this is abandoned (the socket idle timeout also applies between chunks). */
export const MAX_ANSWER_MS = 10 * 60_000;

/** model_not_allowed: the service does not list the allowed models, so the node reads them to say which. */
async function explainModelRefusal(
	this: TransportContext,
	error: unknown,
	itemIndex: number | undefined,
): Promise<Error> {
	const nodeError = ensureNodeError(this.getNode(), error, itemIndex);
	if (serviceCodeOf(nodeError) !== 'model_not_allowed') return nodeError;
	const listed = await settle(listModels.call(this, { itemIndex }));
	if (listed.ok) {
		const ids = listed.value
			.map((model) => model.id)
			.filter((id): id is string => typeof id === 'string' && id !== '');
		if (ids.length) nodeError.message = `${nodeError.message}; allowed: ${ids.join(', ')}`;
	}
	return nodeError;
}

/**
 * POST /v1/chat/completions with a streamed body (see completionBody) and returns the open event stream. Refusals
 * come back as the transport's plain errors (quota_exceeded with its reset time; rate_limited is waited out
 * first); model_not_allowed names the allowed models.
 */
export async function openCompletionStream(
	this: TransportContext,
	body: IDataObject,
	itemIndex?: number,
): Promise<ByteStream> {
	const sent = await settle(
		openChatCompletion.call(this, body, {
			itemIndex,
			ifUnsure:
				'Running the item again asks again; the first answer may already count against the quota.',
		}),
	);
	if (!sent.ok) throw await explainModelRefusal.call(this, sent.error, itemIndex);
	return sent.value;
}

/** The error for a stream that was cut before its end (its answer may be partial). */
export function cutShortError(
	this: TransportContext,
	aggregated: AggregatedCompletion,
	itemIndex?: number,
): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		'The answer stream ended before the answer was complete',
		{
			description: `Received ${aggregated.chunks} chunks and no end marker. The connection may have been cut; run the node again.`,
			itemIndex,
		},
	);
}

/**
 * The action node's completion: the deltas are relayed to a streaming execution as they come, and the answer is
 * added up. A stream cut before its end is an error.
 */
export async function streamCompletion(
	this: IExecuteFunctions,
	body: IDataObject,
	itemIndex: number,
): Promise<AggregatedCompletion> {
	const stream = await openCompletionStream.call(this, body, itemIndex);
	const relay = new ProgressRelay(this, itemIndex);
	const aggregated = await readCompletionStream(
		stream,
		cancelSignalOf(this),
		async (delta) => await relay.send(delta),
		MAX_ANSWER_MS,
	);
	await relay.end();
	if (isCutShort(aggregated)) throw cutShortError.call(this, aggregated, itemIndex);
	return aggregated;
}
