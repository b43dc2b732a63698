import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { activate, type TriggerState } from './state/state';

/**
 * Where an activation's instant is recorded, so that it survives every poller n8n has.
 *
 * The state lives in the node's static data. But n8n's durable scheduler (on by default from n8n 2.45) runs the
 * first poll of a newly published trigger as a test and commits the node's static data only when that poll
 * emits: measured in n8n 2.41, the instant recorded by the activation poll was discarded, the first scheduled
 * poll (up to one interval later) recorded its own, and a run that finished in between never fired. The
 * workflow's global static data is not staged: n8n saves it once the activation is done, whatever the poll
 * returned. So the instant is kept there too, per node, and a poll that finds no state of its own starts the
 * activation from it when it was made with the same settings.
 */
function keyOf(context: IPollFunctions): string {
	const node = context.getNode();
	return `draftingWorkspaceTrigger:${node.id || node.name}`;
}

/** A new activation (or a continuation of the one the global static data remembers), recorded in both places. */
export function startActivation(
	this: IPollFunctions,
	saved: TriggerState | undefined,
	now: number,
	settings: string,
): TriggerState {
	const global = this.getWorkflowStaticData('global');
	const remembered = global[keyOf(this)] as IDataObject | undefined;
	const rememberedAt =
		remembered?.settings === settings && typeof remembered.activatedAt === 'number'
			? remembered.activatedAt
			: undefined;
	// Only a trigger with no state of its own continues a remembered activation: any other starts a new one now.
	const at = !saved && rememberedAt !== undefined && rememberedAt <= now ? rememberedAt : now;
	const state = activate(saved, at, settings);
	global[keyOf(this)] = { activatedAt: at, settings };
	const engine =
		typeof this.getWorkflowSettings === 'function'
			? (this.getWorkflowSettings() as IDataObject).engineType
			: undefined;
	if (engine === 'v2') {
		this.logger.warn(
			"Drafting Workspace Trigger: this workflow runs on Engine 2.0, which starts the execution of a poll before n8n commits the trigger's state. Under n8n's durable scheduler, a poll whose commit n8n refuses (its lease ran out) fires its runs again at the next poll: each run fires at least once. Use the default engine for exactly once.",
		);
	}
	return state;
}
