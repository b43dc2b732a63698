import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { getRun, listRuns, listTemplates } from '../../shared/client';
import { matches } from '../../shared/common/listSearch.api';
import { locatorValue } from '../../shared/common/parameters';
import { runIdOf, statusOf } from '../../shared/runs/record';
import { runDocumentsOf, type RunDocument } from '../runs/runDocuments';
import { templatesNeedingAttention } from '../templates/attention.api';

/** The action node's "From list" searches: workflows, runs, a run's input documents, templates, the chat models. */
export { searchWorkflows } from '../../shared/common/listSearch.api';
export { searchChatModels } from '../../shared/chat/models.api';

/**
 * "From list" for runs: the key's most recent runs (the service lists at most 50), newest first. Runs of one
 * workflow started in the same minute read alike, and n8n's list shows only an entry's name: the name carries the
 * start to the second and the run ID, so no two entries read the same.
 */
export async function searchRuns(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const runs = await listRuns.call(this);
	return {
		results: runs
			.map((run) => ({ run, id: runIdOf(run) }))
			.filter((entry): entry is { run: IDataObject; id: string } => entry.id !== undefined)
			.filter(({ run, id }) => matches(filter, id, run.workflowName, run.workflowId, run.status))
			.map(({ run, id }) => ({ name: runEntryName(run, id), value: id })),
	};
}

/** "Contract summary · Completed · 2026-03-01 10:15:03 · run_8f2c": workflow, status, start (as the service gives it), ID. */
function runEntryName(run: IDataObject, id: string): string {
	const started =
		typeof run.startedAt === 'string' ? run.startedAt.replace('T', ' ').slice(0, 19) : undefined;
	const workflow =
		[run.workflowName, run.workflowId].find((value) => typeof value === 'string' && value) ?? 'Run';
	return [workflow, statusOf(run) ?? 'unknown', started, id].filter(Boolean).join(' · ');
}

/**
 * "From list" for Run → Download Input Document: the documents of the run chosen in the Run field,
 * read from its record. No run yet (or one an expression gives only when the node runs): an empty list, and the
 * field's By ID mode stays open.
 */
export async function searchRunInputDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	let runId = '';
	try {
		runId = locatorValue(this.getNodeParameter('runId', undefined, { extractValue: true }));
	} catch {
		// An expression the editor cannot resolve without the node's input: nothing to list yet.
		return { results: [] };
	}
	if (!runId || runId.startsWith('=')) return { results: [] };
	const record = await getRun.call(this, runId);
	return {
		results: runDocumentsOf(record)
			.filter((document) =>
				matches(
					filter,
					document.filename,
					document.documentId,
					document.documentVersionId,
					document.field,
				),
			)
			.map((document) => ({
				name: documentEntryName(document),
				value: document.documentVersionId,
			})),
	};
}

/** "nda-source.pdf · input field source_document · dv_1a2b": name, where the run took it, version ID. */
function documentEntryName(document: RunDocument): string {
	const where =
		document.source === 'knowledgeBase'
			? 'knowledge base'
			: document.field
				? `input field ${document.field}`
				: 'input';
	return [
		document.filename ?? document.documentId ?? 'Document',
		where,
		document.documentVersionId,
	].join(' · ');
}

/** Templates shown per page of the picker: each page reads the details that say which ones need attention. */
const TEMPLATE_PAGE_SIZE = 25;

/**
 * "From list" for templates: the active templates the key's user can use, marked when a person must review what
 * they produce, or when they need attention (unusable until a document author looks at them), a page at a time.
 */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const templates = await listTemplates.call(this);
	const matching = templates.filter((template) =>
		matches(filter, template.name, template.id, template.description),
	);
	const start = Math.max(0, Number(paginationToken) || 0);
	const page = matching.slice(start, start + TEMPLATE_PAGE_SIZE);
	const flagged = await templatesNeedingAttention.call(this, page);
	return {
		results: page.map((template) => {
			const marks = [
				template.requiresReview === true ? 'review required' : '',
				flagged.has(String(template.id)) ? 'needs attention' : '',
			].filter(Boolean);
			return {
				name: `${String(template.name ?? template.id)}${marks.length ? ` (${marks.join(', ')})` : ''}`,
				value: String(template.id),
				description: typeof template.description === 'string' ? template.description : undefined,
			};
		}),
		...(start + TEMPLATE_PAGE_SIZE < matching.length
			? { paginationToken: String(start + TEMPLATE_PAGE_SIZE) }
			: {}),
	};
}
