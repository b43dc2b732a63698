import type { OperationId } from '../operations';
import { ACCEPTED_UPLOAD_TYPES } from '../uploads/media-types';
import { json, ref, type Json } from './document-parts';

/** The OpenAPI document's operations: what each adds (parameters, body, its own answers) to the refusals every endpoint can answer. */

const shape2 = (description: string): Json => ({
	description,
	content: json(ref('schemas', 'ErrorShape2')),
});
const pathParam = (name: string, description: string): Json => ({
	name,
	in: 'path',
	required: true,
	description,
	schema: { type: 'string' },
});

const BINARY_FILE = { type: 'string', contentMediaType: 'application/octet-stream' };

/** What each operation adds to the refusals every endpoint can answer. */
export const OPERATION_DETAILS: Record<OperationId, Json> = {
	listWorkflows: {
		responses: {
			200: {
				description: 'Workflows with an active version, narrowed to the key allowlist.',
				content: json({ type: 'array', items: ref('schemas', 'WorkflowSummary') }),
			},
		},
	},
	getWorkflow: {
		parameters: [pathParam('id', 'Workflow id from the list')],
		responses: {
			200: {
				description: 'The workflow with its active version projected.',
				content: json(ref('schemas', 'WorkflowDetail')),
			},
			404: ref('responses', 'NotFound'),
		},
	},
	startRun: {
		requestBody: { required: true, content: json(ref('schemas', 'StartRunRequest')) },
		responses: {
			202: {
				description: 'Accepted; the run starts Pending.',
				content: json(ref('schemas', 'StartRunResponse')),
			},
			400: shape2(
				'Run input refusal (`details` names each failing field), document_not_ready, document_field_invalid_format.',
			),
			404: ref('responses', 'NotFound'),
		},
	},
	listRuns: {
		parameters: [
			{ name: 'workflowId', in: 'query', schema: { type: 'string' } },
			{ name: 'status', in: 'query', schema: { type: 'string' } },
			{
				name: 'startedFrom',
				in: 'query',
				schema: { type: 'string', format: 'date-time' },
				description: 'Searches history, not only the latest page.',
			},
			{
				name: 'startedTo',
				in: 'query',
				schema: { type: 'string', format: 'date-time' },
				description: 'Runs to the end of that day.',
			},
			{ name: 'initiatorUserId', in: 'query', schema: { type: 'string' } },
		],
		responses: {
			200: {
				description: 'The most recent 50 visible API-started runs after filtering.',
				content: json({ type: 'array', maxItems: 50, items: ref('schemas', 'RunListItem') }),
			},
		},
	},
	getRun: {
		parameters: [pathParam('runId', 'Run id')],
		responses: {
			200: { description: 'The run record.', content: json(ref('schemas', 'RunRecord')) },
			404: ref('responses', 'NotFound'),
		},
	},
	cancelRun: {
		parameters: [pathParam('runId', 'Run id (started by this key)')],
		responses: {
			200: {
				description: 'Cancellation requested, or the run was already terminal.',
				content: json(ref('schemas', 'CancelResponse')),
			},
			404: ref('responses', 'NotFound'),
		},
	},
	streamRunEvents: {
		parameters: [pathParam('runId', 'Run id')],
		responses: {
			200: {
				description:
					'A `connected` frame, then StepStarted, StepProgress, StepCompleted and one terminal event (RunCompleted, RunFailed, RunCancelled).',
				content: { 'text/event-stream': { schema: { type: 'string' } } },
			},
			404: ref('responses', 'NotFound'),
			409: shape2('run_terminal: the run is already terminal; read the run record instead.'),
		},
	},
	downloadRunFile: {
		parameters: [
			pathParam('runId', 'Run id'),
			pathParam('stepId', 'A successful render step'),
			ref('parameters', 'Encoding'),
		],
		responses: {
			200: {
				description: 'The rendered file (Content-Disposition filename), or the base64 envelope.',
				content: {
					'application/pdf': { schema: BINARY_FILE },
					'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
						schema: BINARY_FILE,
					},
					'application/json': { schema: ref('schemas', 'Base64Envelope') },
				},
			},
			400: shape2('invalid_encoding'),
			404: ref('responses', 'NotFound'),
		},
	},
	downloadRunInputDocument: {
		parameters: [
			pathParam('runId', 'Run id'),
			pathParam('documentVersionId', 'A version on the run input or knowledge-base lists'),
		],
		responses: {
			200: {
				description: 'Original bytes with the stored content type.',
				content: { 'application/octet-stream': { schema: BINARY_FILE } },
			},
			404: ref('responses', 'NotFound'),
		},
	},
	uploadInputDocument: {
		requestBody: {
			required: true,
			content: {
				'multipart/form-data': {
					schema: ref('schemas', 'UploadMultipartRequest'),
					encoding: {
						file: {
							contentType: [...Object.keys(ACCEPTED_UPLOAD_TYPES), 'application/octet-stream'].join(
								', ',
							),
						},
					},
				},
				'application/json': { schema: ref('schemas', 'UploadJsonRequest') },
			},
		},
		responses: {
			202: {
				description: 'Accepted (status processing); ingestion continues in the background.',
				headers: {
					Location: {
						description: 'Absolute URL of the upload status endpoint.',
						schema: { type: 'string', format: 'uri' },
					},
				},
				content: json(ref('schemas', 'UploadResponse')),
			},
			400: shape2(
				'Checked in this order: unsupported_media_type (not PDF, DOCX, Markdown or plain text), size_exceeded (over the size limit, decoded bytes), too_many_pages (PDF over the page limit), storage_limit_reached (with `usage` and `limit` in bytes). invalid_request: no `file` field, a missing JSON field, data not base64, an empty file, another Content-Type.',
			),
		},
	},
	getInputDocument: {
		parameters: [pathParam('documentId', 'Upload id (readable by the uploading key only)')],
		responses: {
			200: { description: 'Upload status.', content: json(ref('schemas', 'UploadStatus')) },
			404: ref('responses', 'NotFound'),
		},
	},
	listTemplates: {
		responses: {
			200: {
				description: 'Active templates the key user can access.',
				content: json({ type: 'array', items: ref('schemas', 'TemplateSummary') }),
			},
		},
	},
	getTemplate: {
		parameters: [pathParam('templateId', 'Template id')],
		responses: {
			200: {
				description: 'Template detail with inputSchema.',
				content: json(ref('schemas', 'TemplateDetail')),
			},
			404: ref('responses', 'NotFound'),
		},
	},
	produceDocument: {
		parameters: [pathParam('templateId', 'Template id')],
		requestBody: {
			required: true,
			description: 'At most 10 MB.',
			content: json(ref('schemas', 'ProduceDocumentRequest')),
		},
		responses: {
			201: {
				description: 'The produced document (owned by the key user).',
				content: json(ref('schemas', 'ProducedDocument')),
			},
			400: shape2('input_validation_failed (`errors` names each path), field_fixed.'),
			404: ref('responses', 'NotFound'),
			413: shape2('Request body over 10 MB.'),
			422: shape2('fields_missing with `unresolvedFields` (strict: true).'),
		},
	},
	getDocument: {
		parameters: [
			pathParam('documentId', "Produced document id (the key user's, produced through the API)"),
		],
		responses: {
			200: {
				description: 'The produced document, as the production answered it.',
				content: json(ref('schemas', 'ProducedDocument')),
			},
			404: ref('responses', 'NotFound'),
		},
	},
	downloadDocumentContent: {
		parameters: [
			pathParam('documentId', 'Produced document id'),
			{
				name: 'format',
				in: 'path',
				required: true,
				schema: { type: 'string', enum: ['docx', 'pdf', 'markdown'] },
			},
			ref('parameters', 'Encoding'),
		],
		responses: {
			200: {
				description: 'The content bytes, or the base64 envelope.',
				content: {
					'application/pdf': { schema: BINARY_FILE },
					'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
						schema: BINARY_FILE,
					},
					'text/markdown': { schema: { type: 'string' } },
					'application/json': { schema: ref('schemas', 'Base64Envelope') },
				},
			},
			400: shape2('invalid_encoding'),
			403: shape2(
				'review_required (a person must review the document in the workspace first), or another 403 refusal.',
			),
			404: ref('responses', 'NotFound'),
		},
	},
	createChatCompletion: {
		requestBody: { required: true, content: json(ref('schemas', 'ChatCompletionRequest')) },
		responses: {
			200: {
				description:
					'A chat.completion, or with stream: true chat.completion.chunk events ending with `data: [DONE]`.',
				content: {
					'application/json': { schema: ref('schemas', 'ChatCompletion') },
					'text/event-stream': { schema: { type: 'string' } },
				},
			},
			400: shape2('model_not_allowed, tools_not_supported_yet, structured_output_unsupported.'),
			502: ref('responses', 'UpstreamError'),
		},
	},
	listModels: {
		responses: {
			200: {
				description: 'Chat models allowed for API access.',
				content: json(ref('schemas', 'ModelList')),
			},
		},
	},
};
