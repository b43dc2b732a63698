// The essentials, as the action node's e2e files import them: list the workflows, produce an offer letter, a chat
// completion, start a run and download its file, upload a PDF read from disk and run a workflow on it.
import type { CredentialRef } from '../lib/n8n-types';
import { loadWorkflow, useCredential, type WorkflowJson } from '../lib/workflows';

/** The essentials' workflows with `credential`; the upload reads the PDF at `pdfPath` (its Read/Write Files node). */
export function essentialWorkflows(credential: CredentialRef, pdfPath: string): WorkflowJson[] {
	const upload = useCredential(loadWorkflow('upload-and-run'), credential);
	return [
		useCredential(loadWorkflow('list-workflows'), credential),
		useCredential(loadWorkflow('produce-offer-letter-pdf'), credential),
		useCredential(loadWorkflow('chat-completion'), credential),
		useCredential(loadWorkflow('run-start-and-download'), credential),
		JSON.parse(JSON.stringify(upload).replace('__PDF_PATH__', pdfPath)) as WorkflowJson,
	];
}
