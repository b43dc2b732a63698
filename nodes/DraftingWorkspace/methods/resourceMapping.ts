import type { IDataObject, ILoadOptionsFunctions, INodeParameterResourceLocator, ResourceMapperFields } from 'n8n-workflow';

import { runInputFields, unwrapInputSchema } from '../helpers/runInput';
import { entryKindOf } from '../helpers/workflowDetail';
import { apiRequest } from '../transport';

function selectedWorkflowId(this: ILoadOptionsFunctions): string {
	const raw = this.getNodeParameter('workflowId', undefined, { extractValue: true }) as string | INodeParameterResourceLocator;
	return String(typeof raw === 'object' && raw !== null ? raw.value : (raw ?? '')).trim();
}

/** Start Run's field mapper: one field per property of the selected workflow's input schema. */
export async function getRunInputFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const workflowId = selectedWorkflowId.call(this);
	if (!workflowId) return { fields: [], emptyFieldsNotice: 'Select a workflow first.' };
	const detail = (await apiRequest.call(this, { method: 'GET', path: `/workflows/${encodeURIComponent(workflowId)}` })) as IDataObject;
	const schema = unwrapInputSchema(detail.inputSchema);
	if (!schema) {
		return {
			fields: [],
			emptyFieldsNotice:
				entryKindOf(detail) === 'agent'
					? 'This workflow starts with an agent step, which takes text: set Input Mode to Text.'
					: 'This workflow has no input schema: set Input Mode to Text or JSON.',
		};
	}
	return { fields: runInputFields(schema) };
}
