import type { INodeProperties } from 'n8n-workflow';

import type { ItemExecute, Work } from '../pace/work';

export { POST_STAGE } from '../pace/work';
export type { FollowPlan, Work } from '../pace/work';

/**
 * An operation is its description, a function of one item, and the kind of work it does. The router owns the
 * item loop, `pairedItem` and Continue On Fail, so operations return plain items and throw on failure; the pace
 * engine (pace/engine.ts) runs the items as their `work` says.
 */
export interface OperationModule {
	description: INodeProperties[];
	execute: ItemExecute;
	/** Required: how the items are paced. Each value's comment says when to pick it (pace/work.ts, `Work`). */
	work: Work;
}
