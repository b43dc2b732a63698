/**
 * The machine-readable contract served at /openapi/v1.json (contract, Versioning 1-2): OpenAPI
 * 3.1.1, one operation per row of the Endpoints table (operations.ts), each naming its scope in
 * the vendor extension `x-required-scope` (Authentication 7).
 */
import { OPERATIONS, type OperationId, type OperationSpec } from './operations';
import { SCHEMAS } from './openapi-schemas';
import { ACCEPTED_UPLOAD_TYPES } from './uploads/media-types';

export const OPENAPI_PATH = '/openapi/v1.json';
export const REQUIRED_SCOPE_EXTENSION = 'x-required-scope';

type Json = Record<string, unknown>;

const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: Json): Json => ({ 'application/json': { schema } });
const shape2 = (description: string): Json => ({ description, content: json(ref('schemas', 'ErrorShape2')) });
const pathParam = (name: string, description: string): Json => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });

const BINARY_FILE = { type: 'string', contentMediaType: 'application/octet-stream' };

/** What each operation adds to the refusals every endpoint can answer. */
const OPERATION_DETAILS: Record<OperationId, Json> = {
  listWorkflows: {
    responses: {
      200: { description: 'Workflows with an active version, narrowed to the key allowlist.', content: json({ type: 'array', items: ref('schemas', 'WorkflowSummary') }) },
    },
  },
  getWorkflow: {
    parameters: [pathParam('id', 'Workflow id from the list')],
    responses: {
      200: { description: 'The workflow with its active version projected.', content: json(ref('schemas', 'WorkflowDetail')) },
      404: ref('responses', 'NotFound'),
    },
  },
  startRun: {
    requestBody: { required: true, content: json(ref('schemas', 'StartRunRequest')) },
    responses: {
      202: { description: 'Accepted; the run starts Pending.', content: json(ref('schemas', 'StartRunResponse')) },
      400: shape2('Run input refusal (`details` names each failing field), document_not_ready, document_field_invalid_format.'),
      404: ref('responses', 'NotFound'),
    },
  },
  listRuns: {
    parameters: [
      { name: 'workflowId', in: 'query', schema: { type: 'string' } },
      { name: 'status', in: 'query', schema: { type: 'string' } },
      { name: 'startedFrom', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Searches history, not only the latest page.' },
      { name: 'startedTo', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Runs to the end of that day.' },
      { name: 'initiatorUserId', in: 'query', schema: { type: 'string' } },
    ],
    responses: {
      200: { description: 'The most recent 50 visible API-started runs after filtering.', content: json({ type: 'array', maxItems: 50, items: ref('schemas', 'RunListItem') }) },
    },
  },
  getRun: {
    parameters: [pathParam('runId', 'Run id')],
    responses: { 200: { description: 'The run record.', content: json(ref('schemas', 'RunRecord')) }, 404: ref('responses', 'NotFound') },
  },
  cancelRun: {
    parameters: [pathParam('runId', 'Run id (started by this key)')],
    responses: {
      200: { description: 'Cancellation requested, or the run was already terminal.', content: json(ref('schemas', 'CancelResponse')) },
      404: ref('responses', 'NotFound'),
    },
  },
  streamRunEvents: {
    parameters: [pathParam('runId', 'Run id')],
    responses: {
      200: {
        description: 'A `connected` frame, then StepStarted, StepProgress, StepCompleted and one terminal event (RunCompleted, RunFailed, RunCancelled).',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      404: ref('responses', 'NotFound'),
      409: shape2('run_terminal: the run is already terminal; read the run record instead.'),
    },
  },
  downloadRunFile: {
    parameters: [pathParam('runId', 'Run id'), pathParam('stepId', 'A successful render step'), ref('parameters', 'Encoding')],
    responses: {
      200: {
        description: 'The rendered file (Content-Disposition filename), or the base64 envelope.',
        content: {
          'application/pdf': { schema: BINARY_FILE },
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: BINARY_FILE },
          'application/json': { schema: ref('schemas', 'Base64Envelope') },
        },
      },
      400: shape2('invalid_encoding'),
      404: ref('responses', 'NotFound'),
    },
  },
  downloadRunInputDocument: {
    parameters: [pathParam('runId', 'Run id'), pathParam('documentVersionId', 'A version on the run input or knowledge-base lists')],
    responses: {
      200: { description: 'Original bytes with the stored content type.', content: { 'application/octet-stream': { schema: BINARY_FILE } } },
      404: ref('responses', 'NotFound'),
    },
  },
  uploadInputDocument: {
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: ref('schemas', 'UploadMultipartRequest'),
          encoding: { file: { contentType: [...Object.keys(ACCEPTED_UPLOAD_TYPES), 'application/octet-stream'].join(', ') } },
        },
        'application/json': { schema: ref('schemas', 'UploadJsonRequest') },
      },
    },
    responses: {
      202: {
        description: 'Accepted (status processing); ingestion continues in the background.',
        headers: { Location: { description: 'Absolute URL of the upload status endpoint.', schema: { type: 'string', format: 'uri' } } },
        content: json(ref('schemas', 'UploadResponse')),
      },
      400: shape2(
        'Checked in this order: unsupported_media_type (not PDF, DOCX, Markdown or plain text), size_exceeded (over the size limit, decoded bytes), too_many_pages (PDF over the page limit), storage_limit_reached (with `usage` and `limit` in bytes). invalid_request: no `file` field, a missing JSON field, data not base64, an empty file, another Content-Type.',
      ),
    },
  },
  getInputDocument: {
    parameters: [pathParam('documentId', 'Upload id (readable by the uploading key only)')],
    responses: { 200: { description: 'Upload status.', content: json(ref('schemas', 'UploadStatus')) }, 404: ref('responses', 'NotFound') },
  },
  listTemplates: {
    responses: {
      200: { description: 'Active templates the key user can access.', content: json({ type: 'array', items: ref('schemas', 'TemplateSummary') }) },
    },
  },
  getTemplate: {
    parameters: [pathParam('templateId', 'Template id')],
    responses: { 200: { description: 'Template detail with inputSchema.', content: json(ref('schemas', 'TemplateDetail')) }, 404: ref('responses', 'NotFound') },
  },
  produceDocument: {
    parameters: [pathParam('templateId', 'Template id')],
    requestBody: { required: true, description: 'At most 10 MB.', content: json(ref('schemas', 'ProduceDocumentRequest')) },
    responses: {
      201: { description: 'The produced document (owned by the key user).', content: json(ref('schemas', 'ProducedDocument')) },
      400: shape2('input_validation_failed (`errors` names each path), field_fixed.'),
      404: ref('responses', 'NotFound'),
      413: shape2('Request body over 10 MB.'),
      422: shape2('fields_missing with `unresolvedFields` (strict: true).'),
    },
  },
  getDocument: {
    parameters: [pathParam('documentId', 'Produced document id (the key user\'s, produced through the API)')],
    responses: { 200: { description: 'The produced document, as the production answered it.', content: json(ref('schemas', 'ProducedDocument')) }, 404: ref('responses', 'NotFound') },
  },
  downloadDocumentContent: {
    parameters: [
      pathParam('documentId', 'Produced document id'),
      { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['docx', 'pdf', 'markdown'] } },
      ref('parameters', 'Encoding'),
    ],
    responses: {
      200: {
        description: 'The content bytes, or the base64 envelope.',
        content: {
          'application/pdf': { schema: BINARY_FILE },
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: BINARY_FILE },
          'text/markdown': { schema: { type: 'string' } },
          'application/json': { schema: ref('schemas', 'Base64Envelope') },
        },
      },
      400: shape2('invalid_encoding'),
      403: shape2('review_required (a person must review the document in the workspace first), or another 403 refusal.'),
      404: ref('responses', 'NotFound'),
    },
  },
  createChatCompletion: {
    requestBody: { required: true, content: json(ref('schemas', 'ChatCompletionRequest')) },
    responses: {
      200: {
        description: 'A chat.completion, or with stream: true chat.completion.chunk events ending with `data: [DONE]`.',
        content: { 'application/json': { schema: ref('schemas', 'ChatCompletion') }, 'text/event-stream': { schema: { type: 'string' } } },
      },
      400: shape2('model_not_allowed, tools_not_supported_yet, structured_output_unsupported.'),
      502: ref('responses', 'UpstreamError'),
    },
  },
  listModels: {
    responses: { 200: { description: 'Chat models allowed for API access.', content: json(ref('schemas', 'ModelList')) } },
  },
};

