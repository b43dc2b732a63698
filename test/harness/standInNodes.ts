import { NodeConnectionTypes } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

/**
 * n8n-nodes-base is not a dependency of this package (it pulls databases, Kafka and more), so the harness
 * registers two small source nodes under their own names. Both only emit items; everything under test
 * (our nodes, the engine, credentials, HTTP) is the real thing.
 */

/** Behaves as n8n's Manual Trigger: one empty item. Registered as `n8n-nodes-base.manualTrigger`. */
export class ManualTriggerStandIn implements INodeType {
	description = {
		displayName: 'When clicking "Execute workflow"',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Runs the flow on clicking a button in n8n',
		defaults: { name: 'Manual Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/**
 * Emits the items given in its `items` parameter (JSON array). An item's `binary` entries may be given as
 * `{ base64, fileName, mimeType }` and become real n8n binary data through `prepareBinaryData`.
 */
export class TestItemsNode implements INodeType {
	description = {
		displayName: 'Test Items',
		name: 'testItems',
		group: ['input'],
		version: 1,
		description: 'Emits fixed items for tests',
		defaults: { name: 'Test Items' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await itemsOfParameter<{ base64: string; fileName?: string; mimeType?: string }>(
			this,
			(file) => Buffer.from(file.base64, 'base64'),
		);
	}
}

/** The items of a node's `items` parameter (a JSON array), each binary entry made real n8n binary data from its bytes. */
export async function itemsOfParameter<File extends { fileName?: string; mimeType?: string }>(
	context: IExecuteFunctions,
	bytesOf: (file: File) => Buffer,
): Promise<INodeExecutionData[][]> {
	const raw = context.getNodeParameter('items', 0) as string | IDataObject[];
	const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
		json?: IDataObject;
		binary?: Record<string, File>;
	}>;
	const out: INodeExecutionData[] = [];
	for (const entry of list) {
		const item: INodeExecutionData = { json: entry.json ?? {}, pairedItem: { item: 0 } };
		if (entry.binary) {
			item.binary = {};
			for (const [key, file] of Object.entries(entry.binary))
				item.binary[key] = await context.helpers.prepareBinaryData(
					bytesOf(file),
					file.fileName,
					file.mimeType,
				);
		}
		out.push(item);
	}
	return [out];
}

/**
 * Emits one item with a generated file of `sizeBytes` bytes (a PDF header, then filler), built without
 * a JSON parameter holding it: benchmarks measure memory around 50 MB files and must not pay for a
 * 67 MB base64 string in the workflow's parameters.
 */
export class LargeFileNode implements INodeType {
	description = {
		displayName: 'Large File',
		name: 'largeFile',
		group: ['input'],
		version: 1,
		description: 'Emits one item with a generated file',
		defaults: { name: 'Large File' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Size (Bytes)', name: 'sizeBytes', type: 'number', default: 1024 },
			{ displayName: 'File Name', name: 'fileName', type: 'string', default: 'large.pdf' },
			{ displayName: 'MIME Type', name: 'mimeType', type: 'string', default: 'application/pdf' },
			{
				displayName: 'Binary Property',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
			},
		],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const size = this.getNodeParameter('sizeBytes', 0) as number;
		const bytes = Buffer.alloc(size, 0x20);
		bytes.write('%PDF-1.4\n% generated filler\n');
		bytes.write('\n%%EOF\n', Math.max(0, size - 7));
		const binary = await this.helpers.prepareBinaryData(
			bytes,
			this.getNodeParameter('fileName', 0) as string,
			this.getNodeParameter('mimeType', 0) as string,
		);
		return [
			[
				{
					json: { sizeBytes: size },
					binary: { [this.getNodeParameter('binaryPropertyName', 0) as string]: binary },
					pairedItem: { item: 0 },
				},
			],
		];
	}
}
