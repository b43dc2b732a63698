// Scenario 2 of the queue file: the Run Finished trigger (published, polls every minute, in main) while 60 runs
// finish in three bursts over three poll cycles, with main stopped and restarted in the middle: every run fires
// exactly once (the next node reads each fired run with its own key), whichever worker runs the firing execution.
import { runAdmin } from '../../test/simulator';
import { startSummaryRun } from '../lib/service-api';
import { sleep, waitUntil } from '../lib/waiting';
import { KEYS, type QueueEnv } from './queue-env';
import { WF } from './queue-workflows';
import { say, secs } from './timing';

/** What the trigger simulator saw: the trigger's polls, the reads of fired runs, and bursts of runs started on it. */
function triggerProbes({ simTrigger, triggerUrl }: QueueEnv) {
	/** The trigger's polls: its list requests (poller key), grouped when less than 5 s apart. */
	function polls(): Array<{ at: number; requests: number }> {
		const lists = simTrigger.admin
			.requests()
			.filter(
				(entry) =>
					entry.method === 'GET' && entry.path === '/workflows/runs' && entry.keyId === KEYS.full,
			);
		const groups: Array<{ at: number; last: number; requests: number }> = [];
		for (const entry of lists) {
			const at = Date.parse(entry.at);
			const group = groups.at(-1);
			if (group && at - group.last < 5_000) {
				group.last = at;
				group.requests++;
			} else groups.push({ at, last: at, requests: 1 });
		}
		return groups.map(({ at, requests }) => ({ at, requests }));
	}

	/** Run → Get requests of the workflow's Read Run node (reader key), by run id. */
	function reads(): Map<string, number> {
		const counts = new Map<string, number>();
		for (const entry of simTrigger.admin.requests()) {
			if (entry.keyId !== KEYS.full2 || entry.method !== 'GET') continue;
			const match = /^\/workflows\/runs\/([^/]+)$/.exec(entry.path);
			if (match) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
		}
		return counts;
	}

	async function burst(label: string, size: number): Promise<string[]> {
		const ids = await Promise.all(
			Array.from({ length: size }, async (_, index) => {
				return await startSummaryRun(triggerUrl, `Burst ${label}, run ${index + 1}.`);
			}),
		);
		say(`scenario 2: burst ${label} started (${size} runs of ~9 s)`);
		return ids;
	}

	const allCompleted = (ids: string[]) =>
		ids.every((id) => runAdmin(simTrigger).run(id)?.status === 'Completed');
	const allRead = (ids: string[]) => {
		const counts = reads();
		return ids.every((id) => (counts.get(id) ?? 0) >= 1);
	};
	return { polls, reads, burst, allCompleted, allRead };
}

