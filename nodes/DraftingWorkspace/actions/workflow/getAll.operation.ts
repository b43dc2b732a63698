import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Lane } from '../../pace/batch';
import { withIdAs } from '../items';
import { listWorkflows } from '../../../shared/client';
import { getManyOperation } from '../getMany';
import type { Work } from '../types';

/** The workflows with an active version the key may start (narrowed by its allowlist). */
const list = getManyOperation('workflow', listWorkflows);

export const { description } = list;

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';

/** Each workflow carries its id as `workflowId`, as Workflow → Get and Run → Start name it. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
): Promise<INodeExecutionData[]> {
	const listed = await list.execute.call(this, itemIndex, lane);
	return listed.map((item) => ({ ...item, json: withIdAs(item.json, 'workflowId') }));
}
