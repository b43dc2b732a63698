import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, type HarnessRun } from '../harness';
import { inputDocumentStore } from '../simulator';
import { sampleDocx, samplePdf } from '../simulator/uploads/testing';
import { uploadsAdmin } from '../simulator/uploads';
import type { IntegrationContext } from '../integration/support';
import { requestsTo } from './support';

/** What the files given to Input Document → Upload and to Start Run's document fields share. */

export type BinaryInput = { base64: string; fileName?: string; mimeType?: string };
export const file = (bytes: Buffer, fileName: string, mimeType: string): BinaryInput => ({
	base64: bytes.toString('base64'),
	fileName,
	mimeType,
});

export const upload = (extra: IDataObject = {}) => ({
	resource: 'inputDocument',
	operation: 'upload',
	binaryPropertyName: 'data',
	...extra,
});

export const markdown = Buffer.from('# Heads of terms\n\n- Price: £1\n- Völlig unverbindlich\n');
export const text = Buffer.from('Plain notes for the drafting run.\n');

/** A three-page PDF and a DOCX, made once per file. */
export async function samples(): Promise<{ pdf: Buffer; docx: Buffer }> {
	return { pdf: await samplePdf(3), docx: await sampleDocx(12) };
}

export function uploadRequests(ctx: IntegrationContext) {
	return requestsTo(ctx, 'POST', '/workflow-inputs/documents');
}

export function storedBytes(ctx: IntegrationContext, documentId: string): Buffer {
	const record = inputDocumentStore(ctx.sim.state).documents.get(documentId);
	if (!record) throw new Error(`no stored document ${documentId}`);
	return record.bytes;
}

/** The ids of the upload the service stored under this file name. */
export function uploadedIds(
	ctx: IntegrationContext,
	filename: string,
): { documentId: string; documentVersionId: string } {
	const record = uploadsAdmin(ctx.sim)
		.uploads()
		.find((entry) => entry.filename === filename);
	if (!record) throw new Error(`no upload named ${filename}`);
	return {
		documentId: record.documentId,
		documentVersionId: String(
			inputDocumentStore(ctx.sim.state).documents.get(record.documentId)?.documentVersionId,
		),
	};
}

/** What the run's error and the node's error say was created. */
export const createdIn = (result: HarnessRun) =>
	[result.error, result.nodeError(ACTION_NODE)].map(
		(error) => ((error as IDataObject | undefined)?.context as IDataObject | undefined)?.created,
	);
