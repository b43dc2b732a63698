import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pollUntil } from '../execution/pollUntil.api';
import { getUploadStatus } from '../../shared/client';
import { readyReadDelayMs } from './readySchedule';

/** The wait until an upload is ready. */

function ingestionFailed(
	this: IExecuteFunctions,
	itemIndex: number,
	record: IDataObject,
	what: string,
): NodeOperationError {
	const code =
		typeof record.processingError === 'string' && record.processingError
			? record.processingError
			: 'no code given';
	const error = new NodeOperationError(
		this.getNode(),
		`The service could not process ${what}: ${code}`,
		{
			description: `Ingestion failed, which is final for this upload (document ${String(record.documentId ?? '')}). Check that the file opens and has text, then upload it again as a new document.`,
			itemIndex,
		},
	);
	error.context.serviceCode = code;
	return error;
}

/**
 * Reads the upload's status until it is `ready` (returned) or `failed` (thrown with its code); still
 * `processing` after `timeoutMs` is thrown too. Statuses the API does not list are waited on. The reads
 * follow the upload's age (`uploadedAt`, when the upload was accepted; readySchedule.ts).
 */
export async function waitUntilReady(
	this: IExecuteFunctions,
	itemIndex: number,
	uploaded: IDataObject,
	timeoutMs: number,
	what: string,
	uploadedAt: number,
): Promise<IDataObject> {
	if (uploaded.status === 'ready') return uploaded;
	const delayBefore = (attempt: number) => readyReadDelayMs(Date.now() - uploadedAt, attempt === 0);
	const check = async () => {
		const record = { ...uploaded, ...(await getUploadStatus.call(this, uploaded, { itemIndex })) };
		return { done: record.status === 'ready' || record.status === 'failed', value: record };
	};
	const outcome = await pollUntil(this, `${what} to be processed`, timeoutMs, check, delayBefore);
	if (!outcome.done)
		throw new NodeOperationError(
			this.getNode(),
			`${what} was still being processed after ${Math.round(outcome.waitedMs / 1000)} s`,
			{
				description: `Document ${String(uploaded.documentId ?? '')} is not ready yet. Raise Ready Timeout, or turn Wait Until Ready off and check later with Input Document → Get Status.`,
				itemIndex,
			},
		);
	if (outcome.value.status === 'failed')
		throw ingestionFailed.call(this, itemIndex, outcome.value, what);
	return outcome.value;
}
