import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Lane } from '../../pace/batch';
import { readBinaryFile } from '../../inputDocuments/binaryFile.api';
import {
	ensureNodeError,
	settle,
	withCreated,
	type CreatedResource,
	type Settled,
} from '../../../shared/common/errors';
import { checkUpload, type CheckedUpload } from '../../inputDocuments/check';
import { waitUntilReady } from '../../inputDocuments/status.api';
import { sendUpload } from '../../inputDocuments/upload.api';
import { pollUntil } from '../../execution/pollUntil.api';
import {
	binaryPropertiesToUpload,
	placeUploadedDocuments,
	toDocumentReference,
	type DocumentReference,
	type PendingDocumentField,
} from '../../runs/documentFields';
import type { ReadUploadSettings } from '../inputDocument/uploadFields';
import { startRun as postRun } from '../../../shared/client';
import { serviceCodeOf } from '../../../shared/transport';

/**
 * Start Run's document handling: binary files named in document fields are uploaded and waited on
 * before the run is started, and a start refused with `document_not_ready` is tried again.
 */

/** An input document this step uploaded: the ids to reuse, and which binary property and field it came from. */
export interface UploadedInputDocument extends IDataObject {
	field: string;
	binaryProperty: string;
	filename: string;
	documentId: string;
	documentVersionId: string;
}

/** Uploads exist once the POST succeeded, whatever happens next: a rerun would upload every file again. */
export function uploadsCreated(uploaded: UploadedInputDocument[]): CreatedResource {
	const ids = uploaded.map((document) => document.documentId).join(', ');
	return {
		ids: { inputDocuments: uploaded },
		summary: `Input document${uploaded.length === 1 ? '' : 's'} ${ids} ${uploaded.length === 1 ? 'was' : 'were'} uploaded, but no run was started`,
		next: "Running the item again uploads the files again, as new documents. To reuse these uploads, put their {documentId, documentVersionId} (listed in this error's created.inputDocuments) in the document fields instead of the binary property names.",
		mentions: uploaded.map((document) => document.documentId).filter(Boolean),
	};
}

function uploadedDocument(
	record: IDataObject,
	upload: CheckedUpload,
	field: string,
): UploadedInputDocument {
	const text = (value: unknown) => (typeof value === 'string' ? value : '');
	return {
		field,
		binaryProperty: upload.file.propertyName,
		filename: text(record.filename) || upload.fileName,
		documentId: text(record.documentId),
		documentVersionId: text(record.documentVersionId),
	};
}

/**
 * Every file is read and checked before the first upload, so a wrong name or type fails the item
 * without leaving half of its documents uploaded. A file named in two fields is uploaded once. Once one
 * upload is accepted, a failure (a later upload, a wait) carries the uploads' ids (`withCreated`).
 */
export async function uploadPendingDocuments(
	this: IExecuteFunctions,
	itemIndex: number,
	input: IDataObject,
	pending: PendingDocumentField[],
	settings: ReadUploadSettings,
	lane: Lane,
): Promise<{ input: IDataObject; uploaded: UploadedInputDocument[] }> {
	const checked: Array<{ upload: CheckedUpload; field: string }> = [];
	for (const name of binaryPropertiesToUpload(pending)) {
		const field =
			pending.find((candidate) =>
				candidate.entries.some(
					(entry) => 'binaryProperty' in entry && entry.binaryProperty === name,
				),
			)?.field ?? name;
		const label = `Document field "${field}"`;
		const file = await readBinaryFile.call(
			this,
			itemIndex,
			name,
			label,
			'A document field also takes {documentId, documentVersionId} from an Upload step.',
		);
		checked.push({
			upload: checkUpload.call(this, itemIndex, file, settings, `${label}: the file in "${name}"`),
			field,
		});
	}
	const records: IDataObject[] = [];
	/** When each upload was accepted: its status reads follow its age. */
	const uploadedAt: number[] = [];
	const uploaded: UploadedInputDocument[] = [];
	try {
		// The item's uploads are one turn: its files go out together, in item order with the other items' files.
		await lane.send('upload', async () => {
			for (const { upload, field } of checked) {
				const record = await sendUpload.call(this, itemIndex, upload, settings.encoding);
				records.push(record);
				uploadedAt.push(Date.now());
				uploaded.push(uploadedDocument(record, upload, field));
				lane.record({ inputDocuments: [...uploaded] });
			}
		});

		// Ingestion runs in parallel on the service; one deadline, from the uploads, covers all of an item's documents.
		const deadline = Date.now() + settings.readyTimeoutMs;
		const references = new Map<string, DocumentReference>();
		await lane.follow('uploads', async () => {
			for (let index = 0; index < checked.length; index++) {
				const { upload } = checked[index];
				const what = `"${upload.fileName}" (binary property "${upload.file.propertyName}")`;
				const ready = await waitUntilReady.call(
					this,
					itemIndex,
					records[index],
					Math.max(0, deadline - Date.now()),
					what,
					uploadedAt[index],
				);
				const reference = toDocumentReference({ ...records[index], ...ready });
				if (!reference)
					throw new Error(
						`the service did not return both documentId and documentVersionId for ${what}`,
					);
				references.set(upload.file.propertyName, reference);
			}
		});
		return { input: placeUploadedDocuments(input, pending, references), uploaded };
	} catch (error) {
		if (!uploaded.length) throw ensureNodeError(this.getNode(), error, itemIndex);
		throw withCreated.call(this, error, itemIndex, uploadsCreated(uploaded));
	}
}

/** What to check before starting again when it is not known whether a start took effect (the run list, filtered). */
function startCheck(workflowId: unknown, sentAt: number): string {
	const from = new Date(sentAt - 60_000).toISOString();
	return `Check with Run → Get Many (Filters: Workflow ${String(workflowId)}, Started From ${from}) whether the run started before running the item again (a second start would be a second run).`;
}

/**
 * POST /workflows/runs. A 400 `document_not_ready` means nothing was started, so trying again cannot
 * start the run twice: the node waits for the documents this way rather than reading each upload's
 * status first, which would need the workflow-inputs:write scope and works only for the key that
 * uploaded the document. After the ready timeout the service's refusal is reported, plainly.
 */
export async function startRun(
	this: IExecuteFunctions,
	itemIndex: number,
	body: IDataObject,
	readyTimeoutMs: number,
): Promise<IDataObject> {
	const post = async () =>
		await settle(
			postRun.call(this, body, { itemIndex, ifUnsure: startCheck(body.workflowId, Date.now()) }),
		);
	const outcome = await pollUntil<Settled<IDataObject>>(
		this,
		'the input documents to be ready',
		readyTimeoutMs,
		async () => {
			const sent = await post();
			if (sent.ok) return { done: true, value: sent };
			if (serviceCodeOf(sent.error) !== 'document_not_ready') throw sent.error;
			return { done: false, value: sent };
		},
	);
	const result = outcome.done ? outcome.value : outcome.last;
	if (result?.ok) return result.value;
	const error = ensureNodeError(this.getNode(), result?.error, itemIndex);
	if (!outcome.done && readyTimeoutMs > 0)
		error.description = `The node tried again for ${Math.round(outcome.waitedMs / 1000)} s (Document Options → Ready Timeout (Seconds)) and the documents were still not ready. No run was started.\n${error.description ?? ''}`;
	throw error;
}
