// What a first-time user tripped on, in the real editor (see editor.ts): every node added fresh from the
// nodes panel, one step per numbered item of the issue, each with its screenshot
// (e2e/.artifacts/browser/item-NN-<what>.png) and assertions of what it shows; the expected texts are in
// first-time.expected.ts. The newcomer's path is newcomer.browser.test.ts.
import type { Page } from 'playwright-core';

import { FIXTURE_IDS, FIXTURE_KEYS, modelsFor } from '../../test/simulator';
import { freePort } from '../lib/processes';
import {
	closeCredentialDialog,
	createCredentialFromNode,
	removeNewCredentials,
} from './credential';
import { ACME, visibleWorkflows } from './fixtures';
import { executeStep, outputJson } from './output';
import { addAction, addStartRun, addTrigger } from './panel';
import {
	chooseOption,
	closeDropdown,
	collectionOptions,
	labelTooltip,
	listResources,
	locatorById,
	locatorInput,
	locatorMode,
	mapperField,
	mapperFieldKinds,
	parameterLabel,
	parametersText,
	pasteFixed,
	pickResource,
	setSwitch,
} from './parameters';
import { CONTRACT_SUMMARY, CONTRACT_TEXT, EXPECTED } from './first-time.expected';
import { producedDocumentLink, startRun, startRunWithDocument } from './service';
import { browserFile } from './steps';

const file = browserFile('first-time');
const { step, shot } = file;
let page: Page;
beforeAll(() => {
	page = file.page;
});
/** How long to wait for what only the fixed editor shows (the panel has rendered by then): a missing one fails soon. */
const SOON = { timeout: 10_000 };

step(
	'item 1: Chat Completion, fresh: its Model is a From list locator that lists the models, no "Error fetching options"',
	async () => {
		await addAction(page, 'Create a chat completion');
		expect(await page.locator('[data-test-id="node-version"]').innerText()).toContain(
			'node version 1',
		);
		await locatorInput(page, EXPECTED.item1.modelParameter).waitFor(SOON);
		const models = await listResources(page, EXPECTED.item1.modelParameter);
		await shot('item-01-chat-model-list');
		expect(models.sort()).toEqual(modelsFor(ACME).sort());
		expect(await parametersText(page)).not.toContain('Error fetching options');
	},
);

step(
	'item 2 /v1: a credential whose Base URL ends in /v1 passes its test, and the Workflow picker fills',
	async () => {
		try {
			await addAction(page, 'Start a run');
			expect(
				(await createCredentialFromNode(page, `${file.editor.simulatorUrl}/v1`, FIXTURE_KEYS.full))
					.ok,
			).toBe(true);
			await closeCredentialDialog(page);
			const workflows = await listResources(page, 'workflowId');
			await shot('item-02-v1-workflow-picker');
			expect(workflows.sort()).toEqual(visibleWorkflows.map((workflow) => workflow.name).sort());
		} finally {
			await removeNewCredentials(page);
		}
	},
);

step(
	'item 2 messages: a dead port and a missing http:// fail the credential test, and the node says in words what is wrong',
	async () => {
		const cases = [
			{
				what: 'dead-port',
				baseUrl: `http://127.0.0.1:${await freePort()}`,
				test: EXPECTED.item2.deadPortTest,
				run: EXPECTED.item2.deadPortRun,
			},
			{
				what: 'no-scheme',
				baseUrl: new URL(file.editor.simulatorUrl).host,
				test: EXPECTED.item2.noSchemeTest,
				run: EXPECTED.item2.noSchemeRun,
			},
		];
		try {
			for (const { what, baseUrl, test, run } of cases) {
				await addAction(page, 'Get many workflows');
				const tested = await createCredentialFromNode(page, baseUrl, FIXTURE_KEYS.full);
				await shot(`item-02-${what}-test`);
				expect(tested).toMatchObject({ ok: false, message: expect.stringContaining(test) });
				await closeCredentialDialog(page);
				const ran = await executeStep(page);
				await shot(`item-02-${what}-run`);
				expect(ran).toMatchObject({ ok: false, error: expect.stringContaining(run) });
			}
		} finally {
			await removeNewCredentials(page);
		}
	},
);

step(
	'item 3: the mappers show typed fields (dates as text), labels that carry the rules (several choices as a dropdown), and a notice of the rules',
	async () => {
		await addAction(page, 'Produce a document from a template');
		await pickResource(page, 'templateId', 'Employment offer letter');
		await mapperField(page, 'employee.start_date').waitFor();
		await shot('item-03-template-mapper');
		expect(await parametersText(page)).toContain(EXPECTED.item3.templateNotice);
		const kinds = {
			'employee.start_date': 'text',
			role: 'dropdown',
			'employee.remote': 'switch',
			benefits: 'dropdown',
			'employee.photo': 'text',
		};
		expect(await mapperFieldKinds(page, Object.keys(kinds))).toEqual(kinds);
		expect(await mapperField(page, 'benefits').innerText()).toContain(EXPECTED.item3.choices);
		expect(await mapperField(page, 'employee.photo').innerText()).toContain(EXPECTED.item3.picture);

		await addAction(page, 'Start a run');
		await pickResource(page, 'workflowId', 'NDA drafting');
		await chooseOption(page, 'inputMode', 'Map Fields');
		await mapperField(page, 'effective_date').waitFor();
		await shot('item-03-run-mapper');
		expect(await parametersText(page)).toContain(EXPECTED.item3.runNotice);
		expect(
			await mapperFieldKinds(page, ['effective_date', 'governing_law', 'include_non_solicit']),
		).toEqual({ effective_date: 'text', governing_law: 'dropdown', include_non_solicit: 'switch' });
	},
);

