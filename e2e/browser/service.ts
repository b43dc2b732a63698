// What a step needs to exist in the service before a user looks at it (a run, a run with an input document, a
// produced document), made through the simulator's own API with the demo's key, as another workflow would have.
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';
import { sleep } from '../lib/waiting';

type Json = Record<string, unknown>;

async function call(base: string, method: string, path: string, body?: Json): Promise<Json> {
	const response = await fetch(`${base}${path}`, {
		method,
		headers: {
			authorization: `Bearer ${FIXTURE_KEYS.full}`,
			accept: 'application/json',
			...(body ? { 'content-type': 'application/json' } : {}),
		},
		body: body ? JSON.stringify(body) : undefined,
	});
	const text = await response.text();
	if (!response.ok)
		throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
	return JSON.parse(text) as Json;
}

/** Starts a run and waits until it has ended; returns its id. */
export async function startRun(
	base: string,
	workflowId: string,
	input: string | Json,
): Promise<string> {
	const { runId } = (await call(base, 'POST', '/workflows/runs', { workflowId, input })) as {
		runId: string;
	};
	for (let tries = 0; tries < 100; tries++) {
		const { status } = (await call(base, 'GET', `/workflows/runs/${runId}`)) as { status?: string };
		if (status && ['Completed', 'Failed', 'Cancelled'].includes(status)) return runId;
		await sleep(200);
	}
	throw new Error(`run ${runId} did not end within 20 s`);
}

/** The input a run was started with, as the service keeps it. */
export async function runInput(base: string, runId: string): Promise<unknown> {
	return (await call(base, 'GET', `/workflows/runs/${runId}`)).input;
}

/** A finished NDA drafting run whose input carries one uploaded document (`filename`); returns the run's id. */
export async function startRunWithDocument(base: string, filename: string): Promise<string> {
	const text = 'Mutual NDA between Acme Ltd and Example Corp.';
	const upload = (await call(base, 'POST', '/workflow-inputs/documents', {
		filename,
		contentType: 'text/plain',
		data: Buffer.from(text).toString('base64'),
	})) as {
		documentId: string;
		documentVersionId: string;
	};
	for (let tries = 0; ; tries++) {
		const { status } = (await call(
			base,
			'GET',
			`/workflow-inputs/documents/${upload.documentId}`,
		)) as { status: string };
		if (status === 'ready') break;
		if (status === 'failed' || tries > 50)
			throw new Error(`the upload of ${filename} is ${status}`);
		await sleep(200);
	}
	const source_document = {
		documentId: upload.documentId,
		documentVersionId: upload.documentVersionId,
	};
	return await startRun(base, FIXTURE_IDS.workflows.inputNda, {
		counterparty: 'Example Corp',
		effective_date: '2026-03-01',
		source_document,
	});
}

/** A produced document's markdown, read from its absolute link with the demo's key, as a later step would read it. */
export async function documentMarkdown(link: string): Promise<string> {
	const response = await fetch(link, { headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` } });
	const text = await response.text();
	if (!response.ok)
		throw new Error(`GET ${link} answered ${response.status}: ${text.slice(0, 300)}`);
	return text;
}

/** Produces the offer letter for a candidate; returns its PDF's absolute link. */
export async function producedDocumentLink(base: string): Promise<string> {
	const produced = (await call(base, 'POST', '/document-templates/tpl_offer_letter/documents', {
		input: { employee: { name: 'Priya Patel', start_date: '2026-02-02' }, role: 'Counsel' },
		title: 'Offer letter for Priya Patel',
	})) as { links?: Record<string, string> };
	const pdf = produced.links?.pdf;
	if (!pdf)
		throw new Error(`the produced document has no pdf link: ${JSON.stringify(produced.links)}`);
	return new URL(pdf, base).href;
}
