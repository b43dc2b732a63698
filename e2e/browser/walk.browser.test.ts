// A newcomer's walk through the editor, one step per thing a newcomer tripped on, each asserting what the editor now
// shows, with a picture (e2e/.artifacts/browser/walk-*.png). Three of the walk's eleven are shown elsewhere, where
// their set-up already is: "Run Finished" typed in the nodes panel (words.browser.test.ts, words 1), the credential
// test's words for a dead port and a missing scheme (first-time.browser.test.ts, item 2 messages), and the README's
// first screen and the demo's summary, which are not the editor (test/unit/package/docsMatchNodes.test.ts, "the
// README's first screen"; test/unit/demo/summary.test.ts).
import type { Page } from 'playwright-core';

import { EXAMPLE_WORKFLOWS } from '../lib/demo-setup';
import { FIXTURE_IDS } from '../../test/simulator';
import { executeStep, outputJson } from './output';
import { addAction, addTrigger, openNode, openWorkflow } from './panel';
import {
	chooseOption,
	cutMapperLabels,
	fillMapperField,
	mapperField,
	parameterLabel,
	parametersText,
	pickResource,
} from './parameters';
import { CONTRACT_SUMMARY, CONTRACT_TEXT } from './first-time.expected';
import { answerOfferLetterRequired, openOfferLetter } from './offerLetter';
import { documentMarkdown, runInput, startRun } from './service';
import { WALK } from './walk.expected';
import { browserFile } from './steps';

const file = browserFile('walk');
const { step, shot } = file;
let page: Page;
beforeAll(() => {
	page = file.page;
});
const SOON = { timeout: 10_000 };
const hints = (page: Page) =>
	page.locator('[data-test-id="output-panel"] [data-test-id="run-data-hints"]');

step(
	'walk 1: the spreadsheet example through Map Automatically: every letter assembled, every column matched; a gap is said above the output',
	async () => {
		await openWorkflow(page, EXAMPLE_WORKFLOWS.batchOffers);
		await page.locator('[data-test-id="execute-workflow-button"]').click();
		await page
			.locator(
				`[data-test-id="canvas-node"][data-node-name="${WALK.example.node}"] [data-test-id="canvas-node-status-success"]`,
			)
			.waitFor({ timeout: 90_000 });
		await openNode(page, WALK.example.node);
		const letters = await outputJson(page);
		await shot('walk-01-example-assembled');
		expect(letters.map((letter) => [letter.status, letter.unmatchedInputKeys])).toEqual(
			WALK.example.rows.map(() => ['assembled', []]),
		);

		await chooseOption(page, 'columnMatching', 'Field ID');
		// A run with a hint shows n8n's warning mark where a green tick would be: the hint is what to wait for.
		await page.locator('[data-test-id="node-execute-button"]').click();
		await hints(page).getByText(WALK.example.gapHint[0]).waitFor({ timeout: 90_000 });
		const hint = await hints(page).innerText();
		await shot('walk-01-gap-hint');
		for (const words of WALK.example.gapHint) expect(hint).toContain(words);
	},
	180_000,
);

step('walk 2: the mapper is headed Values to Send, and a refused answer points there', async () => {
	await openOfferLetter(page);
	expect(await parametersText(page)).toContain(WALK.valuesToSend);
	await answerOfferLetterRequired(page);
	await fillMapperField(page, 'employee.start_date', '01/03/2026');
	const run = await executeStep(page);
	await shot('walk-02-values-to-send');
	expect(run.ok).toBe(false);
	expect(run.error).toContain(`under ${WALK.valuesToSend}`);
});

step(
	'walk 4: a date field says its form before a run, in every Input Mode that shows it',
	async () => {
		await addAction(page, 'Start a run');
		await pickResource(page, 'workflowId', WALK.dates.workflow);
		await mapperField(page, WALK.dates.field).waitFor();
		expect(await mapperField(page, WALK.dates.field).innerText()).toContain(WALK.dates.label);
		expect(await parametersText(page)).toContain(WALK.dates.entryStepNotice);
		await shot('walk-04-dates-entry-step');

		await chooseOption(page, 'inputMode', 'Map Fields');
		await mapperField(page, WALK.dates.field).waitFor();
		expect(await parametersText(page)).toContain(WALK.dates.fieldsNotice);
		await shot('walk-04-dates-map-fields');

		await chooseOption(page, 'inputMode', 'JSON');
		await parameterLabel(page, 'Input (JSON)').waitFor(SOON);
		expect(await parametersText(page)).toContain(WALK.dates.jsonHint);
		await shot('walk-04-dates-json');
	},
);

