/**
 * Which templates and documents a key reaches (contract, What the service does 6-7; Endpoints):
 * - templates: the tenant's active templates whose document type and own restriction the key's
 *   issuing user can access; anything else answers 404 exactly like an unknown id;
 * - documents: only those the key's issuing user produced through the API (app documents never,
 *   another user's never, whichever key of the workspace asks).
 */
import type { AuthContext } from '../auth';
import { HttpError } from '../responses';
import type { TemplatesStore } from './store';
import type { ProducedDocumentRecord, TemplateRecord } from './types';

const allows = (restrictedToUserIds: string[] | null, userId: string): boolean =>
	restrictedToUserIds === null || restrictedToUserIds.includes(userId);

function isTemplateUsable(
	store: TemplatesStore,
	auth: AuthContext,
	template: TemplateRecord,
): boolean {
	const type = store.documentTypes.get(template.documentType);
	return (
		template.workspaceId === auth.workspace.id &&
		template.active &&
		allows(template.restrictedToUserIds, auth.user.id) &&
		(type === undefined || allows(type.restrictedToUserIds, auth.user.id))
	);
}

/** Sorted by name, as the workspace lists them. */
export function listUsableTemplates(store: TemplatesStore, auth: AuthContext): TemplateRecord[] {
	return [...store.templates.values()]
		.filter((template) => isTemplateUsable(store, auth, template))
		.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function requireUsableTemplate(
	store: TemplatesStore,
	auth: AuthContext,
	templateId: string,
): TemplateRecord {
	const template = store.templates.get(templateId);
	if (!template || !isTemplateUsable(store, auth, template)) {
		throw new HttpError(404, 'not_found', `Template ${templateId} was not found.`);
	}
	return template;
}

/** Contract, States (Produced document): review is owed when the template or its document type requires it. */
export function requiresReview(store: TemplatesStore, template: TemplateRecord): boolean {
	return (
		template.requiresReview ||
		store.documentTypes.get(template.documentType)?.requiresReview === true
	);
}

function isDocumentReadable(auth: AuthContext, document: ProducedDocumentRecord): boolean {
	return (
		document.origin === 'api' &&
		document.workspaceId === auth.workspace.id &&
		document.userId === auth.user.id
	);
}

export function requireReadableDocument(
	store: TemplatesStore,
	auth: AuthContext,
	documentId: string,
): ProducedDocumentRecord {
	const document = store.documents.get(documentId);
	if (!document || !isDocumentReadable(auth, document)) {
		throw new HttpError(404, 'not_found', `Document ${documentId} was not found.`);
	}
	return document;
}
