import type { IDataObject } from 'n8n-workflow';

/** The parts of an error body the explanations quote: failing fields, limits, usage, the service's message. Pure. */

export const list = (value: unknown): string =>
	Array.isArray(value) ? value.map((entry) => describeListEntry(entry)).join('; ') : '';

function describeListEntry(entry: unknown): string {
	if (typeof entry === 'string') return entry;
	if (entry && typeof entry === 'object') {
		const record = entry as IDataObject;
		const where =
			record.path ?? record.field ?? record.name ?? record.instancePath ?? record.pointer;
		const why = record.message ?? record.reason ?? record.error ?? record.code;
		if (where !== undefined && why !== undefined) return `${String(where)}: ${String(why)}`;
		if (where !== undefined) return String(where);
		return JSON.stringify(entry);
	}
	return String(entry);
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function detailsSuffix(body: IDataObject): string {
	const listed = list(body.details ?? body.errors);
	return listed ? `: ${listed}` : '';
}

export function limitSuffix(body: IDataObject): string {
	return body.limit !== undefined ? `; limit ${String(body.limit)}` : '';
}

export function usageSuffix(body: IDataObject): string {
	if (body.usage === undefined && body.limit === undefined) return '';
	return `; usage ${JSON.stringify(body.usage ?? null)}, limit ${JSON.stringify(body.limit ?? null)}`;
}

export function messageSuffix(body: IDataObject): string {
	return text(body.message) ? `: ${text(body.message)}` : '';
}
