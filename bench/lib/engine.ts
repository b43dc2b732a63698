/**
 * The benchmark's n8n: n8n-core's WorkflowExecute (the test harness) with binary data kept in the
 * filesystem, as a real n8n instance does by default (N8N_DEFAULT_BINARY_DATA_MODE=filesystem), so large
 * files are measured the way they travel in production; `skipBinaryStore()` keeps them inline instead.
 */
import type { ITaskData } from 'n8n-workflow';

import {
	runWorkflow,
	type HarnessRun,
	type RunOptions,
	type WorkflowJson,
} from '../../test/harness';

let ready: Promise<void> | undefined;

/** Keeps binary data inline (base64 in the items), n8n's "default" mode, for the in-memory comparison. */
export function skipBinaryStore(): void {
	ready = Promise.resolve();
}

export async function initEngine(): Promise<void> {
	// Imported on demand: the module sets N8N_DEFAULT_BINARY_DATA_MODE, which must stay unset in memory mode.
	type Setup = typeof import('../../test/setup/filesystemBinaryMode');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const setup = require('../../test/setup/filesystemBinaryMode') as Setup;
	ready ??= setup.initFilesystemBinaryData();
	await ready;
}

export interface TimedRun {
	result: HarnessRun;
	/** When each node last finished (ms since epoch), and its last task data. */
	finishedAt: Map<string, number>;
	startedAt: Map<string, number>;
	lastTask: Map<string, ITaskData>;
}

/** Runs a workflow and records when each node started and finished (engine hooks, not guesses). */
export async function runTimed(
	workflow: WorkflowJson,
	options: RunOptions & { onNodeFinished?: (node: string, task: ITaskData) => void } = {},
): Promise<TimedRun> {
	await initEngine();
	const finishedAt = new Map<string, number>();
	const startedAt = new Map<string, number>();
	const lastTask = new Map<string, ITaskData>();
	const result = await runWorkflow(workflow, {
		...options,
		configureHooks: (hooks) => {
			hooks.addHandler('nodeExecuteBefore', (node) => void startedAt.set(node, Date.now()));
			hooks.addHandler('nodeExecuteAfter', (node, task) => {
				finishedAt.set(node, Date.now());
				lastTask.set(node, task);
				options.onNodeFinished?.(node, task);
			});
			options.configureHooks?.(hooks);
		},
	});
	return { result, finishedAt, startedAt, lastTask };
}
