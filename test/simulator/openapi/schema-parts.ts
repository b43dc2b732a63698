/** The pieces the contract's JSON Schemas are written with (schemas 2020-12, referenced by name in the OpenAPI components). */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str: Schema = { type: 'string' };
export const dateTime: Schema = { type: 'string', format: 'date-time' };
export const int: Schema = { type: 'integer' };
export const bool: Schema = { type: 'boolean' };
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

export const RUN_STATUSES = ['Pending', 'Running', 'Completed', 'Failed', 'Cancelled'];
export const RUN_CONDITIONS = ['queued', 'paused', 'stalled'];
export const STEP_STATUSES = [
	'pending',
	'running',
	'awaiting_review',
	'completed',
	'failed',
	'cancelled',
];
