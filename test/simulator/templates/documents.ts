/**
 * Producing a document record from a template and checked answers, and its files. API documents
 * are rendered during the production call (the call is synchronous: the links work as soon as it
 * answers); the app fixture renders on first need so a reset stays instant.
 */
import { buildContent } from './content';
import type { CheckedAnswers } from './input';
import { resolveAnswers } from './resolve-answers';
import { renderDocumentFiles } from './render';
import type { SchemaNode } from './schema';
import type { ProducedDocumentRecord, TemplateRecord } from './types';

export interface NewDocument {
	documentId: string;
	workspaceId: string;
	userId: string;
	keyId: string | null;
	origin: 'api' | 'app';
	template: TemplateRecord;
	title: string;
	requiresReview: boolean;
	createdAt: string;
	input: Record<string, unknown>;
	checked: Pick<CheckedAnswers, 'value' | 'pictures'>;
}

export function createDocumentRecord(spec: NewDocument): ProducedDocumentRecord {
	const { answers, unresolvedFields } = resolveAnswers(
		spec.template.inputSchema as SchemaNode,
		spec.checked,
	);
	// Produced document: `assembled` (every answer given or defaulted) or `incomplete` (a required answer missing).
	const status = unresolvedFields.length === 0 ? 'assembled' : 'incomplete';
	const content = buildContent({
		documentId: spec.documentId,
		title: spec.title,
		templateName: spec.template.name,
		createdAt: spec.createdAt,
		status,
		unresolvedFields,
		answers,
		recipe: spec.template.recipe,
	});
	return {
		documentId: spec.documentId,
		workspaceId: spec.workspaceId,
		userId: spec.userId,
		keyId: spec.keyId,
		origin: spec.origin,
		templateId: spec.template.id,
		templateName: spec.template.name,
		title: spec.title,
		status,
		unresolvedFields,
		requiresReview: spec.requiresReview,
		attestedAt: null,
		createdAt: spec.createdAt,
		input: structuredClone(spec.input),
		answers,
		content,
		files: null,
	};
}

/** Renders the files once; later calls return them. */
export async function ensureFiles(
	record: ProducedDocumentRecord,
): Promise<NonNullable<ProducedDocumentRecord['files']>> {
	if (!record.files) record.files = await renderDocumentFiles(record.content);
	return record.files;
}
