/**
 * JSON Schemas (2020-12) of the contract's resources, for the OpenAPI document's components.
 * Where the contract says "not shown", the schema names only what the contract names and allows
 * further properties; the modules implementing those endpoints may tighten it.
 */
import { CHAT_SCHEMAS } from './chat';
import { ERROR_SCHEMAS } from './errors';
import { RUN_SCHEMAS } from './runs';
import type { Schema } from './schema-parts';
import { TEMPLATE_SCHEMAS } from './templates';
import { UPLOAD_SCHEMAS } from './uploads';
import { WORKFLOW_SCHEMAS } from './workflows';

/** Every schema of the components, one file per resource under openapi/. */
export const SCHEMAS: Record<string, Schema> = {
	...ERROR_SCHEMAS,
	...WORKFLOW_SCHEMAS,
	...RUN_SCHEMAS,
	...UPLOAD_SCHEMAS,
	...TEMPLATE_SCHEMAS,
	...CHAT_SCHEMAS,
};