step('item 4: Get Many outputs runId and workflowId, as Get does', async () => {
	await startRun(file.editor.simulatorUrl, FIXTURE_IDS.workflows.agentSummary, CONTRACT_TEXT);
	await addAction(page, 'Get many runs');
	expect((await executeStep(page)).ok).toBe(true);
	await shot('item-04-get-many-runs');
	const runs = await outputJson(page);
	expect(runs.length).toBeGreaterThan(0);
	for (const run of runs)
		expect({ runId: typeof run.runId, id: run.id }).toEqual({ runId: 'string', id: undefined });

	await addAction(page, 'Get many workflows');
	expect((await executeStep(page)).ok).toBe(true);
	await shot('item-04-get-many-workflows');
	for (const workflow of await outputJson(page))
		expect({ workflowId: typeof workflow.workflowId, id: workflow.id }).toEqual({
			workflowId: 'string',
			id: undefined,
		});
});

step(
	'item 5: Start + Wait, simplified: the result text kept, the file in the one file shape with an absolute link',
	async () => {
		await addStartRun(page, CONTRACT_SUMMARY, CONTRACT_TEXT);
		await setSwitch(page, 'simplify', true);
		expect((await executeStep(page)).ok).toBe(true);
		await shot('item-05-simplified-run');
		const [run] = await outputJson(page);
		const text = run[EXPECTED.item5.textKey];
		expect(typeof text === 'string' && text.length > 0).toBe(true);
		const [pdf] = run.files as Array<Record<string, unknown>>;
		expect(Object.keys(pdf).sort()).toEqual(EXPECTED.item5.fileKeys);
		expect(String(pdf.url)).toMatch(new RegExp(`^${file.editor.simulatorUrl}/`));
	},
	180_000,
);

step(
	"item 6: Start, fresh: Input Mode follows the picked workflow's entry step (an agent: one text column, no notice to switch)",
	async () => {
		await addAction(page, 'Start a run');
		await pickResource(page, 'workflowId', CONTRACT_SUMMARY);
		await mapperField(page, 'text').waitFor(SOON);
		await shot('item-06-input-mode');
		expect(
			await page.locator('[data-test-id="parameter-input-inputMode"] input').inputValue(),
		).toBe(EXPECTED.item6.mode);
		expect(await mapperField(page, 'text').innerText()).toContain(EXPECTED.item6.textColumn);
		expect(await parametersText(page)).not.toMatch(/set Input Mode to Text/);
	},
);

step(
	'item 7: a template that needs attention is marked in the picker and explained in the mapper',
	async () => {
		await addAction(page, 'Produce a document from a template');
		const templates = await listResources(page, 'templateId');
		await shot('item-07-template-picker');
		expect(templates).toContain(EXPECTED.item7.mark);
		await page.locator('[data-test-id="rlc-item"]', { hasText: 'Short NDA' }).click();
		await page
			.locator('[data-test-id="node-parameters"]')
			.getByText(EXPECTED.item7.notice)
			.waitFor(SOON);
		await shot('item-07-needs-attention');
	},
);

step(
	'item 8 document: Document → Download takes a link a user can paste, and downloads the document',
	async () => {
		const link = await producedDocumentLink(file.editor.simulatorUrl);
		await addAction(page, 'Download a document');
		await page
			.locator(`[data-test-id="parameter-input-${EXPECTED.item8.documentLinkParameter}"]`)
			.waitFor(SOON);
		await pasteFixed(page, EXPECTED.item8.documentLinkParameter, link);
		const run = await executeStep(page);
		await shot('item-08-document-download');
		expect(run).toEqual({ ok: true, error: '' });
		const [downloaded] = await outputJson(page);
		expect({ name: downloaded.name, mimeType: downloaded.mimeType }).toEqual({
			name: expect.stringMatching(/\.pdf$/),
			mimeType: 'application/pdf',
		});
	},
);

step(
	"item 8 input document: Download Input Document lists the run's documents to pick",
	async () => {
		const runId = await startRunWithDocument(file.editor.simulatorUrl, 'nda-source.txt');
		await addAction(page, 'Download an input document of a run');
		await locatorById(page, 'runId', runId);
		await locatorInput(page, EXPECTED.item8.inputDocumentParameter).waitFor(SOON);
		const documents = await listResources(page, EXPECTED.item8.inputDocumentParameter);
		await shot('item-08-input-document-picker');
		expect(documents.some((name) => name.includes('nda-source.txt'))).toBe(true);
	},
);

