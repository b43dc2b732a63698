import type { IExecuteFunctions } from 'n8n-workflow';

import type { SendWindow } from './sendWindow';

/** At most one progress line this often: a long batch shows in n8n's log as moving, a short one logs nothing. */
export const PROGRESS_EVERY_MS = 10_000;

/**
 * A long batch's progress in n8n's log (this.logger, info): items done of N, requests the service refused and the
 * node sent again, and the current pace. It looks at n8n's clock when an item ends and when a request is refused,
 * so it sets no timer of its own.
 */
export class ProgressLog {
	private done = 0;
	private refused = 0;
	private lastAt: number;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly size: number,
		private readonly window: SendWindow,
		private readonly auto: boolean,
		private readonly clock: () => number = () => Date.now(),
	) {
		this.lastAt = clock();
	}

	/** An item ended (with its result or its error). */
	itemDone = (): void => {
		this.done++;
		this.maybeLog();
	};

	/** The service refused a request (a 429 or 423); the transport sends it again after the rest. */
	requestRefused = (): void => {
		this.refused++;
		this.maybeLog();
	};

	private maybeLog(): void {
		const now = this.clock();
		if (now - this.lastAt < PROGRESS_EVERY_MS || this.done >= this.size) return;
		this.lastAt = now;
		const pace = this.window.size();
		const node = this.context.getNode().name;
		this.context.logger.info(
			`Drafting Workspace "${node}": ${this.done} of ${this.size} items done, ${this.refused} requests refused by the service and sent again, ${pace} at once (${this.auto ? 'Auto' : 'Fixed Batch Size'})`,
			{
				node,
				itemsDone: this.done,
				items: this.size,
				refusedAndRetried: this.refused,
				pace,
				auto: this.auto,
			},
		);
	}
}
