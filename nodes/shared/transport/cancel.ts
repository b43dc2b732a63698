import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { networkFailureOf } from './networkFailure';
import type { TransportContext } from './types';

/** The execution's cancel signal, where the context has one (executions do; dropdowns and polls do not). */
export function cancelSignalOf(context: TransportContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context &&
		typeof context.getExecutionCancelSignal === 'function'
		? context.getExecutionCancelSignal()
		: undefined;
}

/** Whether a failed attempt failed because the execution was cancelled (then nothing is retried). */
export function isCancellation(error: unknown, signal: AbortSignal | undefined): boolean {
	if (signal?.aborted) return true;
	const failure = networkFailureOf(error);
	return failure.code === 'ERR_CANCELED' || /CanceledError|canceled/i.test(failure.message);
}

/**
 * How the error of every cancelled wait begins: a request's ("… for the service"), a run's ("… for run run_1"), an
 * upload's. The batch recognises each as its stop, not a cause, by this start.
 */
export const CANCELLED_WAIT_MESSAGE = 'The execution was canceled while waiting for';

export function cancellationError(node: INode, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(node, `${CANCELLED_WAIT_MESSAGE} the service`, { itemIndex });
}