step(
	'item 9: "Fail the Item When the Run Fails" is on for a new node, and a failing run shows red',
	async () => {
		await addStartRun(page, 'Broken extraction', CONTRACT_TEXT);
		await parameterLabel(page, EXPECTED.item9.failOption).waitFor(SOON);
		await expect(
			page
				.locator(
					`[data-test-id="parameter-input-${EXPECTED.item9.failParameter}"] .el-switch.is-checked`,
				)
				.count(),
		).resolves.toBe(1);
		const run = await executeStep(page);
		await shot('item-09-failed-run');
		expect(run.ok).toBe(false);
		expect(run.error).toMatch(/fail/i);
	},
	180_000,
);

step('item 10: a mistyped run id says the run was not found, without the boilerplate', async () => {
	await addAction(page, 'Get a run');
	await locatorById(page, 'runId', 'run_mistyped');
	const run = await executeStep(page);
	await shot('item-10-run-not-found');
	expect(run.error).toContain(EXPECTED.item10.runNotFound('run_mistyped'));
	expect(run.error).not.toContain(EXPECTED.item10.boilerplate);
});

step(
	'item 11 chat: Sampling Temperature, the Response Schema below Response Format (shown once JSON Schema is chosen), usage in camelCase',
	async () => {
		await addAction(page, 'Create a chat completion');
		await locatorInput(page, EXPECTED.item1.modelParameter).waitFor(SOON);
		await pickResource(page, EXPECTED.item1.modelParameter, modelsFor(ACME)[0]);
		await page.locator('[data-test-id="parameter-input-content"] textarea').fill('Say hello.');
		expect((await executeStep(page)).ok).toBe(true);
		const [answer] = await outputJson(page);
		const usage = Object.keys((answer.usage as object | null) ?? {});
		expect({
			camelCase: usage.includes(EXPECTED.item11.usageKey),
			snakeCase: usage.filter((key) => key.includes('_')),
		}).toEqual({ camelCase: true, snakeCase: [] });
		const options = await collectionOptions(page, 'Options');
		expect(options).toContain(EXPECTED.item11.temperature);
		await closeDropdown(page);
		await chooseOption(page, 'responseFormat', 'JSON Schema');
		await parameterLabel(page, EXPECTED.item11.responseSchema).waitFor(SOON);
		const format = await parameterLabel(page, 'Response Format').boundingBox();
		const schema = await parameterLabel(page, EXPECTED.item11.responseSchema).boundingBox();
		await shot('item-11-chat-options');
		expect((schema?.y ?? 0) > (format?.y ?? Infinity)).toBe(true);
	},
);

step(
	'item 11 trigger: no notice always shown; the "Busy workspace?" advice is the Workflows filter\'s tooltip',
	async () => {
		await addTrigger(page);
		await parameterLabel(page, 'Workflows').waitFor(SOON);
		expect(
			await page
				.locator(
					'[data-test-id="node-parameters"] .notice, [data-test-id="node-parameters"] [class*="notice"]',
				)
				.filter({ visible: true })
				.count(),
		).toBe(0);
		expect(await parametersText(page)).not.toContain(EXPECTED.item11.busyAdvice);
		const tooltip = await labelTooltip(page, 'Workflows', 'Fire only for runs of these workflows');
		await shot('item-11-trigger-advice');
		expect(tooltip).toContain(EXPECTED.item11.busyAdvice);
	},
);

step(
	'item 11 runs: Wait Options name Max Runs Followed at Once; run picker entries differ and carry the run id',
	async () => {
		await addStartRun(page, CONTRACT_SUMMARY, CONTRACT_TEXT);
		const waitOptions = await collectionOptions(page, 'Wait Options');
		await shot('item-11-wait-options');
		expect(waitOptions).toContain(EXPECTED.item11.followAtMost);
		await closeDropdown(page);

		for (let run = 0; run < 2; run++)
			await startRun(file.editor.simulatorUrl, FIXTURE_IDS.workflows.agentSummary, CONTRACT_TEXT);
		await addAction(page, 'Get a run');
		await locatorMode(page, 'runId', 'From list');
		const runs = await listResources(page, 'runId');
		await shot('item-11-run-picker');
		expect(new Set(runs).size).toBe(runs.length);
		for (const entry of runs) expect(entry).toMatch(/run_\w+/);
	},
);

step(
	'item 11 mapper: no stale "Select a template first." after a template is picked and the mapping mode switched',
	async () => {
		await addAction(page, 'Produce a document from a template');
		await pickResource(page, 'templateId', 'Employment offer letter');
		await page.locator('[data-test-id="mapping-fields-container"]').waitFor();
		await page.locator('[data-test-id="mapping-mode-select"] input').first().click();
		await page
			.locator('.el-select-dropdown__item')
			.filter({ visible: true, hasText: 'Map Automatically' })
			.click();
		await page
			.locator('[data-test-id="mapping-fields-container"]')
			.waitFor({ state: 'hidden', ...SOON });
		await shot('item-11-mapping-mode');
		expect(await parametersText(page)).not.toContain(EXPECTED.item11.staleNotice);
	},
);
