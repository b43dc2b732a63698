import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The action node's versions: a change of a parameter, a default or an output shape is made in version 2
 * only, so a workflow saved with version 1 keeps doing what it did. Descriptions are gated with these display
 * conditions, behaviour with `isVersion2`.
 */
export const FROM_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };
export const VERSION_1 = { '@version': [1] };

/** Whether the executing node is version 2 or later. */
export function isVersion2(this: IExecuteFunctions): boolean {
	return this.getNode().typeVersion >= 2;
}
