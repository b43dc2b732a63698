import {
	dateTime,
	int,
	nullable,
	ref,
	RUN_CONDITIONS,
	RUN_STATUSES,
	STEP_STATUSES,
	str,
	type Schema,
} from './schema-parts';

/** Runs as JSON Schemas of the OpenAPI components: the start request and answer, the run record, its steps, files and errors, the list, cancel. */
export const RUN_SCHEMAS: Record<string, Schema> = {
	DocumentReference: {
		type: 'object',
		description:
			'Value of a `format: document` field: both ids from the upload response. A bare id is refused (document_field_invalid_format).',
		required: ['documentId', 'documentVersionId'],
		properties: { documentId: str, documentVersionId: str },
	},
	StartRunRequest: {
		type: 'object',
		required: ['workflowId', 'input'],
		properties: {
			workflowId: str,
			input: {
				description:
					'A string for `kind: agent` entries; an object matching the input schema for `kind: input` entries. Optional document fields are left out, never null.',
				anyOf: [str, { type: 'object' }],
			},
		},
	},
	StartRunResponse: {
		type: 'object',
		required: ['runId', 'status', 'startedAt'],
		properties: {
			runId: str,
			status: { type: 'string', enum: RUN_STATUSES, description: 'Initially Pending.' },
			startedAt: dateTime,
		},
	},
	RenderedArtifact: {
		type: 'object',
		required: ['format', 'filename', 'contentType', 'sizeBytes', 'downloadPath'],
		properties: {
			format: { type: 'string', enum: ['pdf', 'docx'] },
			filename: str,
			contentType: str,
			sizeBytes: { type: 'integer', minimum: 0 },
			downloadPath: { type: 'string', description: 'Resolve against the base URL.' },
		},
	},
	RunStep: {
		type: 'object',
		required: ['stepId', 'index', 'name', 'kind', 'status', 'startedAt', 'completedAt', 'output'],
		properties: {
			stepId: str,
			index: int,
			name: str,
			kind: { type: 'string', examples: ['agent', 'input', 'render', 'review'] },
			status: { type: 'string', enum: STEP_STATUSES },
			startedAt: nullable(dateTime),
			completedAt: nullable(dateTime),
			output: nullable(str),
			error: {
				type: 'object',
				required: ['code', 'message'],
				properties: { code: str, message: str },
			},
			renderedArtifact: ref('RenderedArtifact'),
		},
	},
	RunError: {
		type: 'object',
		required: ['code', 'message', 'stepId'],
		properties: { code: str, message: str, stepId: str },
	},
	RunRecord: {
		type: 'object',
		description:
			'Status, timings, token totals and each step with its state and output; successful render steps carry renderedArtifact.',
		required: [
			'runId',
			'workflowId',
			'workflowName',
			'workflowVersionId',
			'status',
			'condition',
			'initiator',
			'input',
			'startedAt',
			'updatedAt',
			'completedAt',
			'timings',
			'tokens',
			'steps',
			'inputDocuments',
			'knowledgeBaseCoverage',
			'error',
		],
		properties: {
			runId: str,
			workflowId: str,
			workflowName: str,
			workflowVersionId: str,
			status: { type: 'string', enum: RUN_STATUSES },
			condition: {
				anyOf: [{ type: 'string', enum: RUN_CONDITIONS }, { type: 'null' }],
				description: 'Non-terminal conditions; null otherwise.',
			},
			initiator: {
				type: 'object',
				required: ['type', 'userId'],
				properties: {
					type: { type: 'string', enum: ['api', 'user'] },
					userId: str,
					keyPrefix: {
						type: 'string',
						description: 'First 8 characters of the starting key (api runs).',
					},
				},
			},
			input: {
				description: 'As posted: a string (agent entry) or an object (input entry).',
				anyOf: [str, { type: 'object' }],
			},
			startedAt: dateTime,
			updatedAt: dateTime,
			completedAt: nullable(dateTime),
			timings: {
				type: 'object',
				required: ['queuedMs', 'runningMs', 'totalMs'],
				properties: { queuedMs: int, runningMs: int, totalMs: int },
			},
			tokens: {
				type: 'object',
				required: ['input', 'output', 'total'],
				properties: { input: int, output: int, total: int },
			},
			steps: { type: 'array', items: ref('RunStep') },
			inputDocuments: {
				type: 'array',
				items: {
					type: 'object',
					required: ['field', 'documentId', 'documentVersionId', 'filename'],
					properties: { field: str, documentId: str, documentVersionId: str, filename: str },
				},
			},
			knowledgeBaseCoverage: {
				type: 'array',
				items: {
					type: 'object',
					required: ['documentId', 'documentVersionId', 'filename'],
					properties: { documentId: str, documentVersionId: str, filename: str },
				},
			},
			error: nullable(ref('RunError')),
		},
	},
	RunListItem: {
		type: 'object',
		description: 'The contract does not show list-item fields: the run id is `id` here.',
		required: [
			'id',
			'workflowId',
			'workflowName',
			'status',
			'condition',
			'startedAt',
			'completedAt',
		],
		properties: {
			id: str,
			workflowId: str,
			workflowName: str,
			status: { type: 'string', enum: RUN_STATUSES },
			condition: { anyOf: [{ type: 'string', enum: RUN_CONDITIONS }, { type: 'null' }] },
			startedAt: dateTime,
			completedAt: nullable(dateTime),
		},
	},
	CancelResponse: {
		oneOf: [
			{
				type: 'object',
				required: ['runId', 'requested'],
				properties: { runId: str, requested: { const: true } },
			},
			{
				type: 'object',
				required: ['runId', 'status', 'alreadyTerminal'],
				properties: { runId: str, status: str, alreadyTerminal: { const: true } },
			},
		],
	},
	Base64Envelope: {
		type: 'object',
		required: ['filename', 'contentType', 'format', 'sizeBytes', 'data'],
		properties: {
			filename: str,
			contentType: str,
			format: { type: 'string', enum: ['pdf', 'docx', 'json', 'markdown'] },
			sizeBytes: { type: 'integer', minimum: 0 },
			data: { type: 'string', contentEncoding: 'base64' },
		},
	},
};
