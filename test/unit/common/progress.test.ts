// The progress log of a long batch (nodes/DraftingWorkspace/pace/progress.ts), driven with a made-up clock.
import type { IExecuteFunctions } from 'n8n-workflow';

import { PROGRESS_EVERY_MS, ProgressLog } from '../../../nodes/DraftingWorkspace/pace/progress';
import { fixedWindow } from '../../../nodes/DraftingWorkspace/pace/sendWindow';

function logged() {
	const lines: Array<{ message: string; meta: Record<string, unknown> }> = [];
	const context = {
		getNode: () => ({ name: 'Produce offers' }),
		logger: {
			info: (message: string, meta: Record<string, unknown>) => void lines.push({ message, meta }),
		},
	} as unknown as IExecuteFunctions;
	return { lines, context };
}

describe('ProgressLog', () => {
	it('says nothing for a batch shorter than the interval', () => {
		const { lines, context } = logged();
		let now = 0;
		const progress = new ProgressLog(context, 100, fixedWindow(10), false, () => now);
		for (let item = 0; item < 100; item++, now += 50) progress.itemDone();
		expect(lines).toEqual([]);
	});

	it(`logs at most once every ${PROGRESS_EVERY_MS / 1000} s: items done of N, refusals sent again, the pace`, () => {
		const { lines, context } = logged();
		let now = 0;
		const progress = new ProgressLog(context, 1_000, fixedWindow(7), true, () => now);
		// An item ends every 100 ms, a refusal every 20th item: 100 s in all.
		for (let item = 1; item <= 1_000; item++) {
			now += 100;
			if (item % 20 === 10) progress.requestRefused();
			progress.itemDone();
		}
		expect(lines.length).toBeGreaterThanOrEqual(9);
		expect(lines.length).toBeLessThanOrEqual(10);
		expect(lines[0].meta).toMatchObject({
			node: 'Produce offers',
			itemsDone: 100,
			items: 1_000,
			refusedAndRetried: 5,
			pace: 7,
			auto: true,
		});
		expect(lines[0].message).toBe(
			'Drafting Workspace "Produce offers": 100 of 1000 items done, 5 requests refused by the service and sent again, 7 at once (Auto)',
		);
		const done = lines.map((line) => Number(line.meta.itemsDone));
		expect(done).toEqual([...done].sort((a, b) => a - b));
		// Never a line for the last item: the node's end says that.
		expect(done.every((count) => count < 1_000)).toBe(true);
	});
});
