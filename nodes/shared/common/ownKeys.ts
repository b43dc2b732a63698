import type { IDataObject } from 'n8n-workflow';

/**
 * Sets `target[key]` as an own property. Field names come from the service's schemas: a property named
 * `__proto__` must become a field of the input, not the object's prototype (or Object.prototype's fields).
 */
export function setOwn(target: IDataObject, key: string, value: unknown): void {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}

/** `target[key]` only when it is the object's own property (never something inherited, such as its prototype). */
export function getOwn(target: IDataObject, key: string): unknown {
	return Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
}
