import type { IDataObject, INode } from 'n8n-workflow';

import {
	ACTION_NODE,
	actionWorkflow,
	byId,
	chainWorkflow,
	credentialFor,
	runWorkflow,
	type ActionWorkflowOptions,
	type HarnessRun,
	type RunOptions,
} from '../harness';
import {
	createSimulator,
	FIXTURE_IDS,
	FIXTURE_KEYS,
	runAdmin,
	type FixtureKeyName,
	type RequestLogEntry,
	type RunAdminView,
	type Simulator,
} from '../simulator';

export type RunInContextOptions = ActionWorkflowOptions &
	Pick<RunOptions, 'streaming' | 'cancelAfterMs'> & { baseUrl?: string };

/**
 * One simulator per test file, and a record of everything every run produced, so a test can assert that
 * no key appears in any output item, error or log line of the whole file.
 */
export class IntegrationContext {
	sim!: Simulator;
	url!: string;
	readonly transcripts: string[] = [];

	async start(options: Parameters<typeof createSimulator>[0] = {}): Promise<void> {
		this.sim = createSimulator(options);
		this.url = await this.sim.start();
	}

	async stop(): Promise<void> {
		await this.sim?.stop();
	}

	/** Runs the action node with the given parameters and fixture key (or a literal key). */
	async run(
		parameters: IDataObject,
		key: FixtureKeyName | { literal: string } = 'full',
		options: RunInContextOptions = {},
	): Promise<HarnessRun> {
		return await this.runChain([parameters], key, options);
	}

	/** Several Drafting Workspace nodes in a row ("Drafting Workspace", "Drafting Workspace 2", …). */
	async runChain(
		steps: IDataObject[],
		key: FixtureKeyName | { literal: string } = 'full',
		options: RunInContextOptions = {},
	): Promise<HarnessRun> {
		const apiKey = typeof key === 'string' ? FIXTURE_KEYS[key] : key.literal;
		// Test parameters are plain JSON; n8n's parameter type is stricter than anything a test needs to say.
		const parameters = steps as INode['parameters'][];
		const workflow =
			parameters.length === 1
				? actionWorkflow(parameters[0], options)
				: chainWorkflow(parameters, options);
		const result = await runWorkflow(workflow, {
			credentials: [credentialFor(options.baseUrl ?? this.url, apiKey)],
			streaming: options.streaming,
			cancelAfterMs: options.cancelAfterMs,
		});
		this.record(result);
		return result;
	}

	record(result: HarnessRun): void {
		this.transcripts.push(JSON.stringify(result.run.data.resultData));
		this.transcripts.push(JSON.stringify(result.error ?? null));
		this.transcripts.push(result.logger.lines.join('\n'));
	}

	/** Every key string (and its base64) that must never show up anywhere. */
	static secrets(): string[] {
		return Object.values(FIXTURE_KEYS).flatMap((key) => [
			key,
			Buffer.from(key).toString('base64'),
			Buffer.from(`Bearer ${key}`).toString('base64'),
		]);
	}

	leaks(extraSecrets: string[] = []): string[] {
		const all = [...IntegrationContext.secrets(), ...extraSecrets];
		return this.transcripts.flatMap((text) => all.filter((secret) => text.includes(secret)));
	}
}

/**
 * The one simulator of a test file, with the hooks every engine test file wants: started before the first test,
 * stopped after the last, reset before each test, and no key in anything a test's runs produced.
 */
export function useIntegrationContext(
	options: Parameters<typeof createSimulator>[0] = {},
	extraSecrets: string[] = [],
): IntegrationContext {
	const ctx = new IntegrationContext();
	beforeAll(async () => ctx.start(options));
	afterAll(async () => ctx.stop());
	beforeEach(() => ctx.sim.admin.reset());
	afterEach(() => expect(ctx.leaks(extraSecrets)).toEqual([]));
	return ctx;
}

/**
 * The one simulator of a trigger test file, which polls it through n8n-core's PollContext instead of running
 * workflows: runs played fast (a twentieth of their time) and a rate limit no poll schedule reaches; started
 * before the first test, stopped after the last.
 */
export function usePollSimulator(): IntegrationContext {
	const ctx = new IntegrationContext();
	beforeAll(async () => ctx.start({ runTimeScale: 0.05, defaultRateLimitPerMinute: 100_000 }));
	afterAll(async () => ctx.stop());
	return ctx;
}

