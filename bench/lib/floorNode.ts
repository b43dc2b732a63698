/**
 * The floor of scenarios 4 and 5: a bench-only node that does nothing but what every node must, through n8n's
 * own helpers, with the package's credential. `json`: per item, one parameter read (the path, an expression in
 * the bench) and one `httpRequestWithAuthentication` GET with the options this package's transport uses,
 * `concurrency` items at a time. `file`: one GET whose body, a stream, goes to `prepareBinaryData`. What a side
 * costs above this floor is its own; the floor itself is n8n's (and Node's).
 */
import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, registerNodeTypes } from '../../test/harness';
import { CREDENTIALS, type BenchNode } from './workflow';

const FLOOR_TYPE = 'test.requestFloor';

class RequestFloorNode implements INodeType {
	description = {
		displayName: 'Request Floor',
		name: 'requestFloor',
		group: ['input'],
		version: 1,
		description: "n8n's request helper alone (bench floor)",
		defaults: { name: 'Request Floor' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				options: [
					{ name: 'JSON', value: 'json' },
					{ name: 'File', value: 'file' },
				],
				default: 'json',
			},
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
			{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 8 },
		],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const get = async (itemIndex: number, stream: boolean): Promise<IN8nHttpFullResponse> =>
			(await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
				method: 'GET',
				url: this.getNodeParameter('url', itemIndex) as string,
				json: !stream,
				encoding: stream ? 'stream' : undefined,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				timeout: 60_000,
			})) as IN8nHttpFullResponse;
		if (this.getNodeParameter('mode', 0) === 'file') {
			const response = await get(0, true);
			const binary = await this.helpers.prepareBinaryData(
				response.body as Buffer,
				'floor.pdf',
				'application/pdf',
			);
			return [
				[
					{
						json: { statusCode: response.statusCode },
						binary: { data: binary },
						pairedItem: { item: 0 },
					},
				],
			];
		}
		const output: INodeExecutionData[] = new Array(items.length);
		let next = 0;
		const worker = async (): Promise<void> => {
			while (next < items.length) {
				const itemIndex = next++;
				const response = await get(itemIndex, false);
				// A failed read is counted by the scenario as a failed item, as for the measured sides.
				const json =
					response.statusCode === 200
						? (response.body as IDataObject)
						: { error: `HTTP ${response.statusCode}` };
				output[itemIndex] = { json, pairedItem: { item: itemIndex } };
			}
		};
		const concurrency = Math.max(
			1,
			Math.min(items.length, this.getNodeParameter('concurrency', 0) as number),
		);
		await Promise.all(Array.from({ length: concurrency }, async () => await worker()));
		return [output];
	}
}

let registered = false;

/** The floor node, registered on first use. */
export function requestFloor(
	name: string,
	parameters: { mode: 'json' | 'file'; url: string; concurrency?: number },
): BenchNode {
	if (!registered)
		registerNodeTypes({ [FLOOR_TYPE]: { type: new RequestFloorNode(), sourcePath: '' } });
	registered = true;
	return { name, type: FLOOR_TYPE, parameters, credentials: CREDENTIALS };
}
