import Ajv2020 from 'ajv/dist/2020';
import { OPENAPI_PATH, REQUIRED_SCOPE_EXTENSION } from '../index';
import { startTestServer, type TestServer } from './helpers';

/** The contract's Endpoints table, copied by hand (the document must be checked against the contract, not against itself). */
const CONTRACT_ENDPOINTS: [method: string, path: string, scope: string][] = [
	['get', '/workflows', 'workflows:read'],
	['get', '/workflows/{id}', 'workflows:read'],
	['post', '/workflows/runs', 'workflows:run'],
	['get', '/workflows/runs', 'workflows:read'],
	['get', '/workflows/runs/{runId}', 'workflows:read'],
	['post', '/workflows/runs/{runId}/cancel', 'workflows:run'],
	['get', '/workflows/runs/{runId}/events', 'workflows:read'],
	['get', '/workflows/runs/{runId}/files/{stepId}/download', 'workflows:read'],
	['get', '/workflows/runs/{runId}/input-documents/{documentVersionId}/download', 'workflows:read'],
	['post', '/workflow-inputs/documents', 'workflow-inputs:write'],
	['get', '/workflow-inputs/documents/{documentId}', 'workflow-inputs:write'],
	['get', '/document-templates', 'document-templates:read'],
	['get', '/document-templates/{templateId}', 'document-templates:read'],
	['post', '/document-templates/{templateId}/documents', 'documents:write'],
	['post', '/v1/chat/completions', 'chat:completions'],
	['get', '/v1/models', 'chat:completions'],
];

interface Operation {
	operationId: string;
	security: Record<string, string[]>[];
	responses: Record<string, unknown>;
	[extension: string]: unknown;
}
interface OpenApiDocument {
	openapi: string;
	info: { version: string };
	paths: Record<string, Record<string, Operation>>;
	components: {
		securitySchemes: Record<string, { type: string; scheme: string }>;
		schemas: Record<string, object>;
		responses: Record<string, { headers?: Record<string, unknown> }>;
	};
}

describe('GET /openapi/v1.json', () => {
	let t: TestServer;
	let doc: OpenApiDocument;
	let res: Response;
	beforeAll(async () => {
		t = await startTestServer();
		res = await t.call(OPENAPI_PATH);
		doc = (await res.json()) as OpenApiDocument;
	});
	afterAll(() => t.sim.stop());

	const operations = (): Operation[] =>
		Object.values(doc.paths).flatMap((item) => Object.values(item));

	test('Versioning 1 + 2: served without a key at /openapi/v1.json as OpenAPI 3.1.1, version v1', () => {
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(doc.openapi).toBe('3.1.1');
		expect(doc.info.version).toBe('v1');
	});

	test.each(CONTRACT_ENDPOINTS)(
		'Endpoints: %s %s is described, with its scope in x-required-scope (Authentication 7)',
		(method, path, scope) => {
			const operation = doc.paths[path]?.[method];
			expect(operation).toBeDefined();
			expect(operation[REQUIRED_SCOPE_EXTENSION]).toBe(scope);
			expect(operation.operationId).toMatch(/^[a-zA-Z]+$/);
			expect(operation.security).toEqual([{ bearerAuth: [] }]);
		},
	);

	test('Endpoints: the produced-document content link (path left to the service) is described with scope documents:read', () => {
		const contentOps = operations().filter(
			(operation) => operation[REQUIRED_SCOPE_EXTENSION] === 'documents:read',
		);
		expect(contentOps.length).toBeGreaterThanOrEqual(1);
	});

	test('Endpoints: operationIds are unique and every operation names a scope', () => {
		const ids = operations().map((operation) => operation.operationId);
		expect(new Set(ids).size).toBe(ids.length);
		for (const operation of operations())
			expect(typeof operation[REQUIRED_SCOPE_EXTENSION]).toBe('string');
	});

	test('Authentication 1: a bearer security scheme', () => {
		expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
			type: 'http',
			scheme: 'bearer',
		});
	});

	test('Errors: the three error shapes are components; every operation lists 401, 403, 423, 429 and 503', () => {
		for (const name of ['ErrorShape1', 'ErrorShape2', 'ErrorShape3'])
			expect(doc.components.schemas[name]).toBeDefined();
		for (const operation of operations()) {
			for (const status of ['401', '403', '423', '429', '503'])
				expect(operation.responses[status]).toBeDefined();
		}
		expect(doc.components.responses.RateLimited.headers).toHaveProperty('Retry-After');
		expect(doc.components.responses.Unauthorized.headers).toHaveProperty('WWW-Authenticate');
	});

	test('Versioning 1: every component schema is valid JSON Schema 2020-12', () => {
		const ajv = new Ajv2020({ strict: false });
		ajv.addFormat('date-time', true);
		ajv.addSchema({ $id: 'https://sim.invalid/openapi', ...doc });
		for (const name of Object.keys(doc.components.schemas)) {
			expect(() =>
				ajv.compile({ $ref: `https://sim.invalid/openapi#/components/schemas/${name}` }),
			).not.toThrow();
		}
	});

	test('Every route the simulator serves implements an operation of the document (routes and contract cannot drift)', () => {
		const byId = new Map(
			Object.entries(doc.paths).flatMap(([path, item]) =>
				Object.entries(item).map(([method, op]) => [op.operationId, { path, method }]),
			),
		);
		for (const { method, path, value } of t.sim.apiRoutes.list()) {
			expect(value.operationId).toBeDefined();
			const described = byId.get(value.operationId as string);
			expect(described).toEqual({
				path: path.replace(/:([A-Za-z]+)/g, '{$1}'),
				method: method.toLowerCase(),
			});
			expect(doc.paths[described!.path][described!.method][REQUIRED_SCOPE_EXTENSION]).toBe(
				value.scope,
			);
		}
	});
});
