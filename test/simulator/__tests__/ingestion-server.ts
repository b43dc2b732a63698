import { FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import {
	getUploadStatus,
	samplePdf,
	uploadJson,
	type UploadBody,
	type UploadFile,
} from '../uploads/testing';
import { useTestServer } from './helpers';

/** What the tests of upload ingestion share: a simulator that ingests fast, a sample PDF, an upload, its status, a run that uses it. */

export const KEY = FIXTURE_KEYS.full;
const W = FIXTURE_IDS.workflows;

/** The upload response's body, once the status says the upload was accepted (202); else an error with both. */
export async function acceptedUpload(res: Response): Promise<UploadBody> {
	const body = (await res.json()) as UploadBody;
	if (res.status !== 202)
		throw new Error(`Expected 202, got ${res.status} ${JSON.stringify(body)}`);
	return body;
}

/** The describe block's simulator (reset before each test) and the uploads and runs the tests make on it. */
export function useIngestionServer() {
	// Ingestion takes 300 ms × runTimeScale 0.1 = 30 ms; runs play ten times faster too.
	const t = useTestServer({ ingestionMs: 300, runTimeScale: 0.1 });
	let pdf: Buffer;
	beforeAll(async () => {
		pdf = await samplePdf(2);
	});

	const uploaded = async (file: UploadFile, key = KEY): Promise<UploadBody> =>
		await acceptedUpload(await uploadJson(t.url, key, file));
	const pdfFile = (filename = 'source.pdf'): UploadFile => ({
		filename,
		contentType: 'application/pdf',
		bytes: pdf,
	});
	const status = async (documentId: string, key = KEY): Promise<UploadBody> =>
		(await (await getUploadStatus(t.url, key, documentId)).json()) as UploadBody;
	const startNda = (document: UploadBody) =>
		t.call('/workflows/runs', {
			method: 'POST',
			key: KEY,
			json: {
				workflowId: W.inputNda,
				input: {
					counterparty: 'Beta Ltd',
					effective_date: '2026-02-01',
					source_document: {
						documentId: document.documentId,
						documentVersionId: document.documentVersionId,
					},
				},
			},
		});
	return { t, uploaded, pdfFile, status, startNda };
}
