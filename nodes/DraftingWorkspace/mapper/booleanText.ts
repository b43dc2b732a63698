/**
 * The one reading of yes/no answers, for run inputs and template answers alike (docs/runs.md, docs/templates-and-documents.md):
 * a boolean as it is; the words true, yes, false and no in any case, with spaces around them ignored.
 * Anything else is not a yes/no answer (undefined), and the caller names the field. Pure: no I/O.
 */
const YES = new Set(['true', 'yes']);
const NO = new Set(['false', 'no']);

export function booleanFromText(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	const text = String(value).trim().toLowerCase();
	if (YES.has(text)) return true;
	if (NO.has(text)) return false;
	return undefined;
}
