import type { IExecuteFunctions } from 'n8n-workflow';

const EXECUTION_CONTEXT = Symbol('the execution context a batch item context derives from');

/** A batch item's own context: `base` with some properties replaced (its own cancel signal). */
export function derivedContext<T extends object>(base: T, overrides: PropertyDescriptorMap): T {
	return Object.create(base, {
		...overrides,
		[EXECUTION_CONTEXT]: { value: executionContextOf(base) },
	}) as T;
}

/** The execution's own context behind a batch item's context (the context itself when it is not derived). */
export function executionContextOf<T extends object>(context: T): T {
	return (context as { [EXECUTION_CONTEXT]?: T })[EXECUTION_CONTEXT] ?? context;
}

/**
 * The batch's own contexts: the same execution, with a cancel signal that also fires when the batch stops, so
 * one failing item (without Continue On Fail) ends every other item's wait at once. Waits and requests read
 * the signal through `getExecutionCancelSignal`, as they do for a cancelled execution. Each item gets a signal
 * of its own (`AbortSignal.any`, which adds no listener to its source), so a batch of open streams never
 * piles listeners onto one signal. `isSending`: whether the item's send is in flight (the scheduler's).
 */
export function stoppableContexts(
	this: IExecuteFunctions,
	isSending: (itemIndex: number) => boolean,
): { contextFor: (itemIndex: number) => IExecuteFunctions; stop: () => void } {
	const controller = new AbortController();
	const execution = this.getExecutionCancelSignal?.();
	const batchSignal = execution
		? AbortSignal.any([execution, controller.signal])
		: controller.signal;
	const contextFor = (itemIndex: number): IExecuteFunctions => {
		const signal = AbortSignal.any([batchSignal]);
		// A send in flight (a POST) is not cut off by the batch's stop, only by the execution's own cancel: n8n's
		// request helper takes the signal when a request begins, so a POST begun in its turn runs to its answer.
		const current = () => (isSending(itemIndex) ? execution : signal);
		return derivedContext(this, { getExecutionCancelSignal: { value: current } });
	};
	return { contextFor, stop: () => controller.abort() };
}
