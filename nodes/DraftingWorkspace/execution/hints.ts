import type { IExecuteFunctions } from 'n8n-workflow';

import { executionContextOf } from '../pace/batchContext';

/** The hints already given in an execution, so many items with the same gap say it once. */
const given = new WeakMap<object, Set<string>>();

/**
 * A warning n8n shows above the node's output (an execution hint), once per execution. n8n before execution hints
 * (the context has no addExecutionHints) shows nothing: the output's own fields still say it.
 */
export function warnInOutput(this: IExecuteFunctions, message: string): void {
	const execution = executionContextOf(this);
	const addHints = (execution as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>)
		.addExecutionHints;
	if (typeof addHints !== 'function') return;
	let messages = given.get(execution);
	if (!messages) {
		messages = new Set();
		given.set(execution, messages);
	}
	if (messages.has(message)) return;
	messages.add(message);
	addHints.call(execution, { message, type: 'warning', location: 'outputPane' });
}
