/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Admin hooks of the templates module, programmatic (`templatesAdmin(sim)`) and over HTTP under
 * /__admin. They stand for what happens in the workspace, outside the API: a person reviewing a
 * produced document, an author editing a template (active, review, attention flags, restriction),
 * an admin changing a document type.
 */
import { AdminError } from '../admin';
import type { Simulator } from '../simulator';
import { describePicture } from './pictures';
import { isPlainObject } from './schema';
import { templatesOf } from './store';
import type {
	DocumentFormat,
	DocumentTypeRecord,
	ProducedDocumentRecord,
	RecipeBlock,
	TemplateRecord,
} from './types';

export type TemplatePatch = Partial<
	Pick<
		TemplateRecord,
		| 'name'
		| 'description'
		| 'documentType'
		| 'active'
		| 'restrictedToUserIds'
		| 'requiresReview'
		| 'needsAttention'
		| 'inputSchema'
		| 'recipe'
	>
>;

export type DocumentTypePatch = Partial<
	Pick<DocumentTypeRecord, 'name' | 'requiresReview' | 'restrictedToUserIds'>
>;

/** A produced document as JSON: the record without bytes (files by size, pictures by description). */
export type DocumentAdminView = Omit<ProducedDocumentRecord, 'files' | 'content' | 'answers'> & {
	answers: { path: string; source: string; value: unknown }[];
	files: Record<
		DocumentFormat,
		{ filename: string; contentType: string; sizeBytes: number }
	> | null;
};

export interface TemplatesAdmin {
	/** A person reviewed the document in the app: its content downloads from now on (404 unknown). */
	attest(documentId: string): ProducedDocumentRecord;
	/** Every document, app fixture included, in creation order: the live records (files as Buffers once rendered). */
	documents(): ProducedDocumentRecord[];
	document(documentId: string): ProducedDocumentRecord | undefined;
	/** Edits a template as an author would in the app; updatedAt becomes now. Returns the record. */
	setTemplate(templateId: string, patch: TemplatePatch): TemplateRecord;
	templates(): TemplateRecord[];
	setDocumentType(documentTypeId: string, patch: DocumentTypePatch): DocumentTypeRecord;
	documentTypes(): DocumentTypeRecord[];
}

function toDocumentAdminView(record: ProducedDocumentRecord): DocumentAdminView {
	const { files, content: _content, answers, ...rest } = record;
	const fileView = (format: DocumentFormat) => ({
		filename: files![format].filename,
		contentType: files![format].contentType,
		sizeBytes: files![format].bytes.length,
	});
	return {
		...structuredClone(rest),
		answers: answers.map(({ path, source, value, picture }) => ({
			path,
			source,
			value: picture ? describePicture(picture) : value,
		})),
		files: files
			? { docx: fileView('docx'), pdf: fileView('pdf'), markdown: fileView('markdown') }
			: null,
	};
}

function checkUserList(value: unknown, name: string): string[] | null {
	if (value === null) return null;
	if (!Array.isArray(value) || !value.every((id) => typeof id === 'string'))
		throw new AdminError(`${name} must be null or an array of user ids`);
	return [...value];
}

type Checker = (value: unknown, name: string) => unknown;

const isBoolean: Checker = (value, name) => {
	if (typeof value !== 'boolean') throw new AdminError(`${name} must be true or false`);
	return value;
};
const isText: Checker = (value, name) => {
	if (typeof value !== 'string' || value === '')
		throw new AdminError(`${name} must be a non-empty string`);
	return value;
};

/** Applies a patch whose every key has a checker; unknown keys are refused (a typo must not pass silently). */
function applyPatch<T extends object>(
	target: T,
	patch: unknown,
	checkers: Record<string, Checker>,
): void {
	if (!isPlainObject(patch)) throw new AdminError('The patch must be an object');
	for (const name of Object.keys(patch)) {
		if (!(name in checkers))
			throw new AdminError(`Unknown field ${name}: one of ${Object.keys(checkers).join(', ')}`);
	}
	const checked = Object.fromEntries(
		Object.entries(patch).map(([name, value]) => [name, checkers[name](value, name)]),
	);
	Object.assign(target, checked);
}

