/**
 * The schedules the trigger's model test plays (fast-check arbitraries): what happens to runs, to n8n and to
 * each poll. A schedule runs under one of n8n's two pollers (test/harness/pollerHost.ts).
 */
import fc from 'fast-check';

import type { Overlap, Poller, SchedulerFault } from '../../harness/pollerHost';

export const FINAL = ['Completed', 'Failed', 'Cancelled'] as const;
type Unfinished = 'Pending' | 'Queued' | 'Running' | 'Paused' | 'Stalled';
export type Target = Unfinished | (typeof FINAL)[number];
/** A refusal of the service during a poll, on its list or on a run read. */
export type Fault = {
	status: 429 | 423 | 500 | 502;
	retryAfterSeconds?: number;
	times: number;
	on: 'list' | 'record';
};
type Step =
	| { kind: 'start'; count: number; workflow: number; as: Unfinished }
	| { kind: 'move'; offset: number; count: number; to: Target }
	/** `scheduler`: what the durable scheduler does to the poll (the legacy poller meets only `overlap`). */
	| { kind: 'poll'; fault?: Fault; scheduler?: SchedulerFault }
	| { kind: 'wait'; minutes: number }
	| { kind: 'restart' }
	| { kind: 'reconfigure'; statuses: string[]; workflows: number[] };
export interface Settings {
	statuses: string[];
	workflows: number[];
}
export interface Schedule {
	poller: Poller;
	initial: Settings;
	steps: Step[];
}

const unfinishedArb = fc.constantFrom<Unfinished>(
	'Pending',
	'Queued',
	'Running',
	'Paused',
	'Stalled',
);
const faultArb: fc.Arbitrary<Fault> = fc.oneof(
	fc.record({
		status: fc.constant(429 as const),
		retryAfterSeconds: fc.constantFrom(1, 2, 120),
		times: fc.integer({ min: 1, max: 3 }),
		on: fc.constantFrom('list' as const, 'record' as const),
	}),
	fc.record({
		status: fc.constant(423 as const),
		times: fc.integer({ min: 1, max: 30 }),
		on: fc.constantFrom('list' as const, 'record' as const),
	}),
	fc.record({
		status: fc.constantFrom(500 as const, 502 as const),
		times: fc.integer({ min: 1, max: 2 }),
		on: fc.constantFrom('list' as const, 'record' as const),
	}),
);
/** Two polls of one trigger from the same saved state: the second joins at any point of the first, either commits first, either may be dropped. */
const overlapArb: fc.Arbitrary<Overlap> = fc.record(
	{
		kind: fc.constant('overlap' as const),
		joins: fc.oneof(
			fc.integer({ min: 0, max: 4 }),
			fc.constantFrom('returned' as const, 'committed' as const),
		),
		commits: fc.constantFrom('first' as const, 'second' as const),
		discard: fc.constantFrom('first' as const, 'second' as const),
	},
	{ requiredKeys: ['kind', 'joins', 'commits'] },
);
const schedulerFaultArb: fc.Arbitrary<SchedulerFault> = fc.oneof(
	fc.constant({ kind: 'abandon' as const }),
	fc.constant({ kind: 'fenced' as const }),
	fc.record({
		kind: fc.constant('twice' as const),
		commits: fc.constantFrom('first' as const, 'second' as const),
		gapMs: fc.integer({ min: 1_000, max: 70_000 }),
	}),
	{ weight: 2, arbitrary: overlapArb },
);
const settingsArb: fc.Arbitrary<Settings> = fc.record({
	statuses: fc.subarray([...FINAL], { minLength: 1 }),
	workflows: fc.oneof(fc.constant([] as number[]), fc.subarray([0, 1, 2], { minLength: 1 })),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.record({
			kind: fc.constant('start' as const),
			count: fc.oneof(
				{ weight: 5, arbitrary: fc.integer({ min: 1, max: 8 }) },
				{ weight: 1, arbitrary: fc.integer({ min: 40, max: 70 }) },
			),
			workflow: fc.integer({ min: 0, max: 2 }),
			as: unfinishedArb,
		}),
	},
	{
		weight: 5,
		arbitrary: fc.record({
			kind: fc.constant('move' as const),
			offset: fc.nat(),
			count: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 30, max: 70 })),
			to: fc.constantFrom<Target>(
				'Queued',
				'Running',
				'Paused',
				'Stalled',
				'Completed',
				'Completed',
				'Failed',
				'Cancelled',
				'Cancelled',
			),
		}),
	},
	{
		weight: 5,
		arbitrary: fc.record({
			kind: fc.constant('poll' as const),
			fault: fc.option(faultArb, { nil: undefined, freq: 3 }),
			scheduler: fc.option(schedulerFaultArb, { nil: undefined, freq: 3 }),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant('wait' as const),
			minutes: fc.integer({ min: 1, max: 30 }),
		}),
	},
	{ weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant('reconfigure' as const),
			statuses: settingsArb.map((s) => s.statuses),
			workflows: settingsArb.map((s) => s.workflows),
		}),
	},
);
export const scheduleArb: fc.Arbitrary<Schedule> = fc.record({
	poller: fc.constantFrom<Poller>('legacy', 'durable'),
	initial: settingsArb,
	steps: fc.array(stepArb, { minLength: 4, maxLength: 28 }),
});

