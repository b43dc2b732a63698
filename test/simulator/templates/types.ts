/**
 * Records of the templates module: document types, templates (with the recipe the document is
 * assembled from) and produced documents. Public shapes are built from them in projection.ts.
 */
import type { JsonSchema } from '../types';
import type { Picture } from './pictures';

/**
 * One block of a template recipe. `{{path}}` in a text is replaced by the answer at that dotted path.
 * `when` names an optional answer: present, the text is printed; left out, `otherwise` is (the
 * contract's "alternative wording", Template production 2).
 */
export type RecipeBlock =
	| { heading: string }
	| { text: string; when?: string; otherwise?: string }
	| { picture: string; caption: string; otherwise?: string };

/** Contract, Endpoints (GET /document-templates): access is decided by the template and its document type. */
export interface DocumentTypeRecord {
	id: string;
	workspaceId: string;
	name: string;
	/** Contract, States (Produced document): "When the template or its document type requires review". */
	requiresReview: boolean;
	/** null: every member of the workspace; else only these users. */
	restrictedToUserIds: string[] | null;
}

export interface TemplateRecord {
	id: string;
	workspaceId: string;
	name: string;
	description: string;
	documentType: string;
	/** Inactive templates are never listed and answer 404. */
	active: boolean;
	restrictedToUserIds: string[] | null;
	requiresReview: boolean;
	/** A document author should look at the recipe; the template stays usable (only flagged). */
	needsAttention: boolean;
	/** JSON Schema 2020-12 of the answers (`default`, `readOnly`, `contentEncoding: base64`, `x-groups`). */
	inputSchema: JsonSchema;
	recipe: RecipeBlock[];
	createdAt: string;
	updatedAt: string;
}

export type AnswerKind =
	| 'text'
	| 'date'
	| 'number'
	| 'boolean'
	| 'choice'
	| 'choices'
	| 'picture'
	| 'other';

/**
 * Where an answer of the produced document comes from: posted, a workspace default, fixed by the
 * workspace (readOnly), an optional answer left out (alternative wording), or a required one missing.
 */
type AnswerSource = 'answered' | 'default' | 'fixed' | 'left-out' | 'missing';

export interface ResolvedAnswer {
	/** Dotted path, e.g. 'employee.start_date'. */
	path: string;
	/** The schema's `title`, else the path. */
	label: string;
	kind: AnswerKind;
	source: AnswerSource;
	/** Normalised: dates as yyyy-MM-dd; null when left out or missing; pictures as their description. */
	value: unknown;
	picture?: Picture;
}

export type DocumentStatus = 'assembled' | 'incomplete';

export const DOCUMENT_FORMATS = ['docx', 'pdf', 'markdown'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/**
 * What a produced document says, format-neutral: the markdown, the DOCX and the PDF are all
 * written from it, so the three carry the same text.
 */
export type ContentBlock =
	| { kind: 'title'; text: string }
	| { kind: 'meta'; text: string }
	| { kind: 'heading'; text: string }
	| { kind: 'paragraph'; text: string }
	/** `text` is the caption line every format prints; DOCX and PDF embed the picture above it. */
	| { kind: 'picture'; text: string; picture: Picture }
	| { kind: 'item'; text: string };

export interface DocumentContent {
	title: string;
	/** 'Document <documentId>': the PDF Subject and the DOCX subject, so a file names its document. */
	subject: string;
	blocks: ContentBlock[];
}

export interface DocumentFile {
	format: DocumentFormat;
	filename: string;
	contentType: string;
	bytes: Buffer;
}

export interface ProducedDocumentRecord {
	documentId: string;
	workspaceId: string;
	/** The owner: the key's issuing user (Produced document: "The document belongs to the key's issuing user"). */
	userId: string;
	/** The producing key; null for documents made in the app. */
	keyId: string | null;
	/** Only 'api' documents are ever readable by a key (What the service does 7). */
	origin: 'api' | 'app';
	templateId: string;
	templateName: string;
	title: string;
	status: DocumentStatus;
	unresolvedFields: string[];
	/** Fixed at production from the template and its document type. */
	requiresReview: boolean;
	/** Set by the admin hook `attest` (a person reviewed the document in the app). */
	attestedAt: string | null;
	createdAt: string;
	/** The `input` as posted (app documents: as entered in the app). */
	input: Record<string, unknown>;
	answers: ResolvedAnswer[];
	content: DocumentContent;
	/** Rendered at production for API documents; app fixtures render on first need. */
	files: Record<DocumentFormat, DocumentFile> | null;
}
