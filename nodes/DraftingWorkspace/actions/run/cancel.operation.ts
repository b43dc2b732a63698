import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { Lane } from '../../pace/batch';
import { runLocator } from '../descriptions';
import { jsonItems } from '../items';
import { ensureNodeError, settle } from '../../../shared/common/errors';
import { getLocatorId } from '../../../shared/common/parameters';
import { cancelRun } from '../../../shared/client';
import { serviceCodeOf } from '../../../shared/transport';
import { POST_STAGE, type Work } from '../types';

export const description: INodeProperties[] = [
	runLocator({
		displayOptions: { show: { resource: ['run'], operation: ['cancel'] } },
		description:
			'A run started with this same API key (a key cannot cancel runs other keys started)',
	}),
];

/**
 * POST …/cancel. The two answers of the contract become one shape, so an IF node can branch on
 * `alreadyTerminal` or `requested` whichever came back: `{ runId, requested, alreadyTerminal, status? }`.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	const sent = await settle(
		lane.send(
			POST_STAGE,
			async () =>
				await cancelRun.call(this, runId, {
					itemIndex,
					ifUnsure: `Read the run with Run → Get (run ID ${runId}): its status says whether it is being cancelled. Cancelling again is harmless.`,
				}),
		),
	);
	if (!sent.ok) throw explainCancelRefusal(sent.error, itemIndex, this);
	const answer = sent.value;
	const alreadyTerminal = answer.alreadyTerminal === true;
	const normalised: IDataObject = {
		...answer,
		runId: answer.runId ?? runId,
		requested: !alreadyTerminal && answer.requested !== false,
		alreadyTerminal,
	};
	// The contract does not say what `requested` holds; a timestamp is kept under a name that says so.
	if (typeof answer.requested === 'string') normalised.requestedAt = answer.requested;
	return jsonItems(normalised);
}

/** Refusal codes that have their own explanation already; any other 403 on cancel is the ownership rule. */
const EXPLAINED_403 = new Set(['missing_scope', 'workflow_not_in_allowlist']);

/**
 * The contract does not show the status or code answered when a key cancels a run another key started,
 * so a 403 not otherwise explained gets the rule said plainly, the service's own words kept.
 */
function explainCancelRefusal(
	error: unknown,
	itemIndex: number,
	context: IExecuteFunctions,
): Error {
	const nodeError = ensureNodeError(context.getNode(), error, itemIndex);
	const code = serviceCodeOf(nodeError) ?? '';
	const httpCode = String((nodeError as { httpCode?: unknown }).httpCode ?? '');
	if (httpCode === '403' && !EXPLAINED_403.has(code) && !code.endsWith('_disabled')) {
		nodeError.description = `Only the API key that started a run can cancel it. Use the credential with that key, or cancel the run in the workspace.\n${nodeError.description ?? ''}`;
	}
	return nodeError;
}

/** One POST that changes something, sent in its turn by the operation itself (lane.send). */
export const work: Work = 'send';
