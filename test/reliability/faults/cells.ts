import type { FaultRuleInput } from '../../simulator';
import type { Fault } from '../support/results';

/**
 * The cells of the fault matrix: which fault is aimed at which request of each operation, what the cell must end
 * with, and what a cell measured (written by faults.test.ts, read by report.ts). Why the "delayed past timeout"
 * cells compress the node's timeout is told in faults.test.ts.
 */

export type Operation = 'Start Run + Wait' | 'Wait: event stream' | 'Upload' | 'Produce' | 'Chat';

export interface Target {
	method: 'GET' | 'POST';
	/** The simulator's fault selector. */
	path: string;
	/** The same requests, for reading the log and compressing the timeout. */
	pattern: RegExp;
	/** The node's own timeout for this request, in seconds. */
	timeoutS: number;
}

export const TARGETS: Record<Operation, Target> = {
	'Start Run + Wait': {
		method: 'POST',
		path: '/workflows/runs',
		pattern: /^\/workflows\/runs$/,
		timeoutS: 60,
	},
	'Wait: event stream': {
		method: 'GET',
		path: '^/workflows/runs/[^/]+/events$',
		pattern: /^\/workflows\/runs\/[^/]+\/events$/,
		timeoutS: 120,
	},
	Upload: {
		method: 'POST',
		path: '/workflow-inputs/documents',
		pattern: /^\/workflow-inputs\/documents$/,
		timeoutS: 300,
	},
	Produce: {
		method: 'POST',
		path: '^/document-templates/[^/]+/documents$',
		pattern: /^\/document-templates\/[^/]+\/documents$/,
		timeoutS: 60,
	},
	Chat: {
		method: 'POST',
		path: '/v1/chat/completions',
		pattern: /^\/v1\/chat\/completions$/,
		timeoutS: 120,
	},
};
const EVENTS = TARGETS['Wait: event stream'];

/** What the cell must end with: both items succeed, or the first fails with this message (the second succeeds). */
type Expected =
	| { outcome: 'success'; attempts?: number; minRetryGapMs?: number }
	| { outcome: 'first fails'; message: RegExp; description?: RegExp; attempts: number };

export interface Cell {
	operation: Operation;
	fault: Fault;
	rules: FaultRuleInput[];
	compress?: boolean;
	expected: Expected;
	/** At most this many event-stream connections per item (a stream cut on every connection must back off). */
	maxStreamConnections?: number;
}

/** What one cell measured, as faults.test.ts writes it to the results and report.ts reads it back. */
export interface CellResult {
	operation: Operation;
	fault: Fault;
	target: string;
	rules: string[];
	outcome: string;
	items: Array<{
		ok: boolean;
		message?: string;
		effects: number;
		streamConnections?: number;
		saysItMayHaveHappened?: boolean;
	}>;
	attempts: number[];
	duplicates: number;
	silentlyDropped: number;
	/** Failed items whose request the service did act on: the message must say it may have. */
	actedOnButFailed: number;
	wallMs: number;
}

/** The faulted request's timeout in the "delayed past timeout" cells (item 1's request must still fit in it). */
export const COMPRESSED_TIMEOUT_MS = 2000;

const MAY_HAVE_REACHED = /may have reached the service, so it was not sent again/;
export const MAY_HAVE_HAPPENED = /may have reached the service|was started, but/;

/** The stream cuts tried on a streamed operation: the cell's fault, and how many frames are sent before the cut. */
const STREAM_DROPS = [
	['drop after 0 frames', 0],
	['drop after 1 frame', 1],
	['drop after 5 frames', 5],
] as const;

/**
 * One cell per stream cut, each cutting `times` connections of `stream`. `outcome` makes each cell's expectation
 * afresh, so no two cells share an object.
 */
