import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { withFailure } from '../transport';

/**
 * An error as n8n shows it: node errors pass through (with their item index set), others are wrapped. A
 * TypeError, ReferenceError or RangeError is a bug in code, never the key's or the workflow's fault: `node-defect`.
 */
export function ensureNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		// Re-wrapping a NodeApiError returns the same instance, so the index is set on its context directly.
		if (itemIndex !== undefined) error.context.itemIndex ??= itemIndex;
		return error;
	}
	const wrapped = new NodeOperationError(node, error instanceof Error ? error : String(error), {
		itemIndex,
	});
	const defect =
		error instanceof TypeError || error instanceof ReferenceError || error instanceof RangeError;
	return withFailure(wrapped, defect ? { cause: 'node-defect' } : undefined);
}

/** What a step had already created in the service when a later part of the same step failed. */
export interface CreatedResource {
	/** The ids (and links) of what exists now: kept in the error's own fields, `context.created`. */
	ids: IDataObject;
	/** Put before the message unless it already names the resource: "Run run_1 was started, but following it failed". */
	summary: string;
	/** First line of the description: what to do instead of running the item again, which would create it twice. */
	next: string;
	/** Texts that show a message already names the resource (default: the string values of `ids`). */
	mentions?: string[];
}

/**
 * The one way a failure after a successful POST is reported: the created resource's ids go into the error's
 * own fields (`context.created`, which n8n keeps in the execution's error and the router copies into Continue
 * On Fail items), never only into prose, and the message says plainly what exists, so nobody runs the item
 * again and creates it twice. A cancelled execution keeps its own plain message; the ids are still recorded.
 */
export function withCreated(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
	created: CreatedResource,
): NodeApiError | NodeOperationError {
	const nodeError = ensureNodeError(this.getNode(), error, itemIndex);
	nodeError.context.created = created.ids;
	if (this.getExecutionCancelSignal?.()?.aborted) return nodeError;
	const mentions =
		created.mentions ??
		Object.values(created.ids).filter(
			(value): value is string => typeof value === 'string' && value !== '',
		);
	if (!mentions.some((mention) => nodeError.message.includes(mention)))
		nodeError.message = `${created.summary}: ${nodeError.message}`;
	nodeError.description = `${created.next}\n${nodeError.description ?? ''}`;
	return nodeError;
}

/** The ids a failed step had created (see `withCreated`), for Continue On Fail items. */
export function createdOf(error: unknown): IDataObject | undefined {
	const context = (error as { context?: IDataObject } | undefined)?.context;
	const created = context?.created;
	return created && typeof created === 'object' && !Array.isArray(created)
		? (created as IDataObject)
		: undefined;
}

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Awaits a promise into a result, for callers that handle some failures and pass the others on. */
export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
	try {
		return { ok: true, value: await promise };
	} catch (error) {
		return { ok: false, error };
	}
}
