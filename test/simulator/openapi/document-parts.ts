/** The pieces the OpenAPI document's operations and components are written with. */
export type Json = Record<string, unknown>;

export const ref = (
	kind: 'schemas' | 'responses' | 'parameters' | 'headers',
	name: string,
): Json => ({ $ref: `#/components/${kind}/${name}` });
export const json = (schema: Json): Json => ({ 'application/json': { schema } });
