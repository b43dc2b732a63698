/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The demo's n8n set-up, shared by `npm run demo` (demo/run.ts) and the browser suite (e2e/browser): the
// credential "Drafting Workspace account" pointing at the service simulator, the example workflows from
// examples/, and the owner account the editor signs in with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { FIXTURE_KEYS } from '../../test/simulator';
import { REPO_DIR } from './host';
import type { N8n } from './n8n';
import type { WorkflowJson } from './workflows';

const EXAMPLES_DIR = join(REPO_DIR, 'examples');
export const DEMO_CREDENTIAL = { id: 'dwDemoCredential', name: 'Drafting Workspace account' };
export const DEMO_OWNER = {
	email: 'demo@drafting-workspace.test',
	password: 'Demo-Password-1',
	firstName: 'Demo',
	lastName: 'User',
};

/** The ids of the example workflows (examples/<file>.json), as imported. */
export const EXAMPLE_WORKFLOWS = {
	runPdf: 'dwExampleRunPdf',
	batchOffers: 'dwExampleBatchOffers',
	chatJson: 'dwExampleChatJson',
	runFinished: 'dwExampleRunFinished',
	chainDraft: 'dwExampleChainDraft',
} as const;

const EXAMPLE_FILES = [
	'start-run-collect-pdf',
	'batch-offer-letters-from-spreadsheet',
	'chat-structured-output',
	'notify-when-run-finishes',
	'chain-draft-with-workspace-model',
];

/** Environment for the demo's n8n: the spreadsheet example reads its CSV from examples/data. */
export const DEMO_N8N_ENV: Record<string, string> = {
	N8N_RESTRICT_FILE_ACCESS_TO: join(EXAMPLES_DIR, 'data'),
};

function loadExamples(): WorkflowJson[] {
	return EXAMPLE_FILES.map((name) => {
		const text = readFileSync(join(EXAMPLES_DIR, `${name}.json`), 'utf8')
			// The spreadsheet example reads a path relative to where n8n runs; the demo's n8n runs elsewhere.
			.replace(
				'"examples/data/new-hires.csv"',
				JSON.stringify(join(EXAMPLES_DIR, 'data', 'new-hires.csv')),
			);
		return JSON.parse(text) as WorkflowJson;
	});
}

/** Imports the credential (the simulator's full-access key) and the example workflows into a stopped n8n. */
export async function importDemoData(n8n: N8n, simulatorUrl: string): Promise<void> {
	await n8n.importCredentials([
		{ ...DEMO_CREDENTIAL, baseUrl: simulatorUrl, apiKey: FIXTURE_KEYS.full },
	]);
	await n8n.importWorkflows(loadExamples());
}

/** `POST /rest/owner/setup` on a running n8n: the owner account of the editor (answers 200 the first time). */
export async function setUpOwner(url: string): Promise<{ ok: boolean; status: number }> {
	const response = await fetch(`${url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(DEMO_OWNER),
	});
	await response.arrayBuffer();
	return { ok: response.ok, status: response.status };
}
