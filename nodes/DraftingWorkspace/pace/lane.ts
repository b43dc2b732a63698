import type { IDataObject } from 'n8n-workflow';

/** How a follow got its turn. */
export interface FollowTurn {
	/** It waited for a free slot (more follows than Follow at Most): what it follows has often finished meanwhile. */
	queued: boolean;
}

/** What one item's operation uses to take its turn. */
export interface Lane {
	/** Runs `fn` at this item's turn of `stage`: after every earlier item began the stage, within the send limit. */
	send<T>(stage: string, fn: () => Promise<T>): Promise<T>;
	/** Runs `fn` once every item passed the stages this one did, in one of the `limit` slots of `kind`. */
	follow<T>(kind: string, fn: (turn: FollowTurn) => Promise<T>): Promise<T>;
	/** Notes what this item created (ids), so an error that stops the batch can list every item's. */
	record(ids: IDataObject): void;
}
