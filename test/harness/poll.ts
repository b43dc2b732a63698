import { Container } from '@n8n/di';
import { PollContext, TriggersAndPollers } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData, WorkflowActivateMode, WorkflowExecuteMode } from 'n8n-workflow';

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
}

export interface PollResult {
	/** The items the poll emitted (n8n starts an execution with them), or null when it had nothing. */
	items: INodeExecutionData[] | null;
	/** What the poll threw (manual mode throws; an activated poll should not for transient errors). */
	error?: unknown;
	/** What n8n's logger received during this poll (the logger itself is shared by the whole test file). */
	log: string[];
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
			id: 'wf-trigger',
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
	async poll(mode: WorkflowExecuteMode = 'trigger', activation: WorkflowActivateMode = 'activate'): Promise<PollResult> {
		const { credentialTypes } = await loadPackage();
		const logger = installCapturingLogger();
		const before = logger.lines.length;
		const log = () => logger.lines.slice(before);
		const store = new Map([['cred-1', { type: CREDENTIAL_TYPE, data: { ...this.credential } }]]);
		const additionalData = buildAdditionalDataForTest(new HarnessCredentialsHelper(credentialTypes, store));
		// undefined leaves n8n's defaults (emit, commit, staging, static data); n8n gives a leased poll its budget.
		const budget = this.options.pollBudgetMs;
		const context = new PollContext(this.workflow, this.node, additionalData, mode, activation, undefined, undefined, undefined, undefined, undefined, budget === undefined ? undefined : () => budget);
		try {
			const result = await Container.get(TriggersAndPollers).runPollFunction(this.workflow, this.node, context);
			return { items: result?.[0] ?? null, log: log() };
		} catch (error) {
			return { items: null, error, log: log() };
		}
	}

	/** The node's static data as n8n would save it (a JSON round trip: no references survive). */
	savedStaticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** A new trigger object, workflow and context, built from the saved static data only. */
	async restart(): Promise<PollHarness> {
		return await PollHarness.create(this.parameters, this.credential, this.savedStaticData(), this.options);
	}
}
