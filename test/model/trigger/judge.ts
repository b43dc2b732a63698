/**
 * The oracle of the trigger's model test: every broken promise of one played schedule, in words (empty when the
 * schedule kept the guarantee). It reads the simulator's ground truth and what n8n kept of each poll.
 *
 * - No run fires twice; a run fires only with a status and workflow its activation selects, and never when it
 *   finished before the first activation. Only what n8n committed fired: a discarded poll's items never became
 *   executions.
 * - An activation is recorded by its first poll that n8n kept (committed, or the durable scheduler's activation
 *   poll, whose record lives in the workflow's global static data).
 * - A run that finished with a selected status during an activation fires once a kept poll of that activation
 *   came after its finish (if the later activations still select it), or when that activation is the last one
 *   (the final fault-free polls), unless a warning was logged at a poll after it started.
 * - A warning names a workflow filter and statuses of which, at that poll, at least 50 runs started since the
 *   previous poll that listed them (a kept one: a skipped or discarded poll saw nothing) (for a final status, not at the activation poll itself, where hidden runs in a final
 *   status are history): the only case in which a full page can hide a run that may be missed. Settings changed
 *   and changed back with no poll in between are one activation for the trigger, which never saw the change.
 */
import { FINAL } from './schedule';

const PAGE = 50;
const MARGIN_MS = 5_000;

export interface Epoch {
	statuses: string[];
	workflows: string[];
}
export interface Snapshot {
	runId: string;
	workflowId: string;
	status: string;
	startedAt: number;
	completedAt?: number;
}
export interface PollRecord {
	at: number;
	epoch: number;
	/** The poll read the service, and n8n kept its state (later polls started from it). */
	ok: boolean;
	/** Whether the activation this poll recorded (if it recorded one) was kept. */
	recorded: boolean;
	warnings: string[];
	/** What became executions. */
	fired: string[];
	/** The runs as the service had them during the poll (nothing changes while a poll runs). */
	truth: Snapshot[];
}
export interface Played {
	epochs: Epoch[];
	polls: PollRecord[];
	errors: string[];
	runs: Snapshot[];
}

export function judge({ epochs, polls, errors, runs }: Played, base: number): string[] {
	const broken: string[] = [...errors.map((message) => `a poll threw: ${message}`)];
	const activatedAt = epochs.map(
		(_, index) => polls.find((poll) => poll.epoch === index && poll.recorded)?.at,
	);
	const firstActivation = Math.min(...activatedAt.map((at) => at ?? Infinity));
	const byId = new Map(runs.map((run) => [run.runId, run]));
	const matches = (epoch: Epoch, run: Snapshot) =>
		epoch.statuses.includes(run.status) &&
		(!epoch.workflows.length || epoch.workflows.includes(run.workflowId));

	const firedAt = new Map<string, number>();
	for (const [index, poll] of polls.entries()) {
		for (const id of poll.fired) {
			if (firedAt.has(id)) broken.push(`${id} fired twice (polls ${firedAt.get(id)} and ${index})`);
			firedAt.set(id, index);
			const run = byId.get(id);
			if (!run) broken.push(`${id} fired but is not a run of this schedule`);
			else if (!matches(epochs[poll.epoch], run))
				broken.push(
					`${id} (${run.status}, ${run.workflowId}) fired at poll ${index}, which does not select it`,
				);
			else if ((run.completedAt ?? 0) < firstActivation)
				broken.push(`${id} finished before activation and fired (history replayed)`);
		}
	}

	const warnedAfter = (start: number) =>
		polls.some((poll) => poll.warnings.length && poll.at >= start);
	for (const run of runs) {
		if (run.completedAt === undefined || firedAt.has(run.runId)) continue;
		const finished = run.completedAt;
		const epochIndex = epochs.findIndex(
			(_, i) =>
				activatedAt[i] !== undefined &&
				activatedAt[i]! <= finished &&
				(activatedAt.slice(i + 1).find((at) => at !== undefined) ?? Infinity) > finished,
		);
		if (epochIndex < 0 || !matches(epochs[epochIndex], run)) continue;
		// Owed by its activation once a kept poll came after its finish; later activations fire it if they select it too.
		const last = epochIndex === epochs.length - 1;
		const polledAfter = polls.some(
			(poll) => poll.ok && poll.epoch === epochIndex && poll.at > finished,
		);
		const stillSelected = epochs.slice(epochIndex + 1).every((epoch) => matches(epoch, run));
		if ((last || (polledAfter && stillSelected)) && !warnedAfter(run.startedAt))
			broken.push(
				`${run.runId} (${run.status}, ${run.workflowId}) finished at +${(finished - base) / 1000} s and never fired, with no warning`,
			);
	}

	const sameSettings = (a: Epoch, b: Epoch) =>
		JSON.stringify([[...a.statuses].sort(), [...a.workflows].sort()]) ===
		JSON.stringify([[...b.statuses].sort(), [...b.workflows].sort()]);
	for (const [index, poll] of polls.entries()) {
		// The trigger knows only the settings it polled with: settings changed and changed back with no poll kept or
		// recorded in between are, for it, the activation it last kept or recorded a poll under (it cannot tell; under
		// the durable scheduler the activation poll is recorded in global static data even when its state is
		// discarded), so runs started since that poll count, and this is not an activation poll.
		const previous = polls
			.slice(0, index)
			.reverse()
			.find((earlier) => earlier.ok || earlier.recorded);
		const continues =
			previous !== undefined &&
			previous.epoch !== poll.epoch &&
			sameSettings(epochs[previous.epoch], epochs[poll.epoch]);
		// Runs are seen by a poll that listed them (a kept poll): one recorded but skipped or discarded saw none.
		const lastListedIn = (epoch: number) =>
			polls
				.slice(0, index)
				.reverse()
				.find((earlier) => earlier.ok && earlier.epoch === epoch)?.at;
		const since =
			(continues
				? previous.ok
					? previous.at
					: lastListedIn(previous.epoch)
				: lastListedIn(poll.epoch)) ?? -Infinity;
		for (const warning of poll.warnings) {
			const named = /\((all workflows|workflow (\S+)), status ([^)]+)\)/.exec(warning);
			if (!named) {
				broken.push(`poll ${index} logged an unexpected warning: ${warning}`);
				continue;
			}
			const workflow = named[2];
			const statuses = named[3].split(', ');
			// At the activation poll itself, runs hidden in a final status finished before activation: history, no
			// miss. After a failed activation poll the trigger cannot tell how long ago a hidden run finished.
			const activationPoll =
				!continues && polls.findIndex((earlier) => earlier.epoch === poll.epoch) === index;
			const crowded = statuses.some((status) => {
				const listed = poll.truth.filter(
					(run) =>
						run.status === status &&
						(!workflow || run.workflowId === workflow) &&
						run.startedAt > since - MARGIN_MS,
				);
				const missable =
					!(FINAL as readonly string[]).includes(status) ||
					!activationPoll ||
					listed.some((run) => (run.completedAt ?? 0) >= (activatedAt[poll.epoch] ?? poll.at));
				return listed.length >= PAGE && missable;
			});
			if (!crowded)
				broken.push(
					`poll ${index} warned although fewer than ${PAGE} runs of ${named[1]} with status ${named[3]} started since the previous poll`,
				);
		}
	}
	return broken;
}
