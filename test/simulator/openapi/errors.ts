import { dateTime, nullable, str, type Schema } from './schema-parts';

/** The contract's three error shapes (Errors), as JSON Schemas of the OpenAPI components. */
export const ERROR_SCHEMAS: Record<string, Schema> = {
	ErrorShape1: {
		description:
			'Authentication refusals (401, 423, 503); WWW-Authenticate names the same code on 401 and 503.',
		type: 'object',
		required: ['error'],
		properties: {
			error: {
				type: 'string',
				enum: ['invalid_api_key', 'no_tenant', 'tenant_locked', 'feature_disabled'],
			},
		},
	},
	ErrorShape2: {
		description:
			'Permission and request refusals (400, 403, 404, 409, 413, 422). Branch on `error`.',
		type: 'object',
		required: ['error', 'message'],
		properties: {
			error: str,
			message: str,
			requiredScope: { type: 'string', description: 'missing_scope: the scope the key lacks' },
			details: {
				type: 'array',
				description: 'run input refusals: each failing field',
				items: { type: 'object' },
			},
			errors: {
				type: 'array',
				description: 'template input refusals: each failing path',
				items: { type: 'object' },
			},
			unresolvedFields: {
				type: 'array',
				description: 'fields_missing: the unanswered fields',
				items: str,
			},
			usage: { type: 'number', description: 'storage_limit_reached: bytes the workspace uses' },
			limit: {
				type: 'number',
				description: 'storage_limit_reached: the workspace storage limit in bytes',
			},
		},
	},
	ErrorShape3: {
		description:
			'Inference errors (429 and upstream failures), OpenAI-shaped. Fields that do not apply are null.',
		type: 'object',
		required: ['error'],
		properties: {
			error: {
				type: 'object',
				required: ['type', 'message', 'request_id'],
				properties: {
					type: {
						type: 'string',
						enum: [
							'rate_limited',
							'quota_exceeded',
							'no_healthy_instance',
							'upstream_error',
							'model_access_denied',
						],
					},
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
};
