import { bool, dateTime, int, ref, str, type Schema } from './schema-parts';

/** Workflows as JSON Schemas of the OpenAPI components: the list, a workflow and its steps. */
export const WORKFLOW_SCHEMAS: Record<string, Schema> = {
	WorkflowSummary: {
		type: 'object',
		required: [
			'id',
			'name',
			'description',
			'hasActive',
			'activeVersionId',
			'stepCount',
			'createdAt',
			'updatedAt',
		],
		properties: {
			id: str,
			name: str,
			description: str,
			hasActive: bool,
			activeVersionId: str,
			stepCount: int,
			createdAt: dateTime,
			updatedAt: dateTime,
		},
	},
	WorkflowStep: {
		type: 'object',
		required: ['id', 'index', 'name', 'kind'],
		properties: {
			id: str,
			index: int,
			name: str,
			kind: {
				type: 'string',
				description: 'The entry step is `agent` or `input`; `render` steps produce files.',
				examples: ['agent', 'input', 'render', 'review'],
			},
			agentId: str,
		},
	},
	WorkflowDetail: {
		allOf: [ref('WorkflowSummary')],
		type: 'object',
		required: ['steps', 'agents', 'inputSchema'],
		properties: {
			steps: {
				type: 'array',
				items: ref('WorkflowStep'),
				description: 'Active version steps, entry step first.',
			},
			agents: {
				type: 'array',
				items: { type: 'object', required: ['id', 'name'], properties: { id: str, name: str } },
			},
			inputSchema: {
				description:
					'JSON Schema 2020-12 of the run input for `kind: input` entries (fields may carry `format: document`); null for `kind: agent` entries.',
				anyOf: [{ type: 'object' }, { type: 'null' }],
			},
		},
	},
};