/** A direct call to the simulator (test setup: produce a document, start a run), not through the node. */
export async function callService(
	baseUrl: string,
	method: string,
	path: string,
	body?: unknown,
	key: FixtureKeyName = 'full',
): Promise<Record<string, unknown>> {
	const response = await fetch(baseUrl + path, {
		method,
		headers: { authorization: `Bearer ${FIXTURE_KEYS[key]}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
	return JSON.parse(text) as Record<string, unknown>;
}

/** A resource locator given By ID, as a saved workflow holds it. */
export { byId } from '../harness';

export function items(result: HarnessRun, node = ACTION_NODE): IDataObject[] {
	return result.output(node).map((item) => item.json);
}

/**
 * What a batch that went on past its failures (Continue On Fail, or none failed) hands on: one output item per input
 * item, in order and paired with it; a failed item carries its error, every other one what `expected` says.
 */
export function expectOneItemPerInput(
	result: HarnessRun,
	count: number,
	fails: (index: number) => boolean,
	expected: (index: number) => IDataObject,
): void {
	const out = result.output(ACTION_NODE);
	expect(out).toHaveLength(count);
	out.forEach((item, index) => {
		expect(item.pairedItem).toEqual({ item: index });
		if (fails(index)) expect(item.json.error).toEqual(expect.any(String));
		else expect(item.json).toMatchObject(expected(index));
	});
}

/** The runs started through the API (the fixture also holds runs people started in the app). */
export function apiRuns(ctx: IntegrationContext): RunAdminView[] {
	return runAdmin(ctx.sim)
		.runs()
		.filter((run) => run.keyId !== null);
}

/** Seeds `count` Completed "Contract summary" runs of the full key, started a minute ago; gives their IDs. */
export function seedCompletedRuns(ctx: IntegrationContext, count: number): string[] {
	return runAdmin(ctx.sim).seedRuns(
		Array.from({ length: count }, () => ({
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed' as const,
			startedAt: new Date(Date.now() - 60_000).toISOString(),
		})),
	);
}

/**
 * Produce From Template of the offer letter for each item, Strict on: the item's `title` titles the document and its
 * `name` answers the required employee name, so an item with an empty name is one the service refuses.
 */
export const produceOfferPerItem = (extra: IDataObject = {}) => ({
	resource: 'document',
	operation: 'produce',
	templateId: byId('tpl_offer_letter'),
	title: '={{ $json.title }}',
	strict: true,
	answers: {
		mappingMode: 'defineBelow',
		value: {
			'employee.name': '={{ $json.name }}',
			'employee.start_date': '2026-03-01',
			role: 'Counsel',
		},
		matchingColumns: [],
		schema: [],
	},
	...extra,
});

/** The runs people started in the workspace's app (the tenant's fixtures), which the service hides from every key. */
export function personStartedRunIds(sim: Simulator): string[] {
	return runAdmin(sim)
		.runs()
		.filter((run) => (run.initiator as IDataObject).type === 'user')
		.map((run) => run.runId);
}

/** The message and description of the error that stopped a run. */
export function failure(
	result: HarnessRun,
	node = ACTION_NODE,
): { message: string; description: string; httpCode?: string } {
	const error = (result.nodeError(node) ?? result.error ?? {}) as IDataObject;
	return {
		message: String(error.message ?? ''),
		description: String(error.description ?? ''),
		httpCode: error.httpCode === undefined ? undefined : String(error.httpCode),
	};
}

/**
 * The most requests of the list open at one instant, from the request log's arrival instants and durations. The
 * server logs a request's end when its answer is flushed, which on a loaded machine can be a few milliseconds after
 * the client read it and sent the next one; so an end counts `slackMs` early. Tests that use it slow every answer
 * to 150 ms or more, so a real overlap is far longer than the slack.
 */
export function mostOpenAtOnce(entries: RequestLogEntry[], slackMs = 30): number {
	const edges = entries.flatMap((entry) => {
		const start = Date.parse(entry.at);
		const end = start + Math.max(0, (entry.durationMs ?? 0) - slackMs);
		return [
			[start, 1],
			[end, -1],
		] as const;
	});
	edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	let open = 0;
	let most = 0;
	for (const [, change] of edges) most = Math.max(most, (open += change));
	return most;
}
