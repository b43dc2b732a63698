import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * Items in flight at once, for every operation. Ten keeps a key's default rate limit (300
 * requests a minute, 5 a second) busy for items of up to 2 s (a chat answer, a render with its PDF download), the
 * slowest items this service serves one request for; faster items reach the limit first, and its 429s pause every
 * item at once (transport/pause.ts) rather than fail. Five (n8n's chains' default) measured at half the key's pace
 * for 2 s answers. Ten is also what the runs' Follow at Most holds open.
 */
export const DEFAULT_BATCH_SIZE = 10;

const BATCH_SIZE_DESCRIPTION =
	"How many items to process in parallel. Output keeps the items' order. Requests that create something (starts, uploads, documents) are sent in item order; the key's rate limit is shared by all of them (a 429 pauses every item). Set to 1 to process one item at a time.";

/** n8n's words for it (its chains' Batch Processing → Batch Size); not in the AI-tool variant, which runs one item. */
const batching = {
	displayName: 'Batch Processing',
	name: 'batching',
	type: 'collection',
	placeholder: 'Add batch processing option',
	default: {},
} as const;

export const batchingOptions: INodeProperties[] = [
	{
		...batching,
		displayOptions: { show: { '@tool': [false] } },
		options: [{ displayName: 'Batch Size', name: 'batchSize', type: 'number', default: DEFAULT_BATCH_SIZE, typeOptions: { minValue: 1 }, description: BATCH_SIZE_DESCRIPTION }],
	},
];

/** Batch Size, read once for the execution (item 0): a whole number from 1 up, 10 by default. */
export function readBatchSize(this: IExecuteFunctions): number {
	const batching = this.getNodeParameter('batching', 0, {}) as IDataObject;
	const size = Math.floor(Number(batching.batchSize ?? DEFAULT_BATCH_SIZE));
	return Number.isFinite(size) && size >= 1 ? size : DEFAULT_BATCH_SIZE;
}
