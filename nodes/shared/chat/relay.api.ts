import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Relays the model's output deltas to a streaming execution (Chat Trigger, Webhook with streaming) as
 * n8n stream chunks; a no-op otherwise.
 */
export class ProgressRelay {
	private readonly enabled: boolean;
	private begun = false;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
	) {
		this.enabled = typeof context.isStreaming === 'function' && context.isStreaming();
	}

	async send(delta: string): Promise<void> {
		if (!this.enabled) return;
		if (!this.begun) {
			this.begun = true;
			await this.context.sendChunk('begin', this.itemIndex);
		}
		await this.context.sendChunk('item', this.itemIndex, delta);
	}

	async end(): Promise<void> {
		if (!this.enabled || !this.begun) return;
		this.begun = false;
		await this.context.sendChunk('end', this.itemIndex);
	}
}