export function templatesAdmin(sim: Simulator): TemplatesAdmin {
	// Always the current state: a reset replaces it, so nothing here may be cached.
	const store = () => templatesOf(sim.state);
	const documentOrThrow = (documentId: string): ProducedDocumentRecord => {
		const record = store().documents.get(documentId);
		if (!record) throw new AdminError(`Unknown document ${documentId}`, 404);
		return record;
	};
	return {
		attest(documentId) {
			const record = documentOrThrow(documentId);
			record.attestedAt ??= sim.clock.nowIso();
			return record;
		},
		documents: () => [...store().documents.values()],
		document: (documentId) => store().documents.get(documentId),
		setTemplate(templateId, patch) {
			const template = store().templates.get(templateId);
			if (!template) throw new AdminError(`Unknown template ${templateId}`, 404);
			applyPatch(template, patch, {
				name: isText,
				description: (value, name) => {
					if (typeof value !== 'string') throw new AdminError(`${name} must be a string`);
					return value;
				},
				documentType: (value, name) => {
					const type = store().documentTypes.get(isText(value, name) as string);
					if (!type || type.workspaceId !== template.workspaceId)
						throw new AdminError(
							`Unknown document type ${String(value)} in ${template.workspaceId}`,
						);
					return value;
				},
				active: isBoolean,
				requiresReview: isBoolean,
				needsAttention: isBoolean,
				restrictedToUserIds: checkUserList,
				inputSchema: (value, name) => {
					if (!isPlainObject(value)) throw new AdminError(`${name} must be a JSON Schema object`);
					return structuredClone(value);
				},
				recipe: (value, name) => {
					if (!Array.isArray(value) || !value.every(isPlainObject))
						throw new AdminError(`${name} must be an array of recipe blocks`);
					return structuredClone(value) as RecipeBlock[];
				},
			});
			template.updatedAt = sim.clock.nowIso();
			return template;
		},
		templates: () => [...store().templates.values()],
		setDocumentType(documentTypeId, patch) {
			const type = store().documentTypes.get(documentTypeId);
			if (!type) throw new AdminError(`Unknown document type ${documentTypeId}`, 404);
			applyPatch(type, patch, {
				name: isText,
				requiresReview: isBoolean,
				restrictedToUserIds: checkUserList,
			});
			return type;
		},
		documentTypes: () => [...store().documentTypes.values()],
	};
}

export function registerTemplateAdminRoutes(sim: Simulator): void {
	const admin = templatesAdmin(sim);
	sim.adminRoute({ method: 'GET', path: '/templates', handler: () => admin.templates() });
	sim.adminRoute({
		method: 'PATCH',
		path: '/templates/:templateId',
		handler: async (ctx) =>
			admin.setTemplate(ctx.params.templateId, (await ctx.body()) as TemplatePatch),
	});
	sim.adminRoute({ method: 'GET', path: '/document-types', handler: () => admin.documentTypes() });
	sim.adminRoute({
		method: 'PATCH',
		path: '/document-types/:documentTypeId',
		handler: async (ctx) =>
			admin.setDocumentType(ctx.params.documentTypeId, (await ctx.body()) as DocumentTypePatch),
	});
	sim.adminRoute({
		method: 'GET',
		path: '/documents',
		handler: () => admin.documents().map(toDocumentAdminView),
	});
	sim.adminRoute({
		method: 'GET',
		path: '/documents/:documentId',
		handler: (ctx) => {
			const record = admin.document(ctx.params.documentId);
			if (!record) throw new AdminError(`Unknown document ${ctx.params.documentId}`, 404);
			return toDocumentAdminView(record);
		},
	});
	sim.adminRoute({
		method: 'POST',
		path: '/documents/:documentId/attest',
		handler: (ctx) => toDocumentAdminView(admin.attest(ctx.params.documentId)),
	});
}
