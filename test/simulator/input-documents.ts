/**
 * The store of workflow input documents (contract, Resources: Workflow input upload; States: Uploaded
 * workflow input document) and of the workspace knowledge-base documents a workflow draws on.
 *
 * Filled by the upload routes (uploads/) and by the admin hook `seedInputDocument` (runs/admin.ts). The
 * functions below add records, move them through processing -> ready | failed, and project the status view.
 */
import { defineSlice, type SimulatorState } from './state';
import type { Simulator } from './simulator';
import { FIXTURE_IDS } from './fixtures';

export type InputDocumentStatus = 'processing' | 'ready' | 'failed';

export interface InputDocumentRecord {
	documentId: string;
	documentVersionId: string;
	workspaceId: string;
	/** The uploading key: only it may read the status (What the service does 7). */
	keyId: string;
	filename: string;
	contentType: string;
	bytes: Buffer;
	sizeBytes: number;
	/** null at upload (Upload response); set once ingestion counted the pages, when it can. */
	pageCount: number | null;
	status: InputDocumentStatus;
	/** Short code, only when `failed`. */
	processingError: string | null;
	/** The most recent run that used the document (Upload status). */
	usedByRunId: string | null;
	createdAt: string;
}

/** A document of the workspace knowledge base: not an upload, never referenced in run input. */
export interface KnowledgeBaseDocument {
	documentId: string;
	documentVersionId: string;
	workspaceId: string;
	filename: string;
	contentType: string;
	bytes: Buffer;
	/** Workflows whose runs draw on it (the run record's knowledgeBaseCoverage). */
	workflowIds: string[];
}

export interface InputDocumentStore {
	/** By documentId. */
	documents: Map<string, InputDocumentRecord>;
	knowledgeBase: KnowledgeBaseDocument[];
}

export const KNOWLEDGE_BASE_IDS = {
	ddPlaybook: { documentId: 'kbd_dd_playbook', documentVersionId: 'kbv_dd_playbook_v1' },
} as const;

const DD_PLAYBOOK = `# Due diligence playbook

Acme Legal's checklist for a due diligence pack.

1. Corporate records: constitution, registers, board minutes.
2. Material contracts: change of control, exclusivity, termination rights.
3. Employment: key staff, restrictive covenants.
4. Disputes: pending and threatened claims.
`;

/** Fresh objects on every reset, like every other fixture. */
function buildKnowledgeBase(): KnowledgeBaseDocument[] {
	return [
		{
			...KNOWLEDGE_BASE_IDS.ddPlaybook,
			workspaceId: FIXTURE_IDS.workspaces.acme,
			filename: 'due-diligence-playbook.md',
			contentType: 'text/markdown',
			bytes: Buffer.from(DD_PLAYBOOK, 'utf8'),
			workflowIds: [FIXTURE_IDS.workflows.multiDocs],
		},
	];
}

export const INPUT_DOCUMENTS = defineSlice<InputDocumentStore>({
	name: 'input-documents',
	create: () => ({ documents: new Map(), knowledgeBase: buildKnowledgeBase() }),
});

const registered = new WeakSet<Simulator>();

/** Idempotent: the runs module and the later uploads module may both ask for the store. */
export function registerInputDocumentStore(sim: Simulator): void {
	if (registered.has(sim)) return;
	registered.add(sim);
	sim.registerSlice(INPUT_DOCUMENTS);
}

export function inputDocumentStore(state: SimulatorState): InputDocumentStore {
	return state.slice(INPUT_DOCUMENTS);
}

export interface NewInputDocument {
	workspaceId: string;
	keyId: string;
	filename: string;
	contentType: string;
	bytes: Buffer;
	createdAt: string;
	/** Default 'processing' (as an upload starts). */
	status?: InputDocumentStatus;
	processingError?: string | null;
	pageCount?: number | null;
}

/** Adds a document with fresh ids (`doc_…`, `docv_…`, deterministic per seed). */
export function addInputDocument(
	state: SimulatorState,
	input: NewInputDocument,
): InputDocumentRecord {
	const status = input.status ?? 'processing';
	const record: InputDocumentRecord = {
		documentId: state.ids.next('doc'),
		documentVersionId: state.ids.next('docv'),
		workspaceId: input.workspaceId,
		keyId: input.keyId,
		filename: input.filename,
		contentType: input.contentType,
		bytes: input.bytes,
		sizeBytes: input.bytes.length,
		pageCount: input.pageCount ?? null,
		status,
		processingError: status === 'failed' ? (input.processingError ?? 'ingestion_failed') : null,
		usedByRunId: null,
		createdAt: input.createdAt,
	};
	inputDocumentStore(state).documents.set(record.documentId, record);
	return record;
}

/** The tenant's document, or undefined (another tenant's id answers exactly like an unknown one). */
export function findInputDocument(
	state: SimulatorState,
	workspaceId: string,
	documentId: string,
): InputDocumentRecord | undefined {
	const record = inputDocumentStore(state).documents.get(documentId);
	return record && record.workspaceId === workspaceId ? record : undefined;
}

export function findInputDocumentVersion(
	state: SimulatorState,
	workspaceId: string,
	documentVersionId: string,
): InputDocumentRecord | undefined {
	for (const record of inputDocumentStore(state).documents.values()) {
		if (record.workspaceId === workspaceId && record.documentVersionId === documentVersionId)
			return record;
	}
	return undefined;
}

/** Ingestion finished (States: processing -> ready | failed; failed is terminal for that upload). */
export function setInputDocumentStatus(
	record: InputDocumentRecord,
	status: InputDocumentStatus,
	processingError: string | null = null,
): void {
	record.status = status;
	record.processingError = status === 'failed' ? (processingError ?? 'ingestion_failed') : null;
}

/** A document may be used by several runs; the status shows the most recent (Upload status). */
export function markInputDocumentUsed(record: InputDocumentRecord, runId: string): void {
	record.usedByRunId = runId;
}

/** The upload status view (contract, Resources): the upload response fields plus usedByRunId. */
export function toInputDocumentStatusView(record: InputDocumentRecord): Record<string, unknown> {
	const view: Record<string, unknown> = {
		documentId: record.documentId,
		documentVersionId: record.documentVersionId,
		filename: record.filename,
		sizeBytes: record.sizeBytes,
		contentType: record.contentType,
		pageCount: record.pageCount,
		status: record.status,
		usedByRunId: record.usedByRunId,
	};
	// "processingError (short code string, present when failed)".
	if (record.status === 'failed') view.processingError = record.processingError;
	return view;
}

export function knowledgeBaseFor(
	state: SimulatorState,
	workspaceId: string,
	workflowId: string,
): KnowledgeBaseDocument[] {
	return inputDocumentStore(state).knowledgeBase.filter(
		(document) => document.workspaceId === workspaceId && document.workflowIds.includes(workflowId),
	);
}

export function findKnowledgeBaseVersion(
	state: SimulatorState,
	workspaceId: string,
	documentVersionId: string,
): KnowledgeBaseDocument | undefined {
	return inputDocumentStore(state).knowledgeBase.find(
		(document) =>
			document.workspaceId === workspaceId && document.documentVersionId === documentVersionId,
	);
}
