/**
 * The machine-readable contract served at /openapi/v1.json (contract, Versioning 1-2): OpenAPI
 * 3.1.1, one operation per row of the Endpoints table (operations.ts), each naming its scope in
 * the vendor extension `x-required-scope` (Authentication 7).
 */
import { OPERATIONS, type OperationId, type OperationSpec } from './operations';
import { json, ref, type Json } from './openapi/document-parts';
import { OPERATION_DETAILS } from './openapi/operation-details';
import { SCHEMAS } from './openapi/schemas';

export const OPENAPI_PATH = '/openapi/v1.json';
export const REQUIRED_SCOPE_EXTENSION = 'x-required-scope';

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
	const wwwAuthenticate = {
		description: 'Bearer challenge naming the refusal code.',
		schema: { type: 'string' },
	};
	return {
		openapi: '3.1.1',
		jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
		info: {
			title: 'Drafting Workspace API (simulator)',
			version: 'v1',
			description:
				'Workflow runs, input uploads, document templates and the OpenAI-compatible chat adapter. Served by the test simulator.',
		},
		servers: [{ url: serverUrl }],
		security: [{ bearerAuth: [] }],
		tags: [
			{ name: 'Workflows' },
			{ name: 'Workflow inputs' },
			{ name: 'Documents' },
			{ name: 'Chat' },
		],
		paths,
		components: {
			securitySchemes: {
				bearerAuth: {
					type: 'http',
					scheme: 'bearer',
					description: 'An API key (dwk_...) issued by a workspace admin.',
				},
			},
			parameters: {
				Encoding: {
					name: 'encoding',
					in: 'query',
					required: false,
					schema: { type: 'string', enum: ['binary', 'base64'], default: 'binary' },
					description:
						'binary: the bytes; base64: a JSON envelope. Anything else is 400 invalid_encoding.',
				},
			},
			headers: {
				'WWW-Authenticate': wwwAuthenticate,
				'Retry-After': {
					description: 'Seconds to wait before retrying.',
					schema: { type: 'integer', minimum: 1 },
				},
			},
			responses: {
				Unauthorized: {
					description: 'invalid_api_key (missing, wrong, revoked or expired) or no_tenant.',
					headers: { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') },
					content: json(ref('schemas', 'ErrorShape1')),
				},
				Forbidden: {
					description:
						'missing_scope (with requiredScope), workflow_not_in_allowlist, or <feature>_disabled.',
					content: json(ref('schemas', 'ErrorShape2')),
				},
				NotFound: {
					description: 'Unknown or invisible resource.',
					content: json(ref('schemas', 'ErrorShape2')),
				},
				TenantLocked: {
					description: 'tenant_locked: transient, retry with backoff.',
					content: json(ref('schemas', 'ErrorShape1')),
				},
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
				UpstreamError: {
					description: 'upstream_error, no_healthy_instance or model_access_denied.',
					content: json(ref('schemas', 'ErrorShape3')),
				},
			},
			schemas: SCHEMAS,
		},
	};
}
