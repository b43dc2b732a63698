/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Drives a real n8n through its CLI: one user folder (database, settings, binary storage) with the packed
// node package installed as a community package, credentials and workflows imported, workflows executed
// (`n8n execute`) or run by the server (`n8n start`, n8n-server.ts). n8n runs on the host's Node 24; this module
// runs on any Node the tests use. Nothing here prints an API key: error messages are redacted.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { installCommunityPackage } from './community-package';
import { majorVersion, readHost, type N8nHost } from './host';
import { N8nDatabase } from './n8n-database';
import { n8nEnv } from './n8n-env';
import { executeResult } from './n8n-execute';
import { N8nServer } from './n8n-server';
import type { CredentialRef, CredentialSpec, ExecuteResult, N8nOptions } from './n8n-types';
import { registerCleanup } from './process-registry';
import type { ProcessMemory } from './process-table';
import { freePort, runTracked, type Completed } from './processes';
import { Redactor } from './redaction';
import type { BinaryRef } from './results';
import { readStoredBinary } from './stored-binary';
import type { WorkflowJson } from './workflows';

export const CREDENTIAL_TYPE = 'draftingWorkspaceApi';

const elapsed = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class N8n {
	readonly userFolder: string;
	readonly host: N8nHost;
	private readonly server: N8nServer;
	private readonly database: N8nDatabase;
	private readonly secrets = new Redactor();
	private forgetFolder?: () => void;
	private imports = 0;

	private constructor(
		private readonly options: N8nOptions,
		private readonly brokerPort: number,
	) {
		this.host = options.host ?? readHost();
		this.userFolder = options.userFolder ?? mkdtempSync(join(tmpdir(), 'dw-e2e-n8n-'));
		// Removed by dispose(); if the process ends before, by the exit clean-ups.
		if (!options.userFolder && process.env.E2E_KEEP_USER_FOLDER !== '1')
			this.forgetFolder = registerCleanup({
				remove: this.userFolder,
				what: `n8n user folder ${this.userFolder}`,
			});
		this.server = new N8nServer({
			host: this.host,
			userFolder: this.userFolder,
			env: (extra) => this.env(extra),
			log: (line) => this.log(line),
			tail: (run) => this.tail(run),
			onServerOutput: options.onServerOutput,
		});
		this.database = new N8nDatabase(this.host.nodeBin, this.userFolder, options.database);
	}

	/** A fresh user folder with the package installed. Reuse it for many workflows: the first command migrates the database (~4 s). */
	static async create(options: N8nOptions): Promise<N8n> {
		// n8n 2.x starts a task broker for every command (default port 5679): each user folder gets its own
		// port, so that test files and a running server never collide.
		const n8n = new N8n(options, await freePort());
		installCommunityPackage(n8n.userFolder, options.tarball);
		return n8n;
	}

	private env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
		return n8nEnv(this.host, this.userFolder, this.options, this.brokerPort, extra);
	}

	private log(line: string): void {
		this.options.log?.(this.redact(line));
	}

	/** Replaces every API key this folder was given (and its base64 forms) with [redacted]. */
	redact(text: string): string {
		return this.secrets.redact(text);
	}

	private tail(run: Pick<Completed, 'stdout' | 'stderr'>, chars = 4000): string {
		return this.redact(`${run.stdout}\n${run.stderr}`.trim().slice(-chars));
	}

	/** Runs one n8n CLI command in this user folder. */
	async cli(args: string[], timeoutMs = 120_000): Promise<Completed> {
		const run = await runTracked(this.host.nodeBin, [this.host.n8nBin, ...args], {
			cwd: this.userFolder,
			env: this.env(),
			timeoutMs,
		});
		this.log(`n8n ${args[0]}: exit ${run.code ?? run.signal} in ${elapsed(run.durationMs)}`);
		return run;
	}

	private async cliOk(args: string[], expected: RegExp): Promise<Completed> {
		const run = await this.cli(args);
		if (run.code !== 0 || !expected.test(run.stdout + run.stderr)) {
			throw new Error(`n8n ${args[0]} failed (exit ${run.code ?? run.signal}):\n${this.tail(run)}`);
		}
		return run;
	}

	/** Writes a file for an import command, readable by this user only, and removes it afterwards. */
	private async withImportFile<T>(
		kind: string,
		content: unknown,
		use: (file: string) => Promise<T>,
	): Promise<T> {
		const file = join(this.userFolder, `import-${kind}-${++this.imports}.json`);
		writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
		try {
			return await use(file);
		} finally {
			rmSync(file, { force: true });
		}
	}

	/** Imports Drafting Workspace API credentials (plain data; n8n encrypts it with the folder's key). */
	async importCredentials(specs: CredentialSpec[]): Promise<CredentialRef[]> {
		for (const spec of specs) this.secrets.add(spec.apiKey);
		const refs = specs.map((spec) => ({
			id: spec.id,
			name: spec.name ?? `Drafting Workspace (${spec.id})`,
		}));
		const content = specs.map((spec, index) => ({
			...refs[index],
			type: CREDENTIAL_TYPE,
			data: { baseUrl: spec.baseUrl, apiKey: spec.apiKey },
		}));
		await this.withImportFile('credentials', content, (file) =>
			this.cliOk(['import:credentials', `--input=${file}`], /Successfully imported/),
		);
		return refs;
	}

	/** Imports credentials of other types (e.g. n8n's `openAiApi`), plain data; every string value counts as a secret. */
	async importForeignCredentials(
		credentials: Array<CredentialRef & { type: string; data: Record<string, unknown> }>,
	): Promise<CredentialRef[]> {
		for (const { data } of credentials)
			for (const value of Object.values(data))
				if (typeof value === 'string' && value.length >= 8 && !/^https?:/.test(value))
					this.secrets.add(value);
		await this.withImportFile('credentials', credentials, (file) =>
			this.cliOk(['import:credentials', `--input=${file}`], /Successfully imported/),
		);
		return credentials.map(({ id, name }) => ({ id, name }));
	}

	async importCredential(spec: CredentialSpec): Promise<CredentialRef> {
		const [ref] = await this.importCredentials([spec]);
		return ref;
	}

	/** Imports workflows in one command (each needs an `id`); returns their ids. */
	async importWorkflows(workflows: WorkflowJson[]): Promise<string[]> {
		for (const workflow of workflows)
			if (!workflow.id)
				throw new Error(`Workflow "${workflow.name}" has no id: n8n execute needs one`);
		// n8n 2.0's import refuses a workflow without a versionId (SQLITE_CONSTRAINT); later versions make one up.
		const versioned = workflows.map((workflow) => ({ versionId: randomUUID(), ...workflow }));
		await this.withImportFile('workflows', versioned, (file) =>
			this.cliOk(['import:workflow', `--input=${file}`], /Successfully imported/),
		);
		return workflows.map((workflow) => workflow.id);
	}

	async importWorkflow(workflow: WorkflowJson): Promise<string> {
		const [id] = await this.importWorkflows([workflow]);
		return id;
	}

	/** Publishes (activates) a workflow; takes effect at the next `start()`. */
	async publishWorkflow(id: string): Promise<void> {
		if (this.server.running)
			throw new Error('Publish while n8n is stopped: a running n8n does not see CLI publications');
		// n8n 1.x activates (it has no publication); 2.x publishes.
		if (majorVersion(this.host) < 2) {
			await this.cliOk(['update:workflow', `--id=${id}`, '--active=true'], /Activating workflow/);
			return;
		}
		const run = await this.cli(['publish:workflow', `--id=${id}`]);
		if (run.code === 0 && /Publishing workflow/.test(run.stdout + run.stderr)) return;
		// n8n 2.0's import:workflow writes no workflow history, and its publish:workflow then finds no version to
		// publish ("Version … not found"). The editor writes that row on every save: write it as the editor would.
		if (
			!/Version "[^"]+" not found for workflow/.test(run.stdout + run.stderr) ||
			this.options.database
		) {
			throw new Error(
				`n8n publish:workflow failed (exit ${run.code ?? run.signal}):\n${this.tail(run)}`,
			);
		}
		this.database.sqlite(
			'INSERT INTO workflow_history ("versionId", "workflowId", authors, nodes, connections, name) SELECT "versionId", id, \'e2e\', nodes, connections, name FROM workflow_entity WHERE id = ?',
			id,
		);
		await this.cliOk(['publish:workflow', `--id=${id}`], /Publishing workflow/);
	}

	/** `n8n execute --id=<id> --rawOutput`: the execution JSON and the exit code, for success and failure alike. */
	async execute(id: string, timeoutMs = 180_000): Promise<ExecuteResult> {
		const run = await this.cli(['execute', `--id=${id}`, '--rawOutput'], timeoutMs);
		return executeResult(
			id,
			run,
			(output) => this.tail(output),
			(line) => this.log(line),
		);
	}

	// The server (`n8n start`, `n8n worker`): n8n-server.ts tells what each of these does.

	/** URL of the running server (`start()`), e.g. http://127.0.0.1:5681; for a worker, its health-check server. */
	get url(): string | undefined {
		return this.server.url;
	}

	async start(options: { port?: number; timeoutMs?: number } = {}): Promise<string> {
		return await this.server.start(options);
	}

	async startWorker(
		options: { port?: number; concurrency?: number; timeoutMs?: number } = {},
	): Promise<string> {
		return await this.server.startWorker(options);
	}

	async waitForWebhook(path: string, method = 'GET', timeoutMs = 60_000): Promise<void> {
		await this.server.waitForWebhook(path, method, timeoutMs);
	}

	/** PID of the running `n8n start` / `n8n worker` (the node process itself), if any. */
	get pid(): number | undefined {
		return this.server.pid;
	}

	/** Output of the current (or last) server process only. */
	currentServerLog(): string {
		return this.server.currentLog();
	}

	memory(): { process: ProcessMemory; children: ProcessMemory } | undefined {
		return this.server.memory();
	}

	async kill(): Promise<void> {
		await this.server.kill();
	}

	/** Everything the servers of this folder printed, unredacted: for assertions, never for printing. */
	serverLog(): string {
		return this.server.log();
	}

	async stop(): Promise<void> {
		await this.server.stop();
	}

	// What n8n stored in the folder: its binary files (stored-binary.ts) and its database (n8n-database.ts).

	readBinary(ref: BinaryRef | undefined): Buffer {
		return readStoredBinary(this.userFolder, ref);
	}

	query<T>(sql: string, ...params: string[]): T[] {
		return this.database.query<T>(sql, ...params);
	}

	readStaticData(workflowId: string): Record<string, unknown> | undefined {
		return this.database.readStaticData(workflowId);
	}

	executions(workflowId: string): Array<{ id: string; status: string; mode: string }> {
		return this.database.executions(workflowId);
	}

	/** Stops the server and removes the user folder (kept when it was given, or with E2E_KEEP_USER_FOLDER=1). */
	async dispose(): Promise<void> {
		await this.stop();
		if (this.options.userFolder || process.env.E2E_KEEP_USER_FOLDER === '1') {
			this.log(`user folder kept: ${this.userFolder}`);
			return;
		}
		rmSync(this.userFolder, { recursive: true, force: true });
		this.forgetFolder?.();
	}
}
