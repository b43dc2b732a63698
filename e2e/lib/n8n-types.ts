// The shapes the n8n driver (n8n.ts) takes and gives: its options, the credentials it imports, what an
// `n8n execute` gave.
import type { N8nHost } from './host';
import type { PostgresConnection } from './postgres';
import type { ExecutionJson, Item, NodeError } from './results';

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
	/**
	 * Throws (with the redacted output) unless the execution succeeded; returns the result. n8n ending by a signal
	 * once it printed the whole successful execution counts as success (seen once for Workflow → Get Many on a busy
	 * machine, SIGSEGV on n8n 2.41.1's way out, as in `expectRefused`).
	 */
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
