// What n8n makes of each operation as the action node's tool description (Tool Description → Set Automatically:
// n8n-workflow's makeDescription, "<action> in <node name>"), as the unit test and the e2e agent test both expect it.
import type { INodeProperties } from 'n8n-workflow';

export const TOOL_DESCRIPTIONS: Record<string, string> = {
	'workflow.get': 'Get a workflow in Drafting Workspace',
	'workflow.getAll': 'Get many workflows in Drafting Workspace',
	'run.cancel': 'Cancel a run in Drafting Workspace',
	'run.downloadFile': 'Download rendered files of a run in Drafting Workspace',
	'run.downloadInputDocument': 'Download an input document of a run in Drafting Workspace',
	'run.get': 'Get a run in Drafting Workspace',
	'run.getAll': 'Get many runs in Drafting Workspace',
	'run.start': 'Start a run in Drafting Workspace',
	'run.wait': 'Wait for a run to finish in Drafting Workspace',
	'inputDocument.get': 'Get the status of an input document in Drafting Workspace',
	'inputDocument.upload': 'Upload an input document in Drafting Workspace',
	'template.get': 'Get a template in Drafting Workspace',
	'template.getAll': 'Get many templates in Drafting Workspace',
	'document.download': 'Download a document in Drafting Workspace',
	'document.produce': 'Produce a document from a template in Drafting Workspace',
	'chat.complete': 'Create a chat completion in Drafting Workspace',
	'chat.listModels': 'List chat models in Drafting Workspace',
};

/** Every (resource, operation) pair a node's properties offer. */
export function operationPairs(
	properties: INodeProperties[],
): Array<{ resource: string; operation: string }> {
	const resource = properties.find((property) => property.name === 'resource');
	return ((resource?.options ?? []) as Array<{ value: string }>).flatMap(({ value }) => {
		const picker = properties.find(
			(property) =>
				property.name === 'operation' && property.displayOptions?.show?.resource?.includes(value),
		);
		return ((picker?.options ?? []) as Array<{ value: string }>).map((option) => ({
			resource: value,
			operation: option.value,
		}));
	});
}