/** Refusals any endpoint can answer (contract, Endpoints: "Every endpoint can answer..."). */
const COMMON_RESPONSES: Json = {
  401: ref('responses', 'Unauthorized'),
  403: ref('responses', 'Forbidden'),
  423: ref('responses', 'TenantLocked'),
  429: ref('responses', 'RateLimited'),
  503: ref('responses', 'FeatureDisabled'),
};

/** Tags follow the path families of the contract. */
function tagFor(path: string): string {
  if (path.startsWith('/workflow-inputs')) return 'Workflow inputs';
  if (path.startsWith('/workflows')) return 'Workflows';
  if (path.startsWith('/v1/')) return 'Chat';
  return 'Documents';
}

function operationObject(operation: OperationSpec): Json {
  const details = OPERATION_DETAILS[operation.operationId as OperationId];
  const ownResponses = details.responses as Json;
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [tagFor(operation.path)],
    security: [{ bearerAuth: [] }],
    [REQUIRED_SCOPE_EXTENSION]: operation.scope,
    ...details,
    responses: { ...COMMON_RESPONSES, ...ownResponses },
  };
}

export function buildOpenApiDocument(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = operationObject(operation);
  }
  const wwwAuthenticate = { description: 'Bearer challenge naming the refusal code.', schema: { type: 'string' } };
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Drafting Workspace API (simulator)',
      version: 'v1',
      description: 'Workflow runs, input uploads, document templates and the OpenAI-compatible chat adapter. Served by the test simulator.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'Workflows' }, { name: 'Workflow inputs' }, { name: 'Documents' }, { name: 'Chat' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (dwk_...) issued by a workspace admin.' },
      },
      parameters: {
        Encoding: {
          name: 'encoding',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['binary', 'base64'], default: 'binary' },
          description: 'binary: the bytes; base64: a JSON envelope. Anything else is 400 invalid_encoding.',
        },
      },
      headers: {
        'WWW-Authenticate': wwwAuthenticate,
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
      },
      responses: {
        Unauthorized: {
          description: 'invalid_api_key (missing, wrong, revoked or expired) or no_tenant.',
          headers: { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') },
          content: json(ref('schemas', 'ErrorShape1')),
        },
        Forbidden: { description: 'missing_scope (with requiredScope), workflow_not_in_allowlist, or <feature>_disabled.', content: json(ref('schemas', 'ErrorShape2')) },
        NotFound: { description: 'Unknown or invisible resource.', content: json(ref('schemas', 'ErrorShape2')) },
        TenantLocked: { description: 'tenant_locked: transient, retry with backoff.', content: json(ref('schemas', 'ErrorShape1')) },
        RateLimited: {
          description: 'rate_limited (per key) or quota_exceeded (workspace).',
          headers: { 'Retry-After': ref('headers', 'Retry-After') },
          content: json(ref('schemas', 'ErrorShape3')),
        },
        FeatureDisabled: {
          description: 'feature_disabled: API keys are disabled on this deployment.',
          headers: { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') },
          content: json(ref('schemas', 'ErrorShape1')),
        },
        UpstreamError: { description: 'upstream_error, no_healthy_instance or model_access_denied.', content: json(ref('schemas', 'ErrorShape3')) },
      },
      schemas: SCHEMAS,
    },
  };
}
