// One simulator (in this process, on 127.0.0.1) and one n8n user folder per test file: n8n's first command
// migrates the database (~4 s), so every workflow of a file shares the folder.
import type { N8nHost } from '../lib/host';
import { N8n } from '../lib/n8n';
import type { CredentialRef, CredentialSpec } from '../lib/n8n-types';
import { packageTarball } from '../lib/pack';
import { serviceRequest, startSummaryRun } from '../lib/service-api';
import {
	createSimulator,
	FIXTURE_IDS,
	FIXTURE_KEYS,
	runAdmin,
	type FixtureKeyName,
	type RequestLogEntry,
	type Simulator,
	type SimulatorOptions,
} from '../../test/simulator';
import { isTerminalView, waitForRun } from '../../test/simulator/runs/testing';

export class E2EContext {
	sim!: Simulator;
	url!: string;
	n8n!: N8n;
	/** Everything n8n printed in this file, to prove no key ever shows up in it. */
	readonly transcripts: string[] = [];

	/** `host`: another n8n than the pinned one (the version matrix's). */
	async start(
		options: SimulatorOptions = {},
		n8nEnv: Record<string, string> = {},
		host?: N8nHost,
	): Promise<void> {
		this.sim = createSimulator(options);
		this.url = await this.sim.start();
		this.n8n = await N8n.create({ tarball: packageTarball(), env: n8nEnv, host });
	}

	async stop(): Promise<void> {
		if (this.n8n) this.transcripts.push(this.n8n.serverLog());
		await this.n8n?.dispose();
		await this.sim?.stop();
	}

	/** A completed run of the agent summary that started ten minutes ago: history a trigger activated now never fires. */
	seedHistoryRun(): string {
		const [runId] = runAdmin(this.sim).seedRuns([
			{
				workflowId: FIXTURE_IDS.workflows.agentSummary,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Completed',
				startedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
			},
		]);
		return runId;
	}

	/** A credential spec for a fixture key, pointing at this file's simulator. */
	credential(
		key: FixtureKeyName,
		id = `dwE2E${key[0].toUpperCase()}${key.slice(1)}`,
	): CredentialSpec {
		return {
			id,
			name: `Drafting Workspace (${key})`,
			baseUrl: this.url,
			apiKey: FIXTURE_KEYS[key],
		};
	}

	async importCredentials(...keys: FixtureKeyName[]): Promise<CredentialRef[]> {
		return await this.n8n.importCredentials(keys.map((key) => this.credential(key)));
	}

	/** Executes a workflow, keeping its output for the leak check. */
	async execute(workflowId: string) {
		const result = await this.n8n.execute(workflowId);
		this.transcripts.push(result.stdout, result.stderr);
		return result;
	}

	/** The simulator's answer to a direct request with a fixture key (to compare with what n8n got). */
	async api(path: string, init: RequestInit = {}, key: FixtureKeyName = 'full'): Promise<Response> {
		return await serviceRequest(this.url, path, init, FIXTURE_KEYS[key]);
	}

	/** A run of the fixtures' agent-summary workflow, started through the API and waited for until it completed. */
	async completedSummaryRun(): Promise<string> {
		const runId = await startSummaryRun(this.url);
		expect((await waitForRun(this.sim, runId, isTerminalView, 30_000)).status).toBe('Completed');
		return runId;
	}

	async bytes(path: string): Promise<Buffer> {
		return Buffer.from(await (await this.api(path)).arrayBuffer());
	}

	/** The request-log entries written while `action` ran. */
	async requestsDuring<T>(
		action: () => Promise<T>,
	): Promise<{ value: T; requests: RequestLogEntry[] }> {
		const since = this.sim.admin.requests().at(-1)?.seq ?? 0;
		const value = await action();
		return { value, requests: this.sim.admin.requests({ since }) };
	}

	/** The fixture keys (plain or base64, as in a Basic or Bearer header) found in the given texts. */
	static leaks(texts: string[]): string[] {
		const forms = Object.values(FIXTURE_KEYS).flatMap((key) => [
			key,
			Buffer.from(key).toString('base64'),
			Buffer.from(`Bearer ${key}`).toString('base64'),
		]);
		return forms.filter((form) => texts.some((text) => text.includes(form)));
	}
}

/** The last test of a file's block: no API key in anything n8n printed for the block's executions. */
export function itPrintsNoKey(ctx: E2EContext): void {
	it('no API key appears in anything n8n printed for the executions above', () => {
		expect(ctx.transcripts.length).toBeGreaterThan(0);
		expect(E2EContext.leaks(ctx.transcripts)).toEqual([]);
	});
}
