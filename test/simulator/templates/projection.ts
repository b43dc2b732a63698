/**
 * Public shapes of the templates module. Fields are copied one by one, so nothing internal (the
 * recipe, restrictions, the owner, the files) can leak into a response.
 */
import { requiresReview } from './visibility';
import type { TemplatesStore } from './store';
import type { ProducedDocumentRecord, TemplateRecord } from './types';

export interface TemplateSummary {
	id: string;
	name: string;
	description: string;
	documentType: string;
	requiresReview: boolean;
	updatedAt: string;
}

export interface TemplateDetail extends TemplateSummary {
	inputSchema: Record<string, unknown>;
	needsAttention: boolean;
}

export interface DocumentLinks {
	document: string;
	docx: string;
	pdf: string;
	markdown: string;
}

export interface ProducedDocument {
	documentId: string;
	status: 'assembled' | 'incomplete';
	unresolvedFields: string[];
	title: string;
	templateId: string;
	createdAt: string;
	links: DocumentLinks;
}

export function toTemplateSummary(
	store: TemplatesStore,
	template: TemplateRecord,
): TemplateSummary {
	return {
		id: template.id,
		name: template.name,
		description: template.description,
		documentType: template.documentType,
		requiresReview: requiresReview(store, template),
		updatedAt: template.updatedAt,
	};
}

export function toTemplateDetail(store: TemplatesStore, template: TemplateRecord): TemplateDetail {
	return {
		...toTemplateSummary(store, template),
		inputSchema: structuredClone(template.inputSchema),
		needsAttention: template.needsAttention,
	};
}

/** Paths, resolved by clients against the base URL (like a run's downloadPath). */
function documentLinks(documentId: string): DocumentLinks {
	const base = `/documents/${encodeURIComponent(documentId)}`;
	return {
		document: base,
		docx: `${base}/content/docx`,
		pdf: `${base}/content/pdf`,
		markdown: `${base}/content/markdown`,
	};
}

export function toProducedDocument(document: ProducedDocumentRecord): ProducedDocument {
	return {
		documentId: document.documentId,
		status: document.status,
		unresolvedFields: [...document.unresolvedFields],
		title: document.title,
		templateId: document.templateId,
		createdAt: document.createdAt,
		links: documentLinks(document.documentId),
	};
}
