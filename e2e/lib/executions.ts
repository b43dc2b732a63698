/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// What a published trigger fired, read from n8n's own executions: each execution's data as n8n stored it
// (execution_data, serialised with `flatted`, parsed with the copy n8n itself uses), and in it the items the
// trigger node emitted.
import { createRequire } from 'node:module';

import type { N8n } from './n8n';
import type { ExecutionJson, Item } from './results';

export interface TriggeredExecution {
	id: string;
	status: string;
	mode: string;
	/** The items the trigger node handed to the execution. */
	items: Item[];
}

/** The executions of a workflow, oldest first, with the items `nodeName` emitted in each. */
export function triggeredExecutions(
	n8n: N8n,
	workflowId: string,
	nodeName: string,
): TriggeredExecution[] {
	const { parse } = createRequire(n8n.host.n8nBin)('flatted') as {
		parse: (text: string) => unknown;
	};
	const rows = n8n.query<{
		id: string | number;
		status: string;
		mode: string;
		data: string | null;
	}>(
		'SELECT e.id, e.status, e.mode, d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = ? ORDER BY e.id',
		workflowId,
	);
	return rows.map((row) => {
		const data = row.data ? (parse(row.data) as ExecutionJson['data']) : undefined;
		const items = data?.resultData?.runData?.[nodeName]?.[0]?.data?.main?.[0] ?? [];
		return { id: String(row.id), status: row.status, mode: row.mode, items };
	});
}

/** Every run id the trigger fired (one entry per firing: a run fired twice is listed twice). */
export function firedRunIds(n8n: N8n, workflowId: string, nodeName: string): string[] {
	return triggeredExecutions(n8n, workflowId, nodeName).flatMap((execution) =>
		execution.items.map((item) => String(item.json.runId)),
	);
}
