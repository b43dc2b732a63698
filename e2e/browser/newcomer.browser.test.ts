// The newcomer's path of docs/try-it.md ("Try it with your own n8n"), in the real editor (see editor.ts): the action
// node added fresh from the nodes panel, its credential made from the node with the Base URL typed as the root and
// with /v1, n8n's credential test, a first run's output; the Trigger and the Chat Model fresh from the panel. The
// newcomer pictures (docs/screenshots/credential-test.png, first-run-output.png, chain-chat-model.png) come from here.
import type { Page } from 'playwright-core';

import { FIXTURE_KEYS, modelsFor } from '../../test/simulator';
import {
	closeCredentialDialog,
	createCredentialFromNode,
	removeNewCredentials,
} from './credential';
import { ACME, visibleWorkflows } from './fixtures';
import { executeStep, outputJson } from './output';
import { addAction, addChatModelToChain, addTrigger } from './panel';
import { listResources, parametersText, redErrors } from './parameters';
import { browserFile } from './steps';

const file = browserFile('newcomer');
const { step, shot } = file;
let page: Page;
beforeAll(() => {
	page = file.page;
});

for (const [label, suffix] of [
	['root', ''],
	['/v1', '/v1'],
] as const) {
	step(
		`newcomer ${label}: the action node from the panel, its credential made from the node with the Base URL typed as ${label}, the test passes, a first run shows output`,
		async () => {
			try {
				await addAction(page, 'Get many workflows');
				const tested = await createCredentialFromNode(
					page,
					`${file.editor.simulatorUrl}${suffix}`,
					FIXTURE_KEYS.full,
				);
				await shot(
					`newcomer-credential-${suffix ? 'v1' : 'root'}`,
					suffix ? undefined : 'credential-test',
				);
				expect(tested).toMatchObject({
					ok: true,
					message: expect.stringContaining('Connection tested successfully'),
				});
				await closeCredentialDialog(page);
				const run = await executeStep(page);
				await shot(
					`newcomer-first-run-${suffix ? 'v1' : 'root'}`,
					suffix ? undefined : 'first-run-output',
				);
				expect(run).toEqual({ ok: true, error: '' });
				const names = (await outputJson(page)).map((workflow) => workflow.name);
				expect(names.sort()).toEqual(visibleWorkflows.map((workflow) => workflow.name).sort());
			} finally {
				await removeNewCredentials(page);
			}
		},
	);
}

step(
	'newcomer trigger: the Trigger fresh from the panel shows no red before anything is chosen',
	async () => {
		await addTrigger(page);
		await shot('newcomer-trigger');
		expect(await redErrors(page)).toEqual([]);
	},
);

step(
	'newcomer chat model: the Chat Model fresh from the panel under a Basic LLM Chain, no red before a choice, its models listed',
	async () => {
		await addChatModelToChain(page, 'Basic LLM Chain');
		expect(await redErrors(page)).toEqual([]);
		const models = await listResources(page, 'model');
		await shot('newcomer-chat-model', 'chain-chat-model');
		expect(models.sort()).toEqual(modelsFor(ACME).sort());
		expect(await parametersText(page)).not.toContain('Error fetching options');
	},
);