/**
 * Two polls of one trigger that n8n's durable scheduler ran at once from the same saved state (measured in n8n
 * 2.41.1), as schedules: Poll Times entries due at the same instant, in three rounds; overdue occurrences picked
 * up together after a restart. `overlap` says where the second poll joins and how n8n commits the two.
 */
export function overlapSchedules(
	poller: Poller,
	overlap: Overlap,
): Record<'sameInstant' | 'afterRestart', Schedule> {
	const initial: Settings = { statuses: ['Completed'], workflows: [] };
	const round: Step[] = [
		{ kind: 'start', count: 2, workflow: 0, as: 'Running' },
		{ kind: 'move', offset: 0, count: 2, to: 'Completed' },
		{ kind: 'poll', scheduler: overlap },
	];
	return {
		sameInstant: { poller, initial, steps: [{ kind: 'poll' }, ...round, ...round, ...round] },
		afterRestart: {
			poller,
			initial,
			steps: [
				{ kind: 'poll' },
				{ kind: 'start', count: 3, workflow: 1, as: 'Running' },
				{ kind: 'poll' },
				{ kind: 'move', offset: 0, count: 3, to: 'Completed' },
				{ kind: 'restart' },
				{ kind: 'poll', scheduler: overlap },
			],
		},
	};
}

/** Every way two overlapping polls can meet: where the second joins, which commits first, which (if any) is dropped. */
export function overlapInterleavings(poller: Poller): Overlap[] {
	const joins: Overlap['joins'][] = [0, 1, 2, 3, 'returned', 'committed'];
	// The legacy poller runs both polls on its one workflow object: no commit order, no fence.
	if (poller === 'legacy')
		return joins.map((at) => ({ kind: 'overlap', joins: at, commits: 'first' }));
	return joins.flatMap((at) =>
		(['first', 'second'] as const).flatMap((commits) =>
			([undefined, 'first', 'second'] as const).map(
				(discard): Overlap => ({
					kind: 'overlap',
					joins: at,
					commits,
					...(discard ? { discard } : {}),
				}),
			),
		),
	);
}

/**
 * Schedules that once broke the property (as fast-check shrank them), replayed first on every run. The four
 * first are the overlapping polls measured in n8n 2.41.1 (the trigger fired every run of them twice). The next two
 * (one per poller) found a fault in the oracle: settings changed and changed back unseen were taken for a new
 * activation. The next found a fault in the model, not the trigger: saving unchanged settings was taken for a new
 * activation. The next is the one n8n 2.41's durable scheduler broke: the activation poll's state discarded, a run
 * finishing before the first scheduled poll was taken for history. The last found a fault in the oracle: runs
 * started before a skipped activation poll were taken as seen by it.
 */