step(
	'walk 7: the Input Text box takes several lines: its edit window in the mapper, a multi-line box in Text mode',
	async () => {
		await addAction(page, 'Start a run');
		await pickResource(page, 'workflowId', CONTRACT_SUMMARY);
		const column = mapperField(page, 'text');
		await column.waitFor();
		await column.locator('input').first().hover();
		await column.locator(`[title="${WALK.inputText.editWindow}"]`).click();
		const editor = page.locator('.el-dialog textarea').filter({ visible: true });
		await editor.click();
		for (const [index, line] of WALK.inputText.lines.entries()) {
			if (index) await page.keyboard.press('Enter');
			await page.keyboard.type(line);
		}
		await shot('walk-07-edit-window');
		await page.keyboard.press('Escape');
		await editor.waitFor({ state: 'hidden', ...SOON });
		expect((await executeStep(page)).ok).toBe(true);
		const [run] = await outputJson(page);
		expect(await runInput(file.editor.simulatorUrl, String(run.runId))).toEqual(
			WALK.inputText.lines.join('\n'),
		);

		await chooseOption(page, 'inputMode', 'Text');
		const box = page.locator('[data-test-id="parameter-input-inputText"] textarea');
		await box.waitFor(SOON);
		expect(Number(await box.getAttribute('rows'))).toBeGreaterThan(1);
		await shot('walk-07-text-mode');
	},
);

step(
	'walk 8: an untouched switch is sent as off, as the docs say (remove the field to leave it out)',
	async () => {
		await openOfferLetter(page);
		await answerOfferLetterRequired(page);
		expect((await executeStep(page)).ok).toBe(true);
		const [document] = await outputJson(page);
		await shot('walk-08-untouched-switch');
		const letter = await documentMarkdown(
			String((document.links as Record<string, unknown>).markdown),
		);
		expect(letter.split('\n').find((line) => line.includes(WALK.untouchedSwitch.line))).toContain(
			WALK.untouchedSwitch.answered,
		);
	},
);

step('walk 9: the trigger’s run record links each rendered file absolutely', async () => {
	await startRun(file.editor.simulatorUrl, FIXTURE_IDS.workflows.agentSummary, CONTRACT_TEXT);
	await addTrigger(page);
	expect((await executeStep(page)).ok).toBe(true);
	const [record] = await outputJson(page);
	await shot('walk-09-trigger-links');
	const artifacts = (record.steps as Array<Record<string, unknown>>).flatMap((entry) =>
		entry.renderedArtifact ? [entry.renderedArtifact as Record<string, unknown>] : [],
	);
	expect(artifacts.length).toBeGreaterThan(0);
	for (const artifact of artifacts)
		expect(artifact.downloadUrl).toBe(
			new URL(String(artifact.downloadPath), file.editor.simulatorUrl).href,
		);
});

step(
	'walk 5 and 11: a several-choice label says how to give several; every mapper label shows in full at 1440 px, its warning shown, and nothing scrolls sideways',
	async () => {
		await openOfferLetter(page);
		for (const id of WALK.labels.touched) {
			const input = mapperField(page, id).locator('input').first();
			await input.click();
			await input.blur();
		}
		expect(await mapperField(page, 'benefits').innerText()).toContain(WALK.several.label);
		await mapperField(page, 'benefits').hover();
		await shot('walk-05-several');
		expect(await cutMapperLabels(page)).toEqual([]);
		await mapperField(page, 'employee.start_date').hover();
		await shot('walk-11-labels');
		expect(await cutMapperLabels(page)).toEqual([]);
		expect(
			await page.locator('[data-test-id="node-parameters"]').evaluate((root) =>
				[root, ...root.querySelectorAll('*')]
					.filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
					.filter((element) => element.scrollWidth > element.clientWidth + 1)
					.map((element) => element.className),
			),
		).toEqual([]);
	},
);
