import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * Items in flight at once, for every operation. Five is n8n's own default for its AI chains, and at a service time
 * of one second per item (a document render) it is exactly a key's default rate limit (300 requests a minute):
 * fast where the service is slow, and never a burst past the limit. Set to 1, items run one after another.
 */
const DEFAULT_BATCH_SIZE = 5;

/** n8n's words for it (its chains' Batch Processing → Batch Size); not in the AI-tool variant, which runs one item. */
export const batchingOption: INodeProperties = {
	displayName: 'Batch Processing',
	name: 'batching',
	type: 'collection',
	placeholder: 'Add Batch Processing Option',
	default: {},
	displayOptions: { show: { '@tool': [false] } },
	options: [
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			default: DEFAULT_BATCH_SIZE,
			typeOptions: { minValue: 1 },
			description:
				"How many items to process in parallel. Output keeps the items' order. Requests that create something (starts, uploads, documents) are sent in item order; the key's rate limit is shared by all of them (a 429 pauses every item). Set to 1 to process one item at a time.",
		},
	],
};

/** Batch Size, read once for the execution (item 0): a whole number from 1 up. */
export function readBatchSize(this: IExecuteFunctions): number {
	const batching = this.getNodeParameter('batching', 0, {}) as IDataObject;
	const size = Math.floor(Number(batching.batchSize ?? DEFAULT_BATCH_SIZE));
	return Number.isFinite(size) && size >= 1 ? size : DEFAULT_BATCH_SIZE;
}
