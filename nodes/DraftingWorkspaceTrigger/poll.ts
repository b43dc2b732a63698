import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ensureNodeError, settle } from '../shared/common/errors';
import { startActivation } from './activation';
import { emitDue } from './emit.api';
import { listPages, readPending, type TriggerSettings } from './lists.api';
import { PollBudget } from './pollBudget';
import { applyPoll, markFired } from './state/fold';
import { pendingToCheck } from './state/pending';
import { readState, type TriggerState } from './state/state';
import { windowStart } from './state/window';
import { httpCodeOf, isTransient, restAskedFor } from './transient';

/**
 * A poll that comes this close to the end of a rest goes ahead: polls run on whole seconds, and a Retry-After of
 * whole minutes would otherwise end a few milliseconds after a poll and cost a whole interval (measured).
 */
const REST_SLACK_MS = 2_000;

/**
 * One poll of an activated trigger: record the activation (before any request), list, read what the lists
 * cannot cover, fold into the state, emit what is due within the poll's budget; what is left carries over.
 *
 * What n8n does with the state: the legacy poller keeps it in memory and saves it at activation and with every
 * execution; the durable scheduler commits it with the execution the poll emits, or alone when it emits
 * nothing, and discards it when the poll fails or outlasts its timeout. Either way a poll's state is its own:
 * it is written once, at the end, and a poll that is discarded leaves the state it started from.
 */
export async function pollFinishedRuns(this: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const staticData = this.getWorkflowStaticData('node');
	const now = Date.now();
	const saved = readState(staticData.state, settings.key);
	const previous = saved?.settings === settings.key ? saved : startActivation.call(this, saved, now, settings.key);
	// The activation is a fact from here on, whatever happens to this poll.
	if (previous !== saved) staticData.state = previous as unknown as IDataObject;
	if (previous.restUntil !== undefined && previous.restUntil - now > REST_SLACK_MS) {
		this.logger.info(`Drafting Workspace Trigger: poll skipped, the service asked to wait until ${new Date(previous.restUntil).toISOString()}.`);
		return null;
	}

	const polled = await settle(pollOnce.call(this, previous, settings, now));
	if (polled.ok) {
		staticData.state = polled.value.state as unknown as IDataObject;
		return polled.value.items.length ? [polled.value.items] : null;
	}
	const error = ensureNodeError(this.getNode(), polled.error);
	if (!isTransient(error)) throw error;
	// Not thrown (docs/trigger.md, "When the service is unavailable"): the state stays as it was, so the next poll that
	// succeeds fires every run that finished in between; a wait the service asked for is kept before asking again.
	const rest = restAskedFor(error, now);
	if (rest) staticData.state = { ...previous, restUntil: now + rest } as unknown as IDataObject;
	this.logger.warn(
		`Drafting Workspace Trigger: poll skipped after a transient error (${httpCodeOf(error) || 'no answer'}): ${error.message}. ${
			rest ? `The trigger waits ${Math.ceil(rest / 1000)} s before it asks again, as the service asked. ` : ''
		}The next successful poll fires every run that finished in between.`,
	);
	return null;
}

async function pollOnce(
	this: IPollFunctions,
	previous: TriggerState,
	settings: TriggerSettings,
	now: number,
): Promise<{ state: TriggerState; items: INodeExecutionData[] }> {
	const budget = PollBudget.for(this, now);
	const working: TriggerState = { ...previous, refused: [...previous.refused] };
	// A poll that reads the service ends any rest the service asked for.
	delete working.restUntil;
	const windowFrom = windowStart(working, now);
	const pages = await listPages.call(this, working, settings, windowFrom, budget);
	const direct = await readPending.call(this, pendingToCheck(working, pages, windowFrom), budget);
	const activatedNow = !previous.polled && previous.activatedAt === now;
	const outcome = applyPoll(working, { pages, direct }, { selected: new Set(settings.statuses), now, windowFrom, activatedNow });
	for (const warning of outcome.warnings) this.logger.warn(`Drafting Workspace Trigger: ${warning}`);

	const { items, emitted, dropped } = await emitDue.call(this, outcome.due, direct, settings, budget);
	const left = outcome.due.length - emitted.length - dropped.length;
	if (left) this.logger.info(`Drafting Workspace Trigger: ${left} finished run(s) carried over to the next poll (${budget.summary()}).`);
	return { state: markFired(outcome.state, emitted, dropped), items };
}
