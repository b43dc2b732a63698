/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/** Shared helpers of the simulator's contract tests (not a test file: jest matches *.test.ts only). */
import {
	createSimulator,
	DEFAULT_ADMIN_TOKEN,
	FIXTURE_KEYS,
	type ProducedDocument,
	type Simulator,
	type SimulatorOptions,
} from '../index';

export interface TestServer {
	sim: Simulator;
	url: string;
	/** fetch against the simulator with an optional bearer key. */
	call(path: string, init?: CallInit): Promise<Response>;
	/** fetch an admin endpoint with the admin token. */
	admin(method: string, path: string, body?: unknown): Promise<Response>;
}

export interface CallInit extends Omit<RequestInit, 'body'> {
	key?: string;
	json?: unknown;
	body?: RequestInit['body'];
}

export async function startTestServer(options: SimulatorOptions = {}): Promise<TestServer> {
	const sim = createSimulator(options);
	const url = await sim.start();
	const call = (path: string, init: CallInit = {}): Promise<Response> => {
		const { key, json, headers, ...rest } = init;
		const merged = new Headers(headers);
		if (key !== undefined) merged.set('authorization', `Bearer ${key}`);
		let body = rest.body;
		if (json !== undefined) {
			merged.set('content-type', 'application/json');
			body = JSON.stringify(json);
		}
		return fetch(url + path, { ...rest, headers: merged, body });
	};
	const admin = (method: string, path: string, body?: unknown): Promise<Response> =>
		fetch(`${url}/__admin${path}`, {
			method,
			headers: {
				'x-admin-token': options.adminToken ?? DEFAULT_ADMIN_TOKEN,
				'content-type': 'application/json',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	return { sim, url, call, admin };
}

/**
 * The one simulator of a describe block: started before its first test and stopped after its last. It is reset
 * before each test unless `resetBeforeEach` is false (blocks whose beforeAll seeds what every test then reads).
 * The returned server is filled in by the first beforeAll, so further beforeAll hooks of the block can use it.
 */
export function useTestServer(
	options: SimulatorOptions = {},
	{ resetBeforeEach = true } = {},
): TestServer {
	const server = {} as TestServer;
	beforeAll(async () => {
		Object.assign(server, await startTestServer(options));
	});
	afterAll(() => server.sim.stop());
	if (resetBeforeEach) beforeEach(() => server.sim.reset());
	return server;
}

/** Starts a run of the workflow (202 expected) and gives its runId. */
export async function startRun(
	t: TestServer,
	workflowId: string,
	input: unknown = 'x',
	key: string = FIXTURE_KEYS.full,
): Promise<string> {
	const res = await t.call('/workflows/runs', { method: 'POST', key, json: { workflowId, input } });
	expect(res.status).toBe(202);
	return ((await res.json()) as { runId: string }).runId;
}

/** Produces a document from the template with the request body (201 expected) and gives the produced document. */
export async function produceDocument(
	t: TestServer,
	templateId: string,
	body: unknown,
	key: string = FIXTURE_KEYS.full,
): Promise<ProducedDocument> {
	const res = await t.call(`/document-templates/${templateId}/documents`, {
		method: 'POST',
		key,
		json: body,
	});
	expect(res.status).toBe(201);
	return (await res.json()) as ProducedDocument;
}

/** Errors shape 1 of a locked workspace: 423 { error: 'tenant_locked' }. */
export async function expectTenantLocked(res: Response): Promise<void> {
	expect(res.status).toBe(423);
	expect(await res.json()).toEqual({ error: 'tenant_locked' });
}

/**
 * Download parameters, encoding=base64: a 200 JSON envelope { filename, contentType, format, sizeBytes, data } whose
 * data decodes to the binary answer. Gives the envelope for the checks of its other fields.
 */
export async function base64Envelope(
	res: Response,
	binary: Buffer,
): Promise<Record<string, unknown>> {
	expect(res.status).toBe(200);
	expect(res.headers.get('content-type')).toMatch(/^application\/json/);
	const envelope = (await res.json()) as Record<string, unknown>;
	expect(Object.keys(envelope).sort()).toEqual([
		'contentType',
		'data',
		'filename',
		'format',
		'sizeBytes',
	]);
	expect(Buffer.from(envelope.data as string, 'base64').equals(binary)).toBe(true);
	return envelope;
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A controllable time source for the simulator's clock. */
export class FakeTime {
	constructor(public nowMs = Date.parse('2026-01-15T12:00:00.000Z')) {}
	readonly source = (): number => this.nowMs;
	advance(ms: number): void {
		this.nowMs += ms;
	}
}
