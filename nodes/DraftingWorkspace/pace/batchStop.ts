import { CANCELLED_WAIT_MESSAGE } from '../../shared/transport';

/**
 * How well an item's error tells why its batch stopped: 0, it failed on its own; 1, the execution's cancel (or an
 * abort) ended its wait or request; 2, its turn was refused because another item failed first. The error a
 * stopped batch throws is the one of the lowest rank (n8n reads a cancelled execution from the error's message).
 */
export function stopRank(error: unknown): 0 | 1 | 2 {
	for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
		if (current instanceof BatchStoppedError) return 2;
		if (current.name === 'AbortError' || (current as { code?: unknown }).code === 'ERR_CANCELED') return 1;
		if (current.message.startsWith(CANCELLED_WAIT_MESSAGE)) return 1;
	}
	return 0;
}

/** Thrown into a send or follow that was still waiting when the batch stopped. */
export class BatchStoppedError extends Error {
	constructor() {
		super('The batch stopped before this item took its turn');
		this.name = 'BatchStoppedError';
	}
}
