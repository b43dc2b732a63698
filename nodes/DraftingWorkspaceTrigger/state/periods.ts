import type { IDataObject } from 'n8n-workflow';

import { finishedAtOf, startedAtOf } from '../../shared/runs/record';
import { settingsSelect, type TriggerState } from './state';

/**
 * Whether a run in a final status is owed: it finished after the activation instant, or during an earlier
 * activation (a period) that selected it while the trigger was following it. The finish time decides when the
 * record carries one; otherwise a run that started after the first activation, or that an earlier poll saw
 * unfinished, is owed; any other is history.
 */
export function finishedAfterActivation(
	run: IDataObject,
	state: TriggerState,
	wasPending: boolean,
): boolean {
	const finished = finishedAtOf(run);
	if (finished === undefined) {
		const started = startedAtOf(run);
		const firstActivation = Math.min(
			state.activatedAt,
			...state.periods.map((period) => period.from),
		);
		return wasPending || (started !== undefined && started >= firstActivation);
	}
	if (finished >= state.activatedAt) return true;
	// Only a run the trigger was following: a fired run forgotten since (its id pruned once the window had
	// passed it) may be listed again after a new activation reaches back, and must not fire twice.
	return (
		wasPending &&
		state.periods.some(
			(period) =>
				period.from <= finished && finished < period.to && settingsSelect(period.settings, run),
		)
	);
}
