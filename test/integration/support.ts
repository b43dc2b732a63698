import type { IDataObject, INode } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow, credentialFor, runWorkflow, type ActionWorkflowOptions, type HarnessRun } from '../harness';
import { createSimulator, FIXTURE_KEYS, type FixtureKeyName, type Simulator } from '../simulator';

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
	async run(parameters: INode['parameters'], key: FixtureKeyName | { literal: string } = 'full', options: ActionWorkflowOptions & { baseUrl?: string } = {}): Promise<HarnessRun> {
		const apiKey = typeof key === 'string' ? FIXTURE_KEYS[key] : key.literal;
		const result = await runWorkflow(actionWorkflow(parameters, options), {
			credentials: [credentialFor(options.baseUrl ?? this.url, apiKey)],
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
		return Object.values(FIXTURE_KEYS).flatMap((key) => [key, Buffer.from(key).toString('base64'), Buffer.from(`Bearer ${key}`).toString('base64')]);
	}

	leaks(extraSecrets: string[] = []): string[] {
		const all = [...IntegrationContext.secrets(), ...extraSecrets];
		return this.transcripts.flatMap((text) => all.filter((secret) => text.includes(secret)));
	}
}

export function items(result: HarnessRun): IDataObject[] {
	return result.output(ACTION_NODE).map((item) => item.json);
}

/** The message and description of the error that stopped a run. */
export function failure(result: HarnessRun): { message: string; description: string; httpCode?: string } {
	const error = (result.nodeError(ACTION_NODE) ?? result.error ?? {}) as IDataObject;
	return {
		message: String(error.message ?? ''),
		description: String(error.description ?? ''),
		httpCode: error.httpCode === undefined ? undefined : String(error.httpCode),
	};
}
