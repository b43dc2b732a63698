/**
 * The templates slice: document types, templates and produced documents of one state generation.
 * `reset()` rebuilds it from the fixtures (admin patches and produced documents are gone).
 */
import { defineSlice, type SimulatorState } from '../state';
import type { Simulator } from '../simulator';
import { createDocumentRecord } from './documents';
import { checkAnswers } from './input';
import { APP_DOCUMENT_SPEC, buildFixtureDocumentTypes, buildFixtureTemplates } from './fixtures';
import type { DocumentTypeRecord, ProducedDocumentRecord, TemplateRecord } from './types';
import type { SchemaNode } from './schema';

export interface TemplatesStore {
	/** By id (ids are unique across workspaces; each record names its workspace). */
	documentTypes: Map<string, DocumentTypeRecord>;
	templates: Map<string, TemplateRecord>;
	/** By documentId, in creation order. */
	documents: Map<string, ProducedDocumentRecord>;
}

function appDocument(
	templates: Map<string, TemplateRecord>,
	types: Map<string, DocumentTypeRecord>,
): ProducedDocumentRecord {
	const spec = APP_DOCUMENT_SPEC;
	const template = templates.get(spec.templateId) as TemplateRecord;
	const input = structuredClone(spec.input) as Record<string, unknown>;
	return createDocumentRecord({
		documentId: spec.documentId,
		workspaceId: spec.workspaceId,
		userId: spec.userId,
		keyId: null,
		origin: 'app',
		template,
		title: spec.title,
		requiresReview:
			template.requiresReview || types.get(template.documentType)?.requiresReview === true,
		createdAt: spec.createdAt,
		input,
		checked: checkAnswers(template.inputSchema as SchemaNode, input),
	});
}

function buildStore(): TemplatesStore {
	const documentTypes = new Map(buildFixtureDocumentTypes().map((type) => [type.id, type]));
	const templates = new Map(buildFixtureTemplates().map((template) => [template.id, template]));
	const app = appDocument(templates, documentTypes);
	return { documentTypes, templates, documents: new Map([[app.documentId, app]]) };
}

const TEMPLATES = defineSlice<TemplatesStore>({ name: 'templates', create: buildStore });

const registered = new WeakSet<Simulator>();

/** Idempotent, like the input-documents store. */
export function registerTemplatesStore(sim: Simulator): void {
	if (registered.has(sim)) return;
	registered.add(sim);
	sim.registerSlice(TEMPLATES);
}

export function templatesOf(state: SimulatorState): TemplatesStore {
	return state.slice(TEMPLATES);
}
