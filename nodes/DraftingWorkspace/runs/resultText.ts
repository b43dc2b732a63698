import type { IDataObject } from 'n8n-workflow';

import { isJsonObject } from '../../shared/transport/answer';

/**
 * The run's result as text, for Simplify: what the run produced, which the compact answer would
 * otherwise drop. The contract names a record with "the state and output of each step" but not its field names.
 * A Contract summary run has three steps: the entry agent reads the contract ("Found 14 clauses."), the second
 * agent writes the summary, the render step turns it into a PDF ("Rendered contract-summary.pdf"). The summary,
 * the result, is only the second step's `output`. So the result is:
 * 1. a text the record itself calls its output (`output`, `result`, `finalOutput`), when it has one;
 * 2. else the output of the last finished step that writes text: not a render step (its output is a receipt
 *    for the file), not an input step (a receipt for the form), not a review step (a reviewer's note);
 * 3. else nothing (null): a run still in its first step, or one with only such steps.
 * Pure; any record shape is read without throwing.
 */

const RECORD_KEYS = ['output', 'result', 'finalOutput', 'final_output'];
const TEXT_KEYS = ['text', 'content', 'markdown', 'value'];
/** Steps whose output is not the run's result: a file's receipt, a form's receipt, a reviewer's decision. */
const NOT_A_RESULT = /render|review|approv|(^|[^a-z])(input|form)([^a-z]|$)/i;
/** Step states that have no final output yet, or whose output stopped short. */
const UNFINISHED = /pend|run|progress|queue|wait|await|paus|skip|fail|cancel|error/i;

/** A step's or record's output as text: a string, or an object carrying its text (`{ text }`, `{ content }`…). */
function textOf(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim() ? value : undefined;
	if (!isJsonObject(value)) return undefined;
	for (const key of TEXT_KEYS) {
		const inner = value[key];
		if (typeof inner === 'string' && inner.trim()) return inner;
	}
	return undefined;
}

function stringField(step: IDataObject, keys: string[]): string {
	for (const key of keys) if (typeof step[key] === 'string') return step[key] as string;
	return '';
}

function isResultStep(step: IDataObject): boolean {
	if (step.renderedArtifact !== undefined && step.renderedArtifact !== null) return false;
	if (NOT_A_RESULT.test(stringField(step, ['kind', 'type']))) return false;
	const status = stringField(step, ['status', 'state']);
	return !UNFINISHED.test(status);
}

/** Steps in run order: by `index` when every step has a numeric one, else as listed. */
function stepsInOrder(record: IDataObject): IDataObject[] {
	const steps = Array.isArray(record.steps) ? (record.steps as unknown[]).filter(isJsonObject) : [];
	if (!steps.every((step) => typeof step.index === 'number')) return steps;
	return [...steps].sort((a, b) => (a.index as number) - (b.index as number));
}

export function resultTextOf(record: IDataObject): string | null {
	for (const key of RECORD_KEYS) {
		const own = textOf(record[key]);
		if (own !== undefined) return own;
	}
	const steps = stepsInOrder(record);
	for (let index = steps.length - 1; index >= 0; index--) {
		const step = steps[index];
		if (!isResultStep(step)) continue;
		const text = textOf(step.output ?? step.result);
		if (text !== undefined) return text;
	}
	return null;
}
