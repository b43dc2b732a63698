// What one `n8n execute --rawOutput` gave: the execution JSON it printed, read for the tests.
import type { ExecuteResult } from './n8n-types';
import type { Completed } from './processes';
import { executionError, nodeItems, parseExecution } from './results';

/** `tail`: the command's output, redacted, for error messages; `log`: the driver's progress lines. */
export function executeResult(
	id: string,
	run: Completed,
	tail: (run: Completed) => string,
	log: (line: string) => void,
): ExecuteResult {
	const execution = parseExecution(run.stdout);
	const crashedOnExit = run.code === null && run.signal !== null && execution !== undefined;
	const describe = () =>
		`n8n execute --id=${id} ended with exit ${run.code ?? run.signal} and status ${execution?.status ?? 'unknown'}:\n${tail(run)}`;
	const result: ExecuteResult = {
		workflowId: id,
		exitCode: run.code,
		signal: run.signal,
		// n8n 2.0's execute prints status "running" for a finished execution: there, `finished` tells. n8n 2.41's
		// execute may end by a signal on its way out once it printed the whole execution (see `expectRefused`): the
		// execution had ended by then, so the printed execution tells.
		ok:
			(run.code === 0 || crashedOnExit) &&
			(execution?.status === 'success' ||
				(execution?.status === 'running' && execution.finished === true)),
		execution,
		stdout: run.stdout,
		stderr: run.stderr,
		durationMs: run.durationMs,
		items: (nodeName, outputIndex = 0) => nodeItems(execution, nodeName, outputIndex),
		error: (nodeName) => executionError(execution, nodeName),
		expectSuccess: () => {
			if (!result.ok) throw new Error(describe());
			if (run.signal)
				log(
					`n8n execute --id=${id}: the execution succeeded and was printed, then n8n ended by ${run.signal}`,
				);
			return result;
		},
		expectRefused: () => {
			const printed = execution !== undefined && executionError(execution) !== undefined;
			if (result.ok || !printed || !(run.code === 1 || (run.code === null && run.signal !== null)))
				throw new Error(describe());
			if (run.signal)
				log(
					`n8n execute --id=${id}: the failed execution was printed, then n8n ended by ${run.signal}`,
				);
			return result;
		},
	};
	return result;
}
