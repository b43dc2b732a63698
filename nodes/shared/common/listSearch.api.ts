import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { runIdOf, statusOf } from '../runs/record';
import { readRunRecord } from '../runs/record.api';
import { runDocumentsOf, type RunDocument } from '../runs/runDocuments';
import { templatesNeedingAttention } from '../templates/attention.api';
import { apiList } from '../transport';
import { locatorValue } from './parameters';

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/** "From list" for workflows: the service answers the whole list at once, so filtering happens here. */
export async function searchWorkflows(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const workflows: IDataObject[] = await apiList.call(this, { method: 'GET', path: '/workflows' }, { what: 'a list of workflows', key: 'workflows' });
	return {
		results: workflows
			.filter((workflow) => matches(filter, workflow.name, workflow.id, workflow.description))
			.map((workflow) => ({
				name: String(workflow.name ?? workflow.id),
				value: String(workflow.id),
				description: typeof workflow.description === 'string' ? workflow.description : undefined,
			})),
	};
}

/**
 * "From list" for runs: the key's most recent runs (the service lists at most 50), newest first. Runs of one
 * workflow started in the same minute read alike, and n8n's list shows only an entry's name: the name carries the
 * start to the second and the run ID, so no two entries read the same.
 */
export async function searchRuns(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const runs: IDataObject[] = await apiList.call(this, { method: 'GET', path: '/workflows/runs' }, { what: 'a list of runs', key: 'runs' });
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
	const started = typeof run.startedAt === 'string' ? run.startedAt.replace('T', ' ').slice(0, 19) : undefined;
	const workflow = [run.workflowName, run.workflowId].find((value) => typeof value === 'string' && value) ?? 'Run';
	return [workflow, statusOf(run) ?? 'unknown', started, id].filter(Boolean).join(' · ');
}

/**
 * "From list" for Run → Download Input Document: the documents of the run chosen in the Run field,
 * read from its record. No run yet (or one an expression gives only when the node runs): an empty list, and the
 * field's By ID mode stays open.
 */
export async function searchRunInputDocuments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	let runId = '';
	try {
		runId = locatorValue(this.getNodeParameter('runId', undefined, { extractValue: true }));
	} catch {
		// An expression the editor cannot resolve without the node's input: nothing to list yet.
		return { results: [] };
	}
	if (!runId || runId.startsWith('=')) return { results: [] };
	const record = await readRunRecord.call(this, runId);
	return {
		results: runDocumentsOf(record)
			.filter((document) => matches(filter, document.filename, document.documentId, document.documentVersionId, document.field))
			.map((document) => ({ name: documentEntryName(document), value: document.documentVersionId })),
	};
}

/** "nda-source.pdf · input field source_document · dv_1a2b": name, where the run took it, version ID. */
function documentEntryName(document: RunDocument): string {
	const where = document.source === 'knowledgeBase' ? 'knowledge base' : document.field ? `input field ${document.field}` : 'input';
	return [document.filename ?? document.documentId ?? 'Document', where, document.documentVersionId].join(' · ');
}
/** Templates shown per page of the picker: each page reads the details that say which ones need attention. */
const TEMPLATE_PAGE_SIZE = 25;

/**
 * "From list" for templates: the active templates the key's user can use, marked when a person must review what
 * they produce, or when they need attention (unusable until a document author looks at them), a page at a time.
 */
export async function searchTemplates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const templates: IDataObject[] = await apiList.call(this, { method: 'GET', path: '/document-templates' }, { what: 'a list of templates', key: 'templates' });
	const matching = templates.filter((template) => matches(filter, template.name, template.id, template.description));
	const start = Math.max(0, Number(paginationToken) || 0);
	const page = matching.slice(start, start + TEMPLATE_PAGE_SIZE);
	const flagged = await templatesNeedingAttention.call(this, page);
	return {
		results: page.map((template) => {
			const marks = [template.requiresReview === true ? 'review required' : '', flagged.has(String(template.id)) ? 'needs attention' : ''].filter(Boolean);
			return {
				name: `${String(template.name ?? template.id)}${marks.length ? ` (${marks.join(', ')})` : ''}`,
				value: String(template.id),
				description: typeof template.description === 'string' ? template.description : undefined,
			};
		}),
		...(start + TEMPLATE_PAGE_SIZE < matching.length ? { paginationToken: String(start + TEMPLATE_PAGE_SIZE) } : {}),
	};
}
