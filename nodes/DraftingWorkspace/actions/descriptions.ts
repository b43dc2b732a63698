import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { locatorModes, workflowLocator } from '../../shared/common/descriptions';

export function returnAllOrLimit(
	resource: string,
	operation: string,
	maxLimit?: number,
): INodeProperties[] {
	const displayOptions = { show: { resource: [resource], operation: [operation] } };
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			// n8n's wording for every Limit parameter (n8n-nodes-base/node-param-description-wrong-for-limit).
			description: 'Max number of results to return',
			displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
		},
	];
}

/** The run picker: By ID first (a run id usually comes from Start Run), or the key's recent runs. */
export function runLocator(
	overrides: Partial<INodeProperties> & Pick<INodeProperties, 'displayOptions'>,
): INodeProperties {
	return {
		displayName: 'Run',
		name: 'runId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description:
			"The run's ID, as Run → Start returned it (its runId): a run started through the API (runs started by people in the workspace are not visible to API keys)",
		...locatorModes(
			{ method: 'searchRuns', placeholder: 'Select a recent run...' },
			{ placeholder: 'e.g. {{ $json.runId }}', noun: 'run' },
			true,
		),
		...overrides,
	};
}

/** Where downloaded files go: `data`, then `data_1`, `data_2`… when a run has several. */
export function binaryPropertyField(
	show: NonNullable<IDisplayOptions['show']>,
	what = 'file',
): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: `The name of the output binary field to put the ${what} in (further files get _1, _2… appended)`,
		description: `The name of the binary field of the output item that receives the ${what}, e.g. data; a second file goes in data_1, a third in data_2`,
		displayOptions: { show },
	};
}

/** The template picker: From list (searchable) or By ID. */
export function templateLocator(
	overrides: Partial<INodeProperties> & Pick<INodeProperties, 'displayOptions'>,
): INodeProperties {
	return {
		...workflowLocator({ displayOptions: overrides.displayOptions }),
		displayName: 'Template',
		name: 'templateId',
		description: "An active drafting template the API key's user can use",
		...locatorModes(
			{ method: 'searchTemplates', placeholder: 'Select a template...' },
			{ placeholder: 'e.g. tpl_123', noun: 'template' },
		),
		...overrides,
	};
}

/**
 * The canvas subtitle, "Operation: Resource" in display names ("Produce From Template: Document"), built from the
 * node's own resource and operation options so a new operation needs no second list. n8n evaluates it as an
 * expression; an unknown pair falls back to the raw values.
 */
export function subtitleFromOptions(properties: INodeProperties[]): string {
	const resource = properties.find((property) => property.name === 'resource');
	const labels: Record<string, string> = {};
	for (const option of resource?.options ?? []) {
		if (!('value' in option) || typeof option.value !== 'string') continue;
		const operation = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(option.value as string),
		);
		for (const choice of operation?.options ?? []) {
			if ('value' in choice && typeof choice.value === 'string')
				labels[`${option.value}.${choice.value}`] = `${choice.name}: ${option.name}`;
		}
	}
	const key = '$parameter["resource"] + "." + $parameter["operation"]';
	return `={{ (${JSON.stringify(labels)})[${key}] ?? ($parameter["operation"] + ": " + $parameter["resource"]) }}`;
}

/** Follows open at once when `followAtMost` (Max Runs Followed / Uploads Checked at Once) is not set: ten streams or status loops. */
export const DEFAULT_FOLLOW_AT_MOST = 10;

/**
 * How many of a batch's runs (or uploads) are waited on side by side. The parameter is `followAtMost`; the label
 * names what is bounded.
 */
export function followAtMostOption(displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name: 'followAtMost',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		default: DEFAULT_FOLLOW_AT_MOST,
		description,
	};
}
