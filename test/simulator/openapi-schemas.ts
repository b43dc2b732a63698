/**
 * JSON Schemas (2020-12) of the contract's resources, for the OpenAPI document's components.
 * Where the contract says "not shown", the schema names only what the contract names and allows
 * further properties; the modules implementing those endpoints may tighten it.
 */
type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str: Schema = { type: 'string' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

const RUN_STATUSES = ['Pending', 'Running', 'Completed', 'Failed', 'Cancelled'];
const RUN_CONDITIONS = ['queued', 'paused', 'stalled'];
const STEP_STATUSES = ['pending', 'running', 'awaiting_review', 'completed', 'failed', 'cancelled'];

export const SCHEMAS: Record<string, Schema> = {
  // ---- Errors ----
  ErrorShape1: {
    description: 'Authentication refusals (401, 423, 503); WWW-Authenticate names the same code on 401 and 503.',
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'string', enum: ['invalid_api_key', 'no_tenant', 'tenant_locked', 'feature_disabled'] } },
  },
  ErrorShape2: {
    description: 'Permission and request refusals (400, 403, 404, 409, 413, 422). Branch on `error`.',
    type: 'object',
    required: ['error', 'message'],
    properties: {
      error: str,
      message: str,
      requiredScope: { type: 'string', description: 'missing_scope: the scope the key lacks' },
      details: { type: 'array', description: 'run input refusals: each failing field', items: { type: 'object' } },
      errors: { type: 'array', description: 'template input refusals: each failing path', items: { type: 'object' } },
      unresolvedFields: { type: 'array', description: 'fields_missing: the unanswered fields', items: str },
      usage: { type: 'number', description: 'storage_limit_reached: bytes the workspace uses' },
      limit: { type: 'number', description: 'storage_limit_reached: the workspace storage limit in bytes' },
    },
  },
  ErrorShape3: {
    description: 'Inference errors (429 and upstream failures), OpenAI-shaped. Fields that do not apply are null.',
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['type', 'message', 'request_id'],
        properties: {
          type: { type: 'string', enum: ['rate_limited', 'quota_exceeded', 'no_healthy_instance', 'upstream_error', 'model_access_denied'] },
          message: str,
          scope: nullable(str),
          metric: nullable(str),
          limit: nullable({ type: 'number' }),
          window: nullable(str),
          reset_at: nullable(dateTime),
          retry_after_seconds: nullable({ type: 'integer', minimum: 1 }),
          request_id: str,
        },
      },
    },
  },

  // ---- Workflows ----
  WorkflowSummary: {
    type: 'object',
    required: ['id', 'name', 'description', 'hasActive', 'activeVersionId', 'stepCount', 'createdAt', 'updatedAt'],
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
      kind: { type: 'string', description: 'The entry step is `agent` or `input`; `render` steps produce files.', examples: ['agent', 'input', 'render', 'review'] },
      agentId: str,
    },
  },
  WorkflowDetail: {
    allOf: [ref('WorkflowSummary')],
    type: 'object',
    required: ['steps', 'agents', 'inputSchema'],
    properties: {
      steps: { type: 'array', items: ref('WorkflowStep'), description: 'Active version steps, entry step first.' },
      agents: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: str, name: str } } },
      inputSchema: {
        description: 'JSON Schema 2020-12 of the run input for `kind: input` entries (fields may carry `format: document`); null for `kind: agent` entries.',
        anyOf: [{ type: 'object' }, { type: 'null' }],
      },
    },
  },

  // ---- Runs ----
  DocumentReference: {
    type: 'object',
    description: 'Value of a `format: document` field: both ids from the upload response. A bare id is refused (document_field_invalid_format).',
    required: ['documentId', 'documentVersionId'],
    properties: { documentId: str, documentVersionId: str },
  },
  StartRunRequest: {
    type: 'object',
    required: ['workflowId', 'input'],
    properties: {
      workflowId: str,
      input: {
        description: 'A string for `kind: agent` entries; an object matching the input schema for `kind: input` entries. Optional document fields are left out, never null.',
        anyOf: [str, { type: 'object' }],
      },
    },
  },
  StartRunResponse: {
    type: 'object',
    required: ['runId', 'status', 'startedAt'],
    properties: { runId: str, status: { type: 'string', enum: RUN_STATUSES, description: 'Initially Pending.' }, startedAt: dateTime },
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
      error: { type: 'object', required: ['code', 'message'], properties: { code: str, message: str } },
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
    description: 'Status, timings, token totals and each step with its state and output; successful render steps carry renderedArtifact.',
    required: [
      'runId', 'workflowId', 'workflowName', 'workflowVersionId', 'status', 'condition', 'initiator', 'input',
      'startedAt', 'updatedAt', 'completedAt', 'timings', 'tokens', 'steps', 'inputDocuments', 'knowledgeBaseCoverage', 'error',
    ],
    properties: {
      runId: str,
      workflowId: str,
      workflowName: str,
      workflowVersionId: str,
      status: { type: 'string', enum: RUN_STATUSES },
      condition: { anyOf: [{ type: 'string', enum: RUN_CONDITIONS }, { type: 'null' }], description: 'Non-terminal conditions; null otherwise.' },
      initiator: {
        type: 'object',
        required: ['type', 'userId'],
        properties: {
          type: { type: 'string', enum: ['api', 'user'] },
          userId: str,
          keyPrefix: { type: 'string', description: 'First 8 characters of the starting key (api runs).' },
        },
      },
      input: { description: 'As posted: a string (agent entry) or an object (input entry).', anyOf: [str, { type: 'object' }] },
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
    required: ['id', 'workflowId', 'workflowName', 'status', 'condition', 'startedAt', 'completedAt'],
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
      { type: 'object', required: ['runId', 'requested'], properties: { runId: str, requested: { const: true } } },
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

  // ---- Uploads ----
  UploadMultipartRequest: {
    type: 'object',
    description: 'Exactly one file field `file`; its filename and Content-Type come from the part headers (a generic application/octet-stream is resolved from the extension: .pdf, .docx, .md, .markdown, .txt).',
    required: ['file'],
    properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The document: PDF, DOCX, Markdown or plain text.' } },
  },
  UploadJsonRequest: {
    type: 'object',
    required: ['filename', 'contentType', 'data'],
    properties: {
      filename: { type: 'string', minLength: 1 },
      contentType: { type: 'string', description: 'application/pdf, the DOCX type, text/markdown, text/x-markdown or text/plain (parameters and case ignored); application/octet-stream or empty: resolved from the filename extension.' },
      data: {
        type: 'string',
        contentEncoding: 'base64',
        description: 'The file bytes in base64, standard or URL-safe alphabet, padding optional, whitespace ignored. The size limit applies to the decoded bytes.',
      },
    },
  },
  UploadResponse: {
    type: 'object',
    description: 'The 202 answer of an upload; the Location header points at its status.',
    required: ['documentId', 'documentVersionId', 'filename', 'sizeBytes', 'contentType', 'pageCount', 'status'],
    additionalProperties: false,
    properties: {
      documentId: str,
      documentVersionId: str,
      filename: str,
      sizeBytes: { type: 'integer', minimum: 1, description: 'Decoded bytes.' },
      contentType: { type: 'string', description: 'The accepted type (resolved from the extension when a generic type was declared).' },
      pageCount: { ...nullable(int), description: 'null at upload.' },
      status: { type: 'string', enum: ['processing'], description: '`processing` at upload.' },
    },
  },
  UploadStatus: {
    type: 'object',
    description: 'Readable by the uploading key only (any other key: 404).',
    required: ['documentId', 'documentVersionId', 'filename', 'sizeBytes', 'contentType', 'pageCount', 'status', 'usedByRunId'],
    additionalProperties: false,
    properties: {
      documentId: str,
      documentVersionId: str,
      filename: str,
      sizeBytes: { type: 'integer', minimum: 0 },
      contentType: str,
      pageCount: { ...nullable({ type: 'integer', minimum: 0 }), description: 'Set when ingestion makes the upload ready; null before and when failed.' },
      status: { type: 'string', enum: ['processing', 'ready', 'failed'], description: 'processing -> ready | failed; failed is terminal (retry with a new upload). Only ready documents may be referenced in a run.' },
      processingError: { type: 'string', description: 'Short code, present only when status is failed.' },
      usedByRunId: { ...nullable(str), description: 'The most recent run that used the upload, or null.' },
    },
  },

  // ---- Templates and documents ----
  TemplateSummary: {
    type: 'object',
    description: 'An active template the key user can access (its own restriction and its document type).',
    required: ['id', 'name', 'description', 'documentType', 'requiresReview', 'updatedAt'],
    properties: {
      id: str,
      name: str,
      description: str,
      documentType: str,
      requiresReview: { type: 'boolean', description: 'A person must attest to a produced document in the app before its content downloads (template or document type).' },
      updatedAt: dateTime,
    },
  },
  TemplateDetail: {
    allOf: [ref('TemplateSummary')],
    type: 'object',
    required: ['inputSchema', 'needsAttention'],
    properties: {
      needsAttention: { type: 'boolean', description: 'A document author should look at the recipe; the template stays usable.' },
      inputSchema: {
        type: 'object',
        description:
          'JSON Schema 2020-12 of the answers, nested objects for dotted paths; `default` (workspace default), `readOnly: true` + `default` (fixed, never post), `contentEncoding: base64` pictures, `format: date`, `enum` choices, arrays of `enum` items for several choices, `x-groups` sections.',
      },
    },
  },
  ProduceDocumentRequest: {
    type: 'object',
    required: ['input'],
    additionalProperties: false,
    properties: {
      input: { type: 'object', description: 'Answers nested as in the inputSchema; leave out what is not answered (empty values are refused).' },
      title: { type: 'string', minLength: 1, maxLength: 200, description: 'Default: the template name and the date of production.' },
      strict: { type: 'boolean', default: false, description: 'true: a missing required answer is 422 fields_missing and nothing is produced.' },
    },
  },
  ProducedDocument: {
    type: 'object',
    description: 'The 201 production answer; GET /documents/{documentId} answers the same shape.',
    required: ['documentId', 'status', 'unresolvedFields', 'title', 'templateId', 'createdAt', 'links'],
    properties: {
      documentId: str,
      status: { type: 'string', enum: ['assembled', 'incomplete'] },
      unresolvedFields: { type: 'array', items: str, description: 'Dotted paths of the unanswered required fields.' },
      title: str,
      templateId: str,
      createdAt: dateTime,
      links: {
        type: 'object',
        description: 'Paths, to resolve against the base URL.',
        required: ['document', 'docx', 'pdf', 'markdown'],
        properties: { document: str, docx: str, pdf: str, markdown: str },
      },
    },
  },

  // ---- Chat ----
  ChatMessage: {
    type: 'object',
    required: ['role', 'content'],
    properties: { role: { type: 'string', enum: ['system', 'user', 'assistant'] }, content: str },
  },
  ChatCompletionRequest: {
    type: 'object',
    description: 'Checked in this order: tools/tool_choice, model, messages (and the optional scalars), response_format; then the workspace quota.',
    required: ['model', 'messages'],
    properties: {
      model: { type: 'string', description: 'An id from GET /v1/models; any other is 400 model_not_allowed.' },
      messages: { type: 'array', minItems: 1, items: ref('ChatMessage'), description: 'The full conversation, every turn.' },
      stream: bool,
      stream_options: { type: 'object', properties: { include_usage: { type: 'boolean', description: 'A last chunk with `usage` (and empty choices) before [DONE].' } } },
      temperature: { type: 'number' },
      max_completion_tokens: { type: 'integer', minimum: 1, description: 'Output-token cap; on a reasoning model it bounds the reasoning tokens too.' },
      max_tokens: { type: 'integer', minimum: 1, description: 'Legacy; max_completion_tokens wins when both are sent.' },
      response_format: {
        description:
          'Absent or { type: text }, or { type: json_schema, json_schema: { name, schema, strict? } } whose schema uses only type, properties, required, items, enum, additionalProperties, description, title, minimum, maximum, minItems, maxItems, format. Anything else: 400 structured_output_unsupported.',
      },
      tools: { description: 'Refused: 400 tools_not_supported_yet.' },
      tool_choice: { description: 'Refused: 400 tools_not_supported_yet.' },
    },
  },
  ChatUsage: {
    type: 'object',
    required: ['prompt_tokens', 'completion_tokens', 'total_tokens', 'completion_tokens_details'],
    properties: {
      prompt_tokens: int,
      completion_tokens: { type: 'integer', description: 'Includes the reasoning tokens.' },
      total_tokens: int,
      completion_tokens_details: { type: 'object', required: ['reasoning_tokens'], properties: { reasoning_tokens: int } },
    },
  },
  ChatCompletion: {
    type: 'object',
    required: ['id', 'object', 'created', 'model', 'choices', 'usage'],
    properties: {
      id: { type: 'string', pattern: '^chatcmpl-' },
      object: { const: 'chat.completion' },
      created: { type: 'integer', description: 'Unix seconds.' },
      model: str,
      choices: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['index', 'message', 'finish_reason'],
          properties: {
            index: int,
            message: { type: 'object', required: ['role', 'content'], properties: { role: { const: 'assistant' }, content: str } },
            finish_reason: { type: 'string', enum: ['stop', 'length'] },
          },
        },
      },
      usage: ref('ChatUsage'),
    },
  },
  ChatCompletionChunk: {
    type: 'object',
    description:
      'One `data:` frame of a streamed completion (no `event:` lines): a first delta { role, content: "" }, one delta per word, a delta {} with the finish_reason, with stream_options.include_usage a chunk with empty choices and `usage`; then `data: [DONE]`.',
    required: ['id', 'object', 'created', 'model', 'choices'],
    properties: {
      id: { type: 'string', pattern: '^chatcmpl-' },
      object: { const: 'chat.completion.chunk' },
      created: int,
      model: str,
      choices: {
        type: 'array',
        maxItems: 1,
        items: {
          type: 'object',
          required: ['index', 'delta', 'finish_reason'],
          properties: {
            index: int,
            delta: { type: 'object', properties: { role: { const: 'assistant' }, content: str } },
            finish_reason: { anyOf: [{ type: 'string', enum: ['stop', 'length'] }, { type: 'null' }] },
          },
        },
      },
      usage: ref('ChatUsage'),
    },
  },
  ModelList: {
    type: 'object',
    description: 'OpenAI-compatible list: the chat models the workspace allows for API access (only the fixed one when the workspace fixes one).',
    required: ['object', 'data'],
    properties: {
      object: { const: 'list' },
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'object', 'created', 'owned_by'],
          properties: { id: { type: 'string', description: 'Usable as `model`.' }, object: { const: 'model' }, created: int, owned_by: str },
        },
      },
    },
  },
};
