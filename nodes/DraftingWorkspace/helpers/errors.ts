import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/** An error as n8n shows it: node errors pass through (with their item index set), others are wrapped. */
export function ensureNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		// Re-wrapping a NodeApiError returns the same instance, so the index is set on its context directly.
		if (itemIndex !== undefined) error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
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
