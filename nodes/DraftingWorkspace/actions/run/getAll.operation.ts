import { DateTime } from 'luxon';
import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { workflowLocator } from '../../../shared/common/descriptions';
import { jsonItems, withIdAs } from '../items';
import { locatorValue } from '../../../shared/common/parameters';
import { listRuns } from '../../../shared/client';
import type { Work } from '../types';

const show = { resource: ['run'], operation: ['getAll'] };
/** Contract, Endpoints: the list holds the most recent 50 visible runs after filtering. */
export const RUN_LIST_MAX = 50;

export const description: INodeProperties[] = [
	{
		displayName:
			'At most the 50 most recent matching runs (started through the API) come back: use Started From / Started To to reach older ones.',
		name: 'runListNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: RUN_LIST_MAX },
		// A literal, as n8n's linter requires (n8n-nodes-base/node-param-default-wrong-for-limit): the service's cap.
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show },
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Initiator User ID',
				name: 'initiatorUserId',
				type: 'string',
				default: '',
				description: 'ID of the workspace user whose API keys started the runs',
			},
			{
				displayName: 'Started From',
				name: 'startedFrom',
				type: 'dateTime',
				default: '',
				description:
					'Only runs started at or after this moment (searches the whole history, not only the latest 50)',
			},
			{
				displayName: 'Started To',
				name: 'startedTo',
				type: 'dateTime',
				default: '',
				description:
					'Only runs started on or before this day: the service counts the whole day, so the time of day is ignored',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				default: 'Completed',
				description:
					'List only runs in this status: Pending, Running, Completed, Failed or Cancelled',
				options: [
					{ name: 'Cancelled', value: 'Cancelled' },
					{ name: 'Completed', value: 'Completed' },
					{ name: 'Failed', value: 'Failed' },
					{ name: 'Pending', value: 'Pending' },
					{ name: 'Running', value: 'Running' },
				],
			},
			workflowLocator({ required: false, displayOptions: undefined }),
		],
	},
];

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';

/** A dateTime parameter (string, Luxon DateTime or Date) read in the workflow's time zone. */
function toDateTime(
	this: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): DateTime {
	let parsed: DateTime;
	if (DateTime.isDateTime(value)) parsed = value;
	else if (value instanceof Date) parsed = DateTime.fromJSDate(value);
	else parsed = DateTime.fromISO(String(value).trim(), { zone: this.getTimezone() });
	if (!parsed.isValid)
		throw new NodeOperationError(this.getNode(), `${field} is not a date: "${String(value)}"`, {
			description:
				'Use an ISO date such as 2026-01-31 or 2026-01-31T09:00:00, or pick one in the date picker.',
			itemIndex,
		});
	return parsed;
}

/**
 * GET /workflows/runs with the contract's filters; at most 50 runs come back, newest first. Each run carries its id as `runId`, as Run → Get's record does, so Get Many → Get works with `{{ $json.runId }}`.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const workflowId = locatorValue(filters.workflowId);
	if (workflowId) qs.workflowId = workflowId;
	if (typeof filters.status === 'string' && filters.status) qs.status = filters.status;
	if (typeof filters.initiatorUserId === 'string' && filters.initiatorUserId.trim())
		qs.initiatorUserId = filters.initiatorUserId.trim();
	if (filters.startedFrom)
		qs.startedFrom = toDateTime
			.call(this, filters.startedFrom, 'Started From', itemIndex)
			.toUTC()
			.toISO();
	// The service reads Started To as a whole day; the day is taken as the user sees it, in the workflow's time zone.
	if (filters.startedTo)
		qs.startedTo = toDateTime.call(this, filters.startedTo, 'Started To', itemIndex).toISODate();

	const runs = await listRuns.call(this, qs, { itemIndex });
	const limit = this.getNodeParameter('limit', itemIndex, RUN_LIST_MAX) as number;
	const listed = runs.slice(0, limit);
	return jsonItems(listed.map((run) => withIdAs(run, 'runId')));
}
