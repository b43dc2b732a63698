const EXECUTION_CONTEXT = Symbol('the execution context a batch item context derives from');

/** A batch item's own context: `base` with some properties replaced (its own cancel signal). */
export function derivedContext<T extends object>(base: T, overrides: PropertyDescriptorMap): T {
	return Object.create(base, { ...overrides, [EXECUTION_CONTEXT]: { value: executionContextOf(base) } }) as T;
}

/** The execution's own context behind a batch item's context (the context itself when it is not derived). */
export function executionContextOf<T extends object>(context: T): T {
	return (context as { [EXECUTION_CONTEXT]?: T })[EXECUTION_CONTEXT] ?? context;
}