export const REGRESSIONS: Array<[Schedule]> = [
	// Two polls of one trigger at once from the same state, both committed: two Poll Times entries due at the same
	// instant, and overdue occurrences after a restart (measured in n8n 2.41.1's durable scheduler: every run of the
	// minute fired twice). Under both pollers.
	...(['legacy', 'durable'] as const).flatMap((poller): Array<[Schedule]> => {
		const { sameInstant, afterRestart } = overlapSchedules(poller, {
			kind: 'overlap',
			joins: 0,
			commits: 'first',
		});
		return [[sameInstant], [afterRestart]];
	}),
	// Settings changed and changed back before any poll saw the change, then 50 runs cancelled: the trigger, which
	// cannot tell, continues its activation and warns of the full Cancelled page (found by CI's random seed, under
	// both pollers; the durable one keeps only the activation poll's record).
	...(['legacy', 'durable'] as const).map((poller): [Schedule] => [
		{
			poller,
			initial: { statuses: ['Completed', 'Failed', 'Cancelled'], workflows: [] },
			steps: [
				{ kind: 'poll' },
				{ kind: 'reconfigure', statuses: ['Failed'], workflows: [2] },
				{ kind: 'start', count: 50, workflow: 0, as: 'Pending' },
				{ kind: 'move', offset: 0, count: 30, to: 'Cancelled' },
				{ kind: 'reconfigure', statuses: ['Completed', 'Failed', 'Cancelled'], workflows: [] },
				{ kind: 'move', offset: 0, count: 30, to: 'Cancelled' },
				{ kind: 'move', offset: 0, count: 1, to: 'Queued' },
				{ kind: 'start', count: 40, workflow: 0, as: 'Pending' },
			],
		},
	]),
	[
		{
			poller: 'legacy',
			initial: { statuses: ['Completed', 'Failed', 'Cancelled'], workflows: [] },
			steps: [
				{ kind: 'poll' },
				{ kind: 'start', count: 49, workflow: 0, as: 'Pending' },
				{ kind: 'start', count: 1, workflow: 0, as: 'Pending' },
				{ kind: 'reconfigure', statuses: ['Completed', 'Failed', 'Cancelled'], workflows: [] },
				{ kind: 'move', offset: 0, count: 1, to: 'Queued' },
				{ kind: 'move', offset: 0, count: 50, to: 'Completed' },
			],
		},
	],
	[
		{
			poller: 'durable',
			initial: { statuses: ['Completed'], workflows: [] },
			steps: [
				{ kind: 'poll' },
				{ kind: 'start', count: 2, workflow: 0, as: 'Running' },
				{ kind: 'move', offset: 0, count: 2, to: 'Completed' },
				{ kind: 'poll' },
			],
		},
	],
	// The activation poll skipped (the list failed), settings changed and changed back, then 50 runs queued: the
	// trigger never listed them, so its full Queued page may hide others and it warns.
	[
		{
			poller: 'legacy',
			initial: { statuses: ['Completed', 'Failed', 'Cancelled'], workflows: [] },
			steps: [
				{ kind: 'start', count: 43, workflow: 0, as: 'Pending' },
				{ kind: 'poll', fault: { status: 500, times: 1, on: 'list' } },
				{ kind: 'start', count: 4, workflow: 0, as: 'Pending' },
				{ kind: 'start', count: 1, workflow: 0, as: 'Pending' },
				{ kind: 'start', count: 2, workflow: 0, as: 'Pending' },
				{ kind: 'reconfigure', statuses: ['Cancelled'], workflows: [] },
				{ kind: 'reconfigure', statuses: ['Completed', 'Failed', 'Cancelled'], workflows: [] },
				{ kind: 'move', offset: 0, count: 30, to: 'Queued' },
				{ kind: 'move', offset: 0, count: 1, to: 'Queued' },
				{ kind: 'poll' },
				{ kind: 'poll' },
			],
		},
	],
];
