/** Answers checked against the contract document the simulator serves, not against the simulator's own types. */
import Ajv2020 from 'ajv/dist/2020';
import { OPENAPI_PATH } from '../index';
import type { TestServer } from './helpers';

/** The problems of `value` against the named component schema (none: it matches). */
export type SchemaCheck = (schema: string, value: unknown) => string[];

export async function contractSchemaCheck(t: TestServer): Promise<SchemaCheck> {
	const doc = (await (await t.call(OPENAPI_PATH)).json()) as object;
	const ajv = new Ajv2020({ strict: false, allErrors: true });
	// A date-time must parse and carry its time of day: a bare date is not one.
	ajv.addFormat('date-time', {
		validate: (value: string) => !Number.isNaN(Date.parse(value)) && /T/.test(value),
	});
	ajv.addSchema({ $id: 'https://sim.invalid/openapi', ...doc });
	return (schema, value) => {
		const check = ajv.compile({
			$ref: `https://sim.invalid/openapi#/components/schemas/${schema}`,
		});
		return check(value)
			? []
			: (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
	};
}

/** The check of a describe block, built once its server has started (the block's useTestServer comes first). */
export function useContractSchemaCheck(t: TestServer): SchemaCheck {
	let built: SchemaCheck | undefined;
	beforeAll(async () => {
		built = await contractSchemaCheck(t);
	});
	return (schema, value) => {
		if (!built)
			throw new Error('The contract schema check is built in beforeAll: use it inside a test.');
		return built(schema, value);
	};
}
