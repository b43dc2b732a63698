/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Drives a real n8n through its CLI: one user folder (database, settings, binary storage) with the packed
// node package installed as a community package, credentials and workflows imported, workflows executed
// (`n8n execute`) or run by the server (`n8n start`). n8n runs on the host's Node 24; this module runs on
// any Node the tests use. Nothing here prints an API key: error messages are redacted.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

import { hostHasModule, majorVersion, readHost, REPO_DIR, type N8nHost } from './host';
import { postgresEnv, queryPostgres, type PostgresConnection } from './postgres';
import { descendants as descendantsOf, freePort, killTree, processMemory, registerCleanup, runTracked, spawnTracked, terminate, waitUntil, type Completed, type ProcessMemory } from './processes';
import { executionError, nodeItems, parseExecution, type BinaryRef, type ExecutionJson, type Item, type NodeError } from './results';
import type { WorkflowJson } from './workflows';

export const CREDENTIAL_TYPE = 'draftingWorkspaceApi';
const PACKAGE = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { name: string; version: string };

/** Environment that keeps n8n offline, quiet and inside its user folder (see /work/shared/notes/n8n-host.md). */
const HEADLESS_ENV: Record<string, string> = {
  N8N_DIAGNOSTICS_ENABLED: 'false',
  N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
  N8N_PERSONALIZATION_ENABLED: 'false',
  N8N_TEMPLATES_ENABLED: 'false',
  N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
  // `n8n execute` prints its result through the logger: below info there is nothing to read.
  N8N_LOG_LEVEL: 'info',
  N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
};

export interface CredentialSpec {
  id: string;
  name?: string;
  baseUrl: string;
  apiKey: string;
}

export interface CredentialRef {
  id: string;
  name: string;
}

export interface N8nOptions {
  /** The `npm pack` output to install as the community package. */
  tarball: string;
  host?: N8nHost;
  /** A folder to use instead of a new temporary one (it is kept on dispose). */
  userFolder?: string;
  encryptionKey?: string;
  /** Extra environment for every n8n command. */
  env?: Record<string, string>;
  /**
   * PostgreSQL instead of the folder's SQLite file (queue mode: main and workers share it). The queries of
   * this class (static data, executions) then go to it.
   */
  database?: PostgresConnection;
  /** Progress lines (command, exit code, duration); silent by default. */
  log?: (line: string) => void;
  /** The output of `n8n start` / `n8n worker` as it comes (unredacted); kept internally either way. */
  onServerOutput?: (text: string) => void;
}

export interface ExecuteResult {
  workflowId: string;
  /** 0 on success; 1 when the execution failed (the execution JSON is still printed); null when ended by a signal. */
  exitCode: number | null;
  /** The signal that ended n8n, if one did (see `expectRefused`). */
  signal: NodeJS.Signals | null;
  /** Exit code 0 and execution status "success". */
  ok: boolean;
  execution?: ExecutionJson;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** Items of a node's output. */
  items(nodeName: string, outputIndex?: number): Item[];
  /** The error a node stopped with, else the execution's error. */
  error(nodeName?: string): NodeError | undefined;
  /** Throws (with the redacted output) unless the execution succeeded; returns the result. */
  expectSuccess(): ExecuteResult;
  /**
   * Throws (with the redacted output) unless the execution failed and n8n printed it: exit 1, or a signal once the
   * failed execution was printed. n8n 2.41.1's `execute` with its default expression engine (vm, on isolated-vm)
   * ends by SIGSEGV on its way out after an AI Agent execution failed (4 times in 4 on a busy machine), where
   * N8N_EXPRESSION_ENGINE=legacy exits 1 (4 in 4); a failed plain node and a successful AI chain exit normally.
   * The execution had ended and been printed by then: the crash is n8n's exit, not the node's doing.
   */
  expectRefused(): ExecuteResult;
}

