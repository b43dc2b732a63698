import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';

import { listAnswer, objectAnswer } from './answer';
import { apiRequestFull } from './request.api';
import type { ApiRequestOptions, TransportContext } from './types';

/**
 * Every JSON answer of the service is read here, and checked before anything uses it (answer.ts): an answer that
 * is not what the contract describes becomes a NodeApiError naming the request and what came back.
 */

export interface ExpectedObject {
	/** What the contract says comes back, as the error names it: "a run record", "the start answer". */
	what: string;
	/** Fields one of which must hold the id of what was created or read (the first is the contract's name). */
	idFields?: string[];
}

/** Marks the error of an unusable answer, so a step can tell it from a refusal (nothing happened) or a failed send. */
const UNUSABLE_ANSWER = 'unusableAnswer';

/** "GET /workflows/runs/r1": the request as errors name it (the path only, never a full URL or a query). */
function requestLabel(options: ApiRequestOptions): string {
	return `${options.method} ${options.path.split('?')[0]}`;
}

/**
 * The error for an answer that cannot be used. A request that changes something (a POST) may have taken effect
 * all the same: the error says so, and what to check before running the item again (`ifUnsure`).
 */
export function unusableAnswerError(
	node: INode,
	options: ApiRequestOptions,
	statusCode: number,
	problem: string,
	what: string,
): NodeApiError {
	const changes = options.method !== 'GET';
	const message = `The service answered ${requestLabel(options)} with ${problem}, not ${what}`;
	const error = new NodeApiError(node, { status: statusCode } as JsonObject, {
		message,
		description: changes
			? `The request was accepted (${statusCode}), so it may have taken effect. ${options.ifUnsure ?? 'Check in the workspace before running the item again.'} Report the answer to the service's support.`
			: `Nothing was changed in the service. Run the item again later; if the answer stays the same, report it to the service's support.`,
		httpCode: String(statusCode),
		itemIndex: options.itemIndex,
	});
	// Set again: n8n swaps a message that merely contains a system error code (say, an answer "EPERM") for its own text.
	error.message = message;
	error.context[UNUSABLE_ANSWER] = true;
	return error;
}

/** Whether an error is an unusable answer to a request that may have taken effect (see `unusableAnswerError`). */
export function isUnusableAnswer(error: unknown): boolean {
	return (error as { context?: IDataObject } | undefined)?.context?.[UNUSABLE_ANSWER] === true;
}

/** A JSON object answer (a record, a detail, the answer to a POST), checked; its id required when `idFields` are given. */
export async function apiObject(
	this: TransportContext,
	options: ApiRequestOptions,
	expected: ExpectedObject,
): Promise<IDataObject> {
	const response = await apiRequestFull.call(this, options);
	const checked = objectAnswer(response.body, expected.idFields);
	if (checked.ok) return checked.value;
	throw unusableAnswerError(
		this.getNode(),
		options,
		response.statusCode,
		checked.problem,
		expected.what,
	);
}

/** A JSON list answer (bare, or under `key` when wrapped), every entry an object. */
export async function apiList(
	this: TransportContext,
	options: ApiRequestOptions,
	expected: { what: string; key: string },
): Promise<IDataObject[]> {
	const response = await apiRequestFull.call(this, options);
	const checked = listAnswer(response.body, expected.key);
	if (checked.ok) return checked.value;
	throw unusableAnswerError(
		this.getNode(),
		options,
		response.statusCode,
		checked.problem,
		expected.what,
	);
}
