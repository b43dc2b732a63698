import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ensureNodeError, settle } from '../shared/common/errors';
import { startActivation } from './activation';
import { emitDue } from './emit.api';
import { listPages, readPending, type TriggerSettings } from './lists.api';
import { PollBudget } from './pollBudget';
import { endTurn, takeTurn } from './pollTurn';
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
 * One poll of an activated trigger, when it has the turn (`pollTurn.ts`): record the activation (before any
 * request), list, read what the lists cannot cover, fold into the state, emit what is due within the poll's
 * budget; what is left carries over. Without the turn (another poll of this trigger is under way in this n8n, or
 * its state is not saved yet), the poll changes nothing and returns nothing: the next poll does the work.
 *
 * What n8n does with the state: the legacy poller keeps it in memory and saves it at activation and with every
 * execution; the durable scheduler commits it with the execution the poll emits, or alone when it emits
 * nothing (and only when the poll changed it), and discards it when the poll fails or outlasts its timeout.
 * Either way a poll's state is its own: it is written at the end (and at an activation), stamped with the poll's
 * token, and a poll that is discarded leaves the state it started from.
 */
export async function pollFinishedRuns(
	this: IPollFunctions,
	settings: TriggerSettings,
): Promise<INodeExecutionData[][] | null> {
	const staticData = this.getWorkflowStaticData('node');
	const now = Date.now();
	const saved = readState(staticData.state);
	const node = this.getNode();
	const turn = takeTurn(`${this.getWorkflow().id ?? ''}:${node.id || node.name}`, saved?.poll, now);
	if (!('token' in turn)) {
		this.logger.info(
			`Drafting Workspace Trigger: poll left to another poll of this trigger (${turn.reason}); the next poll fires what is due.`,
		);
		await turn.wait;
		return null;
	}
	let wrote = false;
	const write = (state: TriggerState) => {
		staticData.state = { ...state, poll: turn.token } as unknown as IDataObject;
		wrote = true;
	};
	let saving = false;
	try {
		const items = await pollInTurn.call(this, settings, saved, now, write);
		// n8n commits the state of a poll that returns (not of one that throws), unless it refuses the poll; it keeps
		// the state of the poll it runs as a test when a trigger is published only when that poll emits (its
		// scheduled polls run as `update`).
		saving = wrote && (items !== null || this.getActivationMode() === 'update');
		return items;
	} finally {
		endTurn(turn, saving);
	}
}

async function pollInTurn(
	this: IPollFunctions,
	settings: TriggerSettings,
	saved: TriggerState | undefined,
	now: number,
	write: (state: TriggerState) => void,
): Promise<INodeExecutionData[][] | null> {
	const previous =
		saved?.settings === settings.key ? saved : startActivation.call(this, saved, now, settings.key);
	// The activation is a fact from here on, whatever happens to this poll.
	if (previous !== saved) write(previous);
	if (previous.restUntil !== undefined && previous.restUntil - now > REST_SLACK_MS) {
		this.logger.info(
			`Drafting Workspace Trigger: poll skipped, the service asked to wait until ${new Date(previous.restUntil).toISOString()}.`,
		);
		return null;
	}

	const polled = await settle(pollOnce.call(this, previous, settings, now));
	if (polled.ok) {
		write(polled.value.state);
		return polled.value.items.length ? [polled.value.items] : null;
	}
	const error = ensureNodeError(this.getNode(), polled.error);
	if (!isTransient(error)) throw error;
	// Not thrown (docs/trigger.md, "When the service is unavailable"): the state stays as it was, so the next poll that
	// succeeds fires every run that finished in between; a wait the service asked for is kept before asking again.
	const rest = restAskedFor(error, now);
	if (rest) write({ ...previous, restUntil: now + rest });
	this.logger.warn(
		`Drafting Workspace Trigger: poll skipped after a transient error (${httpCodeOf(error) || 'no answer'}): ${error.message}. ${
			rest
				? `The trigger waits ${Math.ceil(rest / 1000)} s before it asks again, as the service asked. `
				: ''
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
	const outcome = applyPoll(
		working,
		{ pages, direct },
		{ selected: new Set(settings.statuses), now, windowFrom, activatedNow },
	);
	for (const warning of outcome.warnings)
		this.logger.warn(`Drafting Workspace Trigger: ${warning}`);

	const { items, emitted, dropped } = await emitDue.call(
		this,
		outcome.due,
		direct,
		settings,
		budget,
	);
	const left = outcome.due.length - emitted.length - dropped.length;
	if (left)
		this.logger.info(
			`Drafting Workspace Trigger: ${left} finished run(s) carried over to the next poll (${budget.summary()}).`,
		);
	return { state: markFired(outcome.state, emitted, dropped), items };
}