export async function triggerScenario(env: QueueEnv): Promise<void> {
	const { simTrigger, report, main, recordMemory } = env;
	const { polls, reads, burst, allCompleted, allRead } = triggerProbes(env);
	const c = main();
	const started = Date.now();
	const stateKey = 'node:Run Finished';
	const savedState = () =>
		c.main.readStaticData(WF.trigger)?.[stateKey] as
			| { state?: { fired: Record<string, number>; pending: Record<string, number> } }
			| undefined;
	const activationPolls = polls();
	expect(activationPolls.length).toBeGreaterThan(0); // main polled once when it activated the workflow (the baseline)

	// Burst A: finishes within a poll cycle; the next scheduled poll fires it.
	const burstA = await burst('A', 20);
	await waitUntil('burst A to fire', () => allRead(burstA), 150_000, 500);
	const firstRead = Math.min(
		...simTrigger.admin
			.requests()
			.filter((e) => e.keyId === KEYS.full2 && burstA.some((id) => e.path.endsWith(id)))
			.map((e) => Date.parse(e.at)),
	);
	const firingPollA = polls()
		.filter((p) => p.at <= firstRead)
		.at(-1);
	if (!firingPollA) throw new Error('no poll before burst A fired');
	// Main polls at a fixed second of every minute: the next polls are this one + k minutes.
	const nextPollAfter = (t: number) =>
		firingPollA.at + Math.ceil((t - firingPollA.at + 1) / 60_000) * 60_000;
	say(
		`scenario 2: burst A fired (poll at +${secs(firingPollA.at - started)}); the trigger polls at second ${new Date(firingPollA.at).getUTCSeconds()} of every minute`,
	);

	// Burst B: started at once, finished before the next poll, which fires it. Burst C: started 5 s before
	// that poll, so that the poll sees it under way (remembered as pending in the saved state).
	const burstB = await burst('B', 20);
	const pollB = nextPollAfter(Date.now() + 11_000);
	await sleep(Math.max(0, pollB - 5_000 - Date.now()));
	const burstC = await burst('C', 20);
	await waitUntil('burst B to fire', () => allRead(burstB), pollB + 45_000 - Date.now(), 500);
	const describeState = () => {
		const state = savedState()?.state;
		if (!state)
			return `no state saved (static data: ${JSON.stringify(c.main.readStaticData(WF.trigger)).slice(0, 300)})`;
		const where = (ids: string[]) =>
			`${ids.filter((id) => id in state.fired).length} fired/${ids.filter((id) => id in state.pending).length} pending`;
		return `A ${where(burstA)}, B ${where(burstB)}, C ${where(burstC)}; polls at ${polls()
			.map((p) => `+${secs(p.at - started)}(${p.requests})`)
			.join(' ')}`;
	};
	const pending = await waitUntil(
		'the trigger state with burst C pending to be saved in PostgreSQL',
		() => {
			const state = savedState()?.state;
			// Fired ids that no list can show again are pruned (A and B, once the window starts at C): only C is checked.
			return state && burstC.every((id) => id in state.pending || id in state.fired)
				? state
				: undefined;
		},
		30_000,
		500,
	).catch((error: Error) => {
		throw new Error(`${error.message}: ${describeState()}`);
	});
	const cPending = burstC.filter((id) => id in pending.pending).length;
	say(
		`scenario 2: burst B fired; burst C in the saved state: ${cPending} pending, ${20 - cPending} already fired`,
	);

	// Main stopped in the middle of burst C; C finishes while it is down; main restarts.
	const stopAt = Date.now();
	await c.main.stop();
	const stoppedMs = Date.now() - stopAt;
	await waitUntil('burst C to finish', () => allCompleted(burstC), 60_000, 250);
	const pollsBeforeRestart = polls().length;
	const downMs = Date.now() - stopAt;
	const restartAt = Date.now();
	await c.startMain();
	const restartMs = Date.now() - restartAt;
	const pollsWhileDown = polls().filter(
		(p) => p.at > stopAt + stoppedMs && p.at < restartAt,
	).length;
	say(
		`scenario 2: main stopped for ${secs(downMs)} (SIGTERM → exit ${secs(stoppedMs)}), restarted in ${secs(restartMs)}`,
	);
	await waitUntil('burst C to fire after the restart', () => allRead(burstC), 90_000, 500);

	// One more scheduled poll after everything fired: it must fire nothing again.
	const lastFirePoll = polls().at(-1) as { at: number };
	const recheckPoll = await waitUntil(
		'a scheduled poll after the last firing',
		() => polls().find((p) => p.at > lastFirePoll.at + 5_000),
		75_000,
		500,
	);
	await sleep(5_000);
	recordMemory('after scenario 2');

	const all = [...burstA, ...burstB, ...burstC];
	const counts = reads();
	const totalReads = [...counts.values()].reduce((sum, n) => sum + n, 0);
	const executions = c.main.executions(WF.trigger);
	const byExecution = c.executionsByWorker();
	const firing = executions.filter((e) => e.mode === 'trigger');
	const workersOf = firing.map(
		(e) => `#${e.id} ${(byExecution.get(e.id) ?? ['no worker']).join('+')} (${e.status})`,
	);
	const allPolls = polls();
	report.s2.push(
		`60 runs finished in 3 bursts of 20 (A before a poll, B between polls, C under way at a poll and finished while main was down); polls at second ${new Date(firingPollA.at).getUTCSeconds()} of each minute`,
		`polls (list requests of the trigger's key): ${allPolls.length} in total, ${activationPolls.length} before the scenario; ${pollsWhileDown} while main was down`,
		`firing executions (mode trigger, run by workers): ${workersOf.join(', ')}`,
		`Read Run requests: ${totalReads} for ${counts.size} distinct runs; runs read more than once: ${[...counts.values()].filter((n) => n > 1).length}`,
		`main stopped ${secs(downMs)} in the middle (SIGTERM → exit ${secs(stoppedMs)}; restart to ready ${secs(restartMs)}); burst C: ${cPending} of 20 were pending in the saved state at the stop`,
		`re-check poll after the last firing at +${secs(recheckPoll.at - started)} fired nothing; scenario time ${secs(Date.now() - started)}`,
	);

	expect(all.every((id) => runAdmin(simTrigger).run(id)?.status === 'Completed')).toBe(true);
	// Each run fired exactly once, and nothing else was read.
	for (const id of all) expect([id, counts.get(id)]).toEqual([id, 1]);
	expect(totalReads).toBe(60);
	expect(counts.size).toBe(60);
	// Every firing execution succeeded and ran on exactly one worker (main only polls).
	expect(firing.length).toBeGreaterThanOrEqual(3);
	for (const execution of firing) {
		expect(execution.status).toBe('success');
		expect(byExecution.get(execution.id)).toHaveLength(1);
	}
	// Workers do not poll: while main was down, nobody polled.
	expect(pollsWhileDown).toBe(0);
	expect(pollsBeforeRestart).toBeLessThan(allPolls.length);
}
