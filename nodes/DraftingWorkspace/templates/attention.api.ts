import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { getTemplate } from '../../shared/client';
import { settle } from '../../shared/common/errors';

/**
 * Which templates of a picker's page need attention (`needsAttention`: a document author must look at the recipe
 * before the template can be used). The contract puts the flag on the detail, not on the list's summaries, so a
 * summary that does not carry it is completed by reading its detail: a few at a time, each read tried once
 * within a few seconds, and a read that fails only leaves its template unmarked (the picker must still open).
 */

const READS_AT_ONCE = 4;
const READ_WITHIN_MS = 5_000;

async function needsAttention(
	this: ILoadOptionsFunctions,
	template: IDataObject,
	deadlineAt: number,
): Promise<boolean> {
	if (typeof template.needsAttention === 'boolean') return template.needsAttention;
	if (typeof template.id !== 'string' && typeof template.id !== 'number') return false;
	const detail = await settle(
		getTemplate.call(this, String(template.id), { retry: { maxAttempts: 1, deadlineAt } }),
	);
	return detail.ok && detail.value.needsAttention === true;
}

/** The ids, among `templates`, of those that need attention. */
export async function templatesNeedingAttention(
	this: ILoadOptionsFunctions,
	templates: IDataObject[],
): Promise<Set<string>> {
	const deadlineAt = Date.now() + READ_WITHIN_MS;
	const flagged = new Set<string>();
	let next = 0;
	const worker = async () => {
		while (next < templates.length) {
			const template = templates[next++];
			if (await needsAttention.call(this, template, deadlineAt)) flagged.add(String(template.id));
		}
	};
	await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, templates.length) }, worker));
	return flagged;
}