function streamDropCells(
	operation: Operation,
	stream: { path: string },
	times: number,
	outcome: () => Pick<Cell, 'expected' | 'maxStreamConnections'>,
): Cell[] {
	return STREAM_DROPS.map(([fault, afterFrames]) => ({
		operation,
		fault,
		rules: [{ kind: 'drop-stream', afterFrames, ...stream, times }],
		...outcome(),
	}));
}

function cellsFor(operation: Operation): Cell[] {
	const target = TARGETS[operation];
	const on = { method: target.method, path: target.path };
	const stream =
		operation === 'Chat'
			? { path: target.path }
			: operation === 'Start Run + Wait'
				? { path: EVENTS.path }
				: undefined;
	const isPost = target.method === 'POST';
	const cells: Cell[] = [];
	if (stream && operation === 'Start Run + Wait') {
		// Every connection of the run's stream is cut: the wait must reconnect (with backoff) and still finish.
		cells.push(
			...streamDropCells(operation, stream, Infinity, () => ({
				expected: { outcome: 'success' },
				maxStreamConnections: 12,
			})),
		);
	}
	if (stream && operation === 'Chat') {
		// The completion was answered (and counted) when the stream broke: the node must say so, not re-ask.
		cells.push(
			...streamDropCells(operation, stream, 1, () => ({
				expected: {
					outcome: 'first fails',
					message: /^The answer stream ended before the answer was complete$/,
					description: /connection may have been cut/,
					attempts: 1,
				},
			})),
		);
	}
	cells.push(
		{
			operation,
			fault: '423 burst',
			rules: [{ kind: 'status', status: 423, ...on, times: 3 }],
			expected: { outcome: 'success', attempts: 4 },
		},
		{
			operation,
			fault: '429 burst + Retry-After',
			rules: [{ kind: 'status', status: 429, retryAfterSeconds: 1, ...on, times: 2 }],
			expected: { outcome: 'success', attempts: 3, minRetryGapMs: 1000 },
		},
		{
			operation,
			fault: '503 feature_disabled',
			rules: [{ kind: 'status', status: 503, ...on, times: 1 }],
			expected: {
				outcome: 'first fails',
				// Refused while following a run that did start: the message must say the run exists.
				message:
					operation === 'Wait: event stream'
						? /^Run run_[0-9a-f]+ was started, but following it failed: API keys are disabled on this deployment of the service \(feature_disabled\)$/
						: /^API keys are disabled on this deployment of the service \(feature_disabled\)$/,
				description:
					operation === 'Wait: event stream'
						? /do not start it again[^]*Retrying will not help/
						: /Retrying will not help/,
				attempts: 1,
			},
		},
		{
			operation,
			fault: 'delayed past timeout',
			// A POST's answer is held after the handler ran (its effect exists); a GET is held before it is processed.
			rules: [
				{
					kind: 'delay',
					phase: isPost ? 'after' : 'before',
					ms: COMPRESSED_TIMEOUT_MS + 1000,
					...on,
					times: 1,
				},
			],
			compress: true,
			expected: isPost
				? {
						outcome: 'first fails',
						message: new RegExp(
							`^The service did not answer within ${target.timeoutS} s \\(ECONNABORTED\\)$`,
						),
						description: MAY_HAVE_REACHED,
						attempts: 1,
					}
				: { outcome: 'success', attempts: 2 },
		},
		{
			operation,
			fault: 'reset after receipt',
			rules: [{ kind: 'reset', phase: isPost ? 'after' : 'before', ...on, times: 1 }],
			expected: isPost
				? {
						outcome: 'first fails',
						message: /^The connection to the service broke before it answered \(ECONNRESET\)$/,
						description: MAY_HAVE_REACHED,
						attempts: 1,
					}
				: { outcome: 'success', attempts: 2 },
		},
	);
	return cells;
}

const OPERATIONS: Operation[] = [
	'Start Run + Wait',
	'Wait: event stream',
	'Upload',
	'Produce',
	'Chat',
];
export const CELLS = OPERATIONS.flatMap(cellsFor);