const elapsed = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class N8n {
  readonly userFolder: string;
  readonly host: N8nHost;
  /** URL of the running server (`start()`), e.g. http://127.0.0.1:5681; for a worker, its health-check server. */
  url?: string;
  private server?: ChildProcess;
  private serverCommand?: 'start' | 'worker';
  /** Output of the current (or last) `n8n start`, and of the earlier ones. */
  private serverOutput = '';
  private serverHistory = '';
  private readonly secrets = new Set<string>();
  private forgetFolder?: () => void;
  private imports = 0;

  private constructor(
    private readonly options: N8nOptions,
    private readonly brokerPort: number,
  ) {
    this.host = options.host ?? readHost();
    this.userFolder = options.userFolder ?? mkdtempSync(join(tmpdir(), 'dw-e2e-n8n-'));
    // Removed by dispose(); if the process ends before, by the exit clean-ups.
    if (!options.userFolder && process.env.E2E_KEEP_USER_FOLDER !== '1') this.forgetFolder = registerCleanup({ remove: this.userFolder, what: `n8n user folder ${this.userFolder}` });
  }

  /** A fresh user folder with the package installed. Reuse it for many workflows: the first command migrates the database (~4 s). */
  static async create(options: N8nOptions): Promise<N8n> {
    // n8n 2.x starts a task broker for every command (default port 5679): each user folder gets its own
    // port, so that test files and a running server never collide.
    const n8n = new N8n(options, await freePort());
    n8n.installPackage(options.tarball);
    return n8n;
  }

  /**
   * Installs the tarball as n8n's community-package installer does: extracted into
   * `.n8n/nodes/node_modules/<name>`, dev/peer/optional dependencies dropped from its package.json, and the
   * package listed in `.n8n/nodes/package.json`. `n8n-workflow` then resolves from n8n's own modules (n8n
   * puts its module paths on NODE_PATH), as in a real install.
   */
  installPackage(tarball: string): void {
    const nodesDir = join(this.userFolder, '.n8n', 'nodes');
    const target = join(nodesDir, 'node_modules', PACKAGE.name);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`Could not extract ${tarball}: ${untar.stderr}`);
    const manifestPath = join(target, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    if (manifest.dependencies && Object.keys(manifest.dependencies).length) {
      throw new Error(`${PACKAGE.name} declares runtime dependencies; this installer does not install them (and n8n Cloud refuses them)`);
    }
    const { devDependencies: _dev, peerDependencies: _peer, optionalDependencies: _optional, ...installed } = manifest;
    writeFileSync(manifestPath, `${JSON.stringify(installed, null, 2)}\n`);
    writeFileSync(
      join(nodesDir, 'package.json'),
      `${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE.name]: String(manifest.version) } }, null, 2)}\n`,
    );
  }

  private env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    // Nothing inherited may steer n8n: N8N_* of the caller, npm's settings, and NODE_ENV=test (Jest sets
    // it; n8n then refuses to load nodes).
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^(N8N_|npm_|DB_|EXECUTIONS_|QUEUE_)/i.test(key) && !['NODE_ENV', 'JEST_WORKER_ID', 'NODE_OPTIONS'].includes(key)),
    );
    return {
      ...inherited,
      PATH: `${dirname(this.host.nodeBin)}:${process.env.PATH ?? ''}`,
      ...HEADLESS_ENV,
      // Off where this n8n has it (2.41 does; 1.123, 2.0 and 2.16 refuse a module they do not know).
      ...(hostHasModule(this.host, 'mcp-registry') ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
      N8N_USER_FOLDER: this.userFolder,
      N8N_ENCRYPTION_KEY: this.options.encryptionKey ?? 'drafting-workspace-e2e-encryption-key',
      N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
      ...(this.options.database ? postgresEnv(this.options.database) : {}),
      ...this.options.env,
      ...extra,
    };
  }

  private log(line: string): void {
    this.options.log?.(this.redact(line));
  }

  /** Replaces every API key this folder was given (and its base64 forms) with [redacted]. */
  redact(text: string): string {
    let result = text;
    for (const secret of this.secrets) {
      for (const form of [secret, Buffer.from(secret).toString('base64'), Buffer.from(`Bearer ${secret}`).toString('base64')]) {
        result = result.split(form).join('[redacted]');
      }
    }
    return result;
  }

  private tail(run: Pick<Completed, 'stdout' | 'stderr'>, chars = 4000): string {
    return this.redact(`${run.stdout}\n${run.stderr}`.trim().slice(-chars));
  }

  /** Runs one n8n CLI command in this user folder. */
  async cli(args: string[], timeoutMs = 120_000): Promise<Completed> {
    const run = await runTracked(this.host.nodeBin, [this.host.n8nBin, ...args], { cwd: this.userFolder, env: this.env(), timeoutMs });
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
  private async withImportFile<T>(kind: string, content: unknown, use: (file: string) => Promise<T>): Promise<T> {
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
    const refs = specs.map((spec) => ({ id: spec.id, name: spec.name ?? `Drafting Workspace (${spec.id})` }));
    const content = specs.map((spec, index) => ({ ...refs[index], type: CREDENTIAL_TYPE, data: { baseUrl: spec.baseUrl, apiKey: spec.apiKey } }));
    await this.withImportFile('credentials', content, (file) => this.cliOk(['import:credentials', `--input=${file}`], /Successfully imported/));
    return refs;
  }

  /** Imports credentials of other types (e.g. n8n's `openAiApi`), plain data; every string value counts as a secret. */
  async importForeignCredentials(credentials: Array<CredentialRef & { type: string; data: Record<string, unknown> }>): Promise<CredentialRef[]> {
    for (const { data } of credentials) for (const value of Object.values(data)) if (typeof value === 'string' && value.length >= 8 && !/^https?:/.test(value)) this.secrets.add(value);
    await this.withImportFile('credentials', credentials, (file) => this.cliOk(['import:credentials', `--input=${file}`], /Successfully imported/));
    return credentials.map(({ id, name }) => ({ id, name }));
  }

  async importCredential(spec: CredentialSpec): Promise<CredentialRef> {
    const [ref] = await this.importCredentials([spec]);
    return ref;
  }

  /** Imports workflows in one command (each needs an `id`); returns their ids. */
  async importWorkflows(workflows: WorkflowJson[]): Promise<string[]> {
    for (const workflow of workflows) if (!workflow.id) throw new Error(`Workflow "${workflow.name}" has no id: n8n execute needs one`);
    // n8n 2.0's import refuses a workflow without a versionId (SQLITE_CONSTRAINT); later versions make one up.
    const versioned = workflows.map((workflow) => ({ versionId: randomUUID(), ...workflow }));
    await this.withImportFile('workflows', versioned, (file) => this.cliOk(['import:workflow', `--input=${file}`], /Successfully imported/));
    return workflows.map((workflow) => workflow.id);
  }

  async importWorkflow(workflow: WorkflowJson): Promise<string> {
    const [id] = await this.importWorkflows([workflow]);
    return id;
  }

  /** Publishes (activates) a workflow; takes effect at the next `start()`. */
  async publishWorkflow(id: string): Promise<void> {
    if (this.server) throw new Error('Publish while n8n is stopped: a running n8n does not see CLI publications');
    // n8n 1.x activates (it has no publication); 2.x publishes.
    if (majorVersion(this.host) < 2) {
      await this.cliOk(['update:workflow', `--id=${id}`, '--active=true'], /Activating workflow/);
      return;
    }
    const run = await this.cli(['publish:workflow', `--id=${id}`]);
    if (run.code === 0 && /Publishing workflow/.test(run.stdout + run.stderr)) return;
    // n8n 2.0's import:workflow writes no workflow history, and its publish:workflow then finds no version to
    // publish ("Version … not found"). The editor writes that row on every save: write it as the editor would.
    if (!/Version "[^"]+" not found for workflow/.test(run.stdout + run.stderr) || this.options.database) {
      throw new Error(`n8n publish:workflow failed (exit ${run.code ?? run.signal}):\n${this.tail(run)}`);
    }
    this.sqlite(
      'INSERT INTO workflow_history ("versionId", "workflowId", authors, nodes, connections, name) SELECT "versionId", id, \'e2e\', nodes, connections, name FROM workflow_entity WHERE id = ?',
      id,
    );
    await this.cliOk(['publish:workflow', `--id=${id}`], /Publishing workflow/);
  }

  /** `n8n execute --id=<id> --rawOutput`: the execution JSON and the exit code, for success and failure alike. */
  async execute(id: string, timeoutMs = 180_000): Promise<ExecuteResult> {
    const run = await this.cli(['execute', `--id=${id}`, '--rawOutput'], timeoutMs);
    const execution = parseExecution(run.stdout);
    const describe = () => `n8n execute --id=${id} ended with exit ${run.code ?? run.signal} and status ${execution?.status ?? 'unknown'}:\n${this.tail(run)}`;
    const result: ExecuteResult = {
      workflowId: id,
      exitCode: run.code,
      signal: run.signal,
      // n8n 2.0's execute prints status "running" for a finished execution: there, `finished` tells.
      ok: run.code === 0 && (execution?.status === 'success' || (execution?.status === 'running' && execution.finished === true)),
      execution,
      stdout: run.stdout,
      stderr: run.stderr,
      durationMs: run.durationMs,
      items: (nodeName, outputIndex = 0) => nodeItems(execution, nodeName, outputIndex),
      error: (nodeName) => executionError(execution, nodeName),
      expectSuccess: () => {
        if (!result.ok) throw new Error(describe());
        return result;
      },
      expectRefused: () => {
        const printed = execution !== undefined && executionError(execution) !== undefined;
        if (result.ok || !printed || !(run.code === 1 || (run.code === null && run.signal !== null))) throw new Error(describe());
        if (run.signal) this.log(`n8n execute --id=${id}: the failed execution was printed, then n8n ended by ${run.signal}`);
        return result;
      },
    };
    return result;
  }

  /**
   * Starts `n8n start` on free ports and waits until it serves and has finished its start-up. n8n 2.41 then
   * still activates published workflows in the background: before calling a webhook, `waitForWebhook()`.
   */
  async start(options: { port?: number; timeoutMs?: number } = {}): Promise<string> {
    const port = options.port ?? (await freePort());
    return await this.launch('start', { N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1' }, `http://127.0.0.1:${port}`, options.timeoutMs, 'Editor is now accessible');
  }

  /**
   * Starts `n8n worker` (queue mode: the folder's options must carry the shared database and the Redis
   * settings) with its health-check server on a free port, and waits until `/healthz/readiness` answers 200.
   * Returns the health-check URL.
   */
  async startWorker(options: { port?: number; concurrency?: number; timeoutMs?: number } = {}): Promise<string> {
    const port = options.port ?? (await freePort());
    const env = {
      QUEUE_HEALTH_CHECK_ACTIVE: 'true',
      QUEUE_HEALTH_CHECK_PORT: String(port),
      N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
      ...(options.concurrency ? { N8N_CONCURRENCY_PRODUCTION_LIMIT: String(options.concurrency) } : {}),
    };
    return await this.launch('worker', env, `http://127.0.0.1:${port}`, options.timeoutMs);
  }

  private async launch(command: 'start' | 'worker', env: Record<string, string>, url: string, timeoutMs = 90_000, readyLine?: string): Promise<string> {
    if (this.server) throw new Error('n8n is already running in this user folder');
    const started = Date.now();
    this.serverHistory += this.serverOutput;
    this.serverOutput = '';
    const child = spawnTracked(this.host.nodeBin, [this.host.n8nBin, command], {
      cwd: this.userFolder,
      env: this.env(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      what: `n8n ${command}`,
    });
    this.server = child;
    this.serverCommand = command;
    const keep = (chunk: Buffer) => {
      this.serverOutput = (this.serverOutput + chunk.toString('utf8')).slice(-2_000_000);
      this.options.onServerOutput?.(chunk.toString('utf8'));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    try {
      await waitUntil(
        `n8n ${command} to be ready`,
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) throw new Error(`n8n ${command} exited (${child.exitCode ?? child.signalCode})`);
          // "Editor is now accessible" is printed after the start-up steps, readiness once the server listens.
          if (readyLine && !this.serverOutput.includes(readyLine)) return false;
          const response = await fetch(`${url}/healthz/readiness`).catch(() => undefined);
          return response?.status === 200;
        },
        timeoutMs,
      );
    } catch (error) {
      await this.stop();
      throw new Error(`${(error as Error).message}; its output:\n${this.tail({ stdout: this.serverOutput, stderr: '' })}`);
    }
    this.url = url;
    this.log(`n8n ${command}: ready on ${url} in ${elapsed(Date.now() - started)}`);
    return url;
  }

  /**
   * Waits until the running server serves a production webhook. n8n 2.x activates published workflows in
   * the background (its publication service), after readiness and "Editor is now accessible": a request in
   * between gets 404 "not registered". The probe is a CORS preflight (OPTIONS with an Origin), which looks the
   * webhook up exactly as a real call does (204 when found, 404 when not) without executing the workflow.
   */
  async waitForWebhook(path: string, method = 'GET', timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    await waitUntil(
      `the webhook ${method} /webhook/${path} to be registered`,
      async () => {
        if (!this.url) throw new Error('n8n is not running');
        const response = await fetch(`${this.url}/webhook/${path}`, {
          method: 'OPTIONS',
          headers: { origin: 'http://127.0.0.1', 'access-control-request-method': method },
        }).catch(() => undefined);
        return response?.status === 204;
      },
      timeoutMs,
      250,
    );
    this.log(`webhook ${method} /webhook/${path}: registered ${elapsed(Date.now() - started)} after the check began`);
  }

  /** PID of the running `n8n start` / `n8n worker` (the node process itself), if any. */
  get pid(): number | undefined {
    return this.server?.pid;
  }

  /** Output of the current (or last) server process only. */
  currentServerLog(): string {
    return this.serverOutput;
  }

  /** Memory of the running server process, and of its descendants (the task runner) summed. */
  memory(): { process: ProcessMemory; children: ProcessMemory } | undefined {
    const pid = this.pid;
    const own = pid === undefined ? undefined : processMemory(pid);
    if (!pid || !own) return undefined;
    const children = { rssMiB: 0, peakMiB: 0 };
    for (const child of descendantsOf(pid)) {
      const memory = processMemory(child);
      if (!memory) continue;
      children.rssMiB += memory.rssMiB;
      children.peakMiB += memory.peakMiB;
    }
    return { process: own, children };
  }

  /**
   * Kills the server process and its descendants (the task runner) at once with SIGKILL, which cannot be
   * caught (a crash, an OOM kill), and waits until they are gone.
   */
  async kill(): Promise<void> {
    const child = this.server;
    if (!child) return;
    await killTree(child);
    this.server = undefined;
    this.url = undefined;
    this.log(`n8n ${this.serverCommand}: killed with SIGKILL (with its task runner)`);
  }

  /** Everything the servers of this folder printed, unredacted: for assertions, never for printing. */
  serverLog(): string {
    return this.serverHistory + this.serverOutput;
  }

  async stop(): Promise<void> {
    const child = this.server;
    this.server = undefined;
    this.url = undefined;
    if (child) await terminate(child);
  }

  /**
   * The bytes of a binary property a node produced. In filesystem mode (n8n 2.x's default) the item holds
   * `id: "filesystem-v2:<path>"` and the file is `<userFolder>/.n8n/storage/<path>`.
   */
  readBinary(ref: BinaryRef | undefined): Buffer {
    if (!ref) throw new Error('No binary property');
    const stored = /^filesystem-v2:(.+)$/.exec(ref.id ?? '');
    if (stored) {
      // n8n 2.0 keeps the files under .n8n/binaryData, later versions under .n8n/storage.
      const paths = ['storage', 'binaryData'].map((folder) => {
        const root = join(this.userFolder, '.n8n', folder);
        const path = resolve(root, stored[1]);
        if (relative(root, path).startsWith('..')) throw new Error(`Binary id points outside the storage folder: ${ref.id}`);
        return path;
      });
      return readFileSync(paths.find((path) => existsSync(path)) ?? paths[0]);
    }
    if (!ref.id && ref.data && ref.data !== 'filesystem-v2') return Buffer.from(ref.data, 'base64');
    throw new Error(`Binary data stored in a mode this driver does not read: ${ref.id ?? ref.data}`);
  }

  /**
   * Runs one read-only SQL query on the folder's database: SQLite with Node 24's built-in node:sqlite, or the
   * PostgreSQL database of the options. Parameters are `?` placeholders, in order.
   */
  query<T>(sql: string, ...params: string[]): T[] {
    if (this.options.database) {
      let index = 0;
      const named = sql.replace(/\?/g, () => `:'p${index++}'`);
      return queryPostgres<T>(this.options.database, named, Object.fromEntries(params.map((value, i) => [`p${i}`, value])));
    }
    return JSON.parse(this.sqlite(sql, ...params)) as T[];
  }

  /** One SQL statement on the folder's SQLite file (Node 24's node:sqlite); a query's rows as JSON text. */
  private sqlite(sql: string, ...params: string[]): string {
    const write = !/^\s*SELECT/i.test(sql);
    const script = [
      "const { DatabaseSync } = require('node:sqlite');",
      `const db = new DatabaseSync(process.argv[1], { readOnly: ${!write} });`,
      `const statement = db.prepare(process.argv[2]);`,
      `process.stdout.write(JSON.stringify(${write ? 'statement.run' : 'statement.all'}(...process.argv.slice(3))));`,
    ].join('\n');
    const database = join(this.userFolder, '.n8n', 'database.sqlite');
    const run = spawnSync(this.host.nodeBin, ['--no-warnings', '-e', script, database, sql, ...params], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`Could not ${write ? 'write to' : 'query'} the n8n database: ${run.stderr}`);
    return run.stdout;
  }

  /** A workflow's static data as saved in the database (a poll trigger's memory). */
  readStaticData(workflowId: string): Record<string, unknown> | undefined {
    const [row] = this.query<{ staticData: string | Record<string, unknown> | null }>('SELECT "staticData" FROM workflow_entity WHERE id = ?', workflowId);
    if (!row?.staticData) return undefined;
    // SQLite keeps it as text, PostgreSQL as json.
    return (typeof row.staticData === 'string' ? JSON.parse(row.staticData) : row.staticData) as Record<string, unknown>;
  }

  /** The executions n8n saved for a workflow (a published trigger's runs), oldest first. */
  executions(workflowId: string): Array<{ id: string; status: string; mode: string }> {
    // ids are integers: PostgreSQL returns them as numbers, SQLite as numbers too; callers get strings.
    return this.query<{ id: string | number; status: string; mode: string }>('SELECT id, status, mode FROM execution_entity WHERE "workflowId" = ? ORDER BY id', workflowId).map(
      (row) => ({ ...row, id: String(row.id) }),
    );
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
