import type { IDataObject } from 'n8n-workflow';

import { apiObject, type TransportContext } from '../transport';
import type { RetryPolicy } from '../transport/retry';

/** `/workflows/runs/{runId}`: the base of every run endpoint. */
export function runPath(runId: string): string {
	return `/workflows/runs/${encodeURIComponent(runId)}`;
}

/** GET /workflows/runs/{runId}: the run record as the service returns it. */
export async function readRunRecord(
	this: TransportContext,
	runId: string,
	options: { itemIndex?: number; retry?: Partial<RetryPolicy> } = {},
): Promise<IDataObject> {
	return await apiObject.call(this, { method: 'GET', path: runPath(runId), ...options }, { what: 'a run record' });
}
