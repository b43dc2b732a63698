import type { IDataObject } from 'n8n-workflow';

/** JSON answers that are documented as arrays may come wrapped (`{ data: [...] }`): accept both. */
export function asArray(body: unknown, ...keys: string[]): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body && typeof body === 'object') {
		for (const key of [...keys, 'data', 'items', 'results']) {
			const value = (body as IDataObject)[key];
			if (Array.isArray(value)) return value as IDataObject[];
		}
	}
	return [];
}
