// What `n8n execute --rawOutput` prints, read back: the execution (IRun) as JSON, after a few log lines,
// and, when the execution failed, followed by the CLI's own error lines.

/** A binary property as n8n stores it in an item (filesystem mode: `id` points at the file, `data` names the mode). */
export interface BinaryRef {
	mimeType?: string;
	fileName?: string;
	fileExtension?: string;
	fileType?: string;
	fileSize?: string;
	bytes?: number;
	id?: string;
	data: string;
}

export interface Item {
	json: Record<string, unknown>;
	binary?: Record<string, BinaryRef>;
	pairedItem?: unknown;
}

export interface NodeError {
	message?: string;
	description?: string;
	httpCode?: string | number;
	name?: string;
	[key: string]: unknown;
}

interface TaskRun {
	executionStatus?: string;
	data?: { main?: Array<Item[] | null> };
	error?: NodeError;
}

/** The parts of n8n's IRun the tests read. */
export interface ExecutionJson {
	status?: string;
	finished?: boolean;
	mode?: string;
	data: {
		resultData: {
			runData: Record<string, TaskRun[]>;
			error?: NodeError;
			lastNodeExecuted?: string;
		};
	};
}

/**
 * The execution JSON in the CLI's output: it starts at the first line beginning with `{` and, being
 * printed with two-space indentation, ends at the first line that is exactly `}`.
 */
export function parseExecution(stdout: string): ExecutionJson | undefined {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start === -1) return undefined;
	const end = lines.findIndex((line, index) => index > start && line.trimEnd() === '}');
	try {
		return JSON.parse(
			lines.slice(start, end === -1 ? undefined : end + 1).join('\n'),
		) as ExecutionJson;
	} catch {
		return undefined;
	}
}

/** Items of a node's output (`main` output `outputIndex`, first run); [] when the node did not run. */
export function nodeItems(
	execution: ExecutionJson | undefined,
	nodeName: string,
	outputIndex = 0,
): Item[] {
	return execution?.data.resultData.runData[nodeName]?.[0]?.data?.main?.[outputIndex] ?? [];
}

/** The error a node stopped with, else the execution's error. */
export function executionError(
	execution: ExecutionJson | undefined,
	nodeName?: string,
): NodeError | undefined {
	const fromNode = nodeName ? execution?.data.resultData.runData[nodeName]?.[0]?.error : undefined;
	return fromNode ?? execution?.data.resultData.error;
}
