/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { PollContext, TriggersAndPollers } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, TRIGGER_TYPE, buildAdditionalDataForTest, loadPackage } from './index';
import { HarnessCredentialsHelper } from './credentialsHelper';
import { installCapturingLogger } from './logger';

const TRIGGER_NODE = 'Run Finished';

/**
 * Moves the trigger's clock (Date.now) forward, as if that much time had passed before its next poll. Undone by
 * `jest.restoreAllMocks()`.
 */
export function later(ms: number): void {
	const now = Date.now.bind(Date);
	jest.spyOn(Date, 'now').mockImplementation(() => now() + ms);
}

export interface PollHarnessOptions {
	/** What n8n's `getPollBudgetMs()` answers (n8n gives a poll under a lease its ceiling less a margin). */
	pollBudgetMs?: number;
	/** The workflow's settings besides `executionOrder` (e.g. `engineType`). */
	workflowSettings?: IDataObject;
	/**
	 * The workflow's id. The trigger keeps the polls of one trigger (workflow and node id) under way in its n8n
	 * process, so a harness without one gets an id of its own: each is a trigger in an n8n process of its own.
	 */
	workflowId?: string;
}

let harnesses = 0;

export interface PollResult {
	/** The items the poll emitted (n8n starts an execution with them), or null when it had nothing. */
	items: INodeExecutionData[] | null;
	/** What the poll threw (manual mode throws; an activated poll should not for transient errors). */
	error?: unknown;
	/** What n8n's logger received during this poll (the logger itself is shared by the whole test file). */
	log: string[];
	/** What the node logged through this poll's own context (two polls at once share n8n's logger, not this). */
	nodeLog: string[];
}

/**
 * A logger of this poll's context only: n8n's context takes its logger from the container once, at first use, so
 * it is taken right after the context is built, with this one in the container. It passes every line on.
 */
function ownLogger(context: PollContext, shared: Logger): string[] {
	const lines: string[] = [];
	const line =
		(level: 'error' | 'warn' | 'info' | 'debug') =>
		(message: string, meta?: Parameters<Logger['info']>[1]) => {
			lines.push(`${level} ${message}`);
			shared[level](message, meta);
		};
	const own = {
		error: line('error'),
		warn: line('warn'),
		info: line('info'),
		debug: line('debug'),
		scoped: () => own,
	};
	Container.set(Logger, own as unknown as Logger);
	void (context as unknown as { logger: unknown }).logger;
	Container.set(Logger, shared);
	return lines;
}

/**
 * An activated trigger as n8n runs it: one `Workflow` with the trigger node, polled through n8n-core's
 * `PollContext` and `TriggersAndPollers.runPollFunction`, its node static data held in the workflow as
 * n8n holds it. `restart()` rebuilds everything from the static data as saved (JSON), as after a restart
 * of n8n or a re-activation in queue mode: nothing else survives.
 */
export class PollHarness {
	private workflow!: Workflow;
	private node!: INode;

	private constructor(
		private readonly parameters: IDataObject,
		private readonly credential: { baseUrl: string; apiKey: string },
		private readonly options: PollHarnessOptions,
	) {}

	static async create(
		parameters: IDataObject,
		credential: { baseUrl: string; apiKey: string },
		savedStaticData?: IDataObject,
		options: PollHarnessOptions = {},
	): Promise<PollHarness> {
		const harness = new PollHarness(parameters, credential, options);
		await harness.build(savedStaticData);
		return harness;
	}

	private async build(savedStaticData: IDataObject = {}): Promise<void> {
		const { nodeTypes } = await loadPackage();
		this.node = {
			id: 'trigger-1',
			name: TRIGGER_NODE,
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: this.parameters as INode['parameters'],
			credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Drafting Workspace account' } },
		};
		this.workflow = new Workflow({
			id: this.options.workflowId ?? `wf-trigger-${++harnesses}`,
			name: 'Trigger harness',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: structuredClone(savedStaticData),
			settings: { executionOrder: 'v1', ...this.options.workflowSettings },
		});
	}

	/** One poll in `trigger` mode (activated) or `manual` mode ("Fetch test event"). */
	async poll(
		mode: WorkflowExecuteMode = 'trigger',
		activation: WorkflowActivateMode = 'activate',
	): Promise<PollResult> {
		const { credentialTypes } = await loadPackage();
		const logger = installCapturingLogger();
		const before = logger.lines.length;
		const log = () => logger.lines.slice(before);
		const store = new Map([['cred-1', { type: CREDENTIAL_TYPE, data: { ...this.credential } }]]);
		const additionalData = buildAdditionalDataForTest(
			new HarnessCredentialsHelper(credentialTypes, store),
		);
		// undefined leaves n8n's defaults (emit, commit, staging, static data); n8n gives a leased poll its budget.
		const budget = this.options.pollBudgetMs;
		const context = new PollContext(
			this.workflow,
			this.node,
			additionalData,
			mode,
			activation,
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			budget === undefined ? undefined : () => budget,
		);
		const nodeLog = ownLogger(context, logger as unknown as Logger);
		try {
			const result = await Container.get(TriggersAndPollers).runPollFunction(
				this.workflow,
				this.node,
				context,
			);
			return { items: result?.[0] ?? null, log: log(), nodeLog };
		} catch (error) {
			return { items: null, error, log: log(), nodeLog };
		}
	}

	/** The node's static data as n8n would save it (a JSON round trip: no references survive). */
	savedStaticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** A new trigger object, workflow and context, built from the saved static data only. */
	async restart(): Promise<PollHarness> {
		return await PollHarness.create(
			this.parameters,
			this.credential,
			this.savedStaticData(),
			this.options,
		);
	}
}
