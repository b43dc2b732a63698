import { sleep } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { BatchScheduler } from './batch';
import { derivedContext } from './batch';
import { AutoWindow, fixedWindow, type SendWindow } from './sendWindow';
import { PUSHBACK_LISTENER, type PushbackListener } from '../../shared/transport';

/** The Batch Size a user gets when they pick a fixed pace: the key's steady pace (5 a second) for 2 s items. */
export const FIXED_BATCH_SIZE = 10;

/** n8n's words for it (its chains' Batch Processing → Batch Size); not in the AI-tool variant, which runs one item. */
export const batchingOptions: INodeProperties[] = [
	{
		displayName: 'Batch Processing',
		name: 'batching',
		type: 'collection',
		placeholder: 'Add batch processing option',
		default: {},
		displayOptions: { show: { '@tool': [false] } },
		options: [
			{
				displayName: 'Pace',
				name: 'pace',
				type: 'options',
				default: 'auto',
				description:
					"How many items to process in parallel. Output keeps the items' order either way.",
				options: [
					{
						name: 'Auto',
						value: 'auto',
						description:
							"Find the service's pace: send more at once while answers come back without pushback, fewer after a rate limit (429), a lock (423) or slower answers",
					},
					{
						name: 'Fixed Batch Size',
						value: 'fixed',
						description: 'Always process Batch Size items at once',
					},
				],
			},
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				default: FIXED_BATCH_SIZE,
				typeOptions: { minValue: 1 },
				description:
					'How many items to process in parallel when the pace is fixed (adding Batch Size alone fixes it too). Set to 1 to process one item at a time. Requests that create something are sent in item order; a 429 pauses every request with the key.',
			},
		],
	},
];

/** Auto, or a fixed number of items at once. */
export type BatchPace = { auto: true } | { auto: false; size: number };

/**
 * Batch Processing, read once for the execution (item 0). Auto unless the pace is Fixed, or Batch Size is set
 * without a pace (a workflow saved with Batch Size only meant that number).
 */
export function readPace(this: IExecuteFunctions): BatchPace {
	const batching = this.getNodeParameter('batching', 0, {}) as IDataObject;
	const fixed =
		batching.pace === 'fixed' || (batching.pace === undefined && batching.batchSize !== undefined);
	if (!fixed) return { auto: true };
	const size = Math.floor(Number(batching.batchSize ?? FIXED_BATCH_SIZE));
	return { auto: false, size: Number.isFinite(size) && size >= 1 ? size : FIXED_BATCH_SIZE };
}

/** The send window of a pace: Auto's learns from the sends (n8n's clock), a fixed one is that number. */
export function sendWindowOf(pace: BatchPace, atLeast = 1): SendWindow | AutoWindow {
	return pace.auto ? new AutoWindow(() => Date.now()) : fixedWindow(Math.max(atLeast, pace.size));
}

/**
 * A context whose requests tell the Auto window when the service pushes back (the transport reports it); the
 * refused request then waits for a place in the narrowed window before it is sent again. `onRefused` counts every
 * refusal, whatever the pace (the progress log reports them).
 */
export function pacedContext<T extends object>(
	context: T,
	window: SendWindow,
	scheduler: BatchScheduler,
	onRefused = (): void => undefined,
): T {
	const auto = window instanceof AutoWindow ? window : undefined;
	const listener: PushbackListener = async (itemIndex, restUntil) => {
		onRefused();
		if (!auto) return;
		auto.pushedBack(itemIndex, restUntil);
		if (itemIndex !== undefined) await scheduler.readmit(itemIndex);
	};
	return derivedContext(context, { [PUSHBACK_LISTENER]: { value: listener } });
}

/** No faster than this: a wake-up costs a pass over the waiting sends. */
const WAKE_AT_MOST_EVERY_MS = 10;

/**
 * Runs the batch; while the Auto window ramps up (it grows with time, not only with answers), wakes the
 * scheduler when it has grown, so waiting sends go out. n8n's `sleep`, ended with the batch.
 */
export async function keepingPace<T>(
	window: SendWindow,
	scheduler: BatchScheduler,
	run: () => Promise<T>,
): Promise<T> {
	if (!(window instanceof AutoWindow)) return await run();
	const done = new AbortController();
	const ticking = (async () => {
		for (
			let at = window.nextWakeAt();
			at !== undefined && !done.signal.aborted;
			at = window.nextWakeAt()
		) {
			await sleep(Math.max(WAKE_AT_MOST_EVERY_MS, at - Date.now()), done.signal);
			scheduler.wake();
		}
	})().catch(() => undefined);
	try {
		return await run();
	} finally {
		done.abort();
		await ticking;
	}
}
