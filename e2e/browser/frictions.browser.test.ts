// Eight things a newcomer met in the editor, each walked as a user would (every node fresh from the nodes panel) and
// asserted as the user now sees it, with a screenshot (e2e/.artifacts/browser/friction-NN-<what>.png). The
// expected texts are in frictions.expected.ts.
import type { Page } from 'playwright-core';

import { FIXTURE_KEYS, modelsFor } from '../../test/simulator';
import {
	closeCredentialDialog,
	createCredentialFromNode,
	removeNewCredentials,
} from './credential';
import { ACME } from './fixtures';
import { FRICTIONS } from './frictions.expected';
import { CONTRACT_SUMMARY, CONTRACT_TEXT } from './first-time.expected';
import { executeStep, outputJson } from './output';
import { addAction, addStartRun } from './panel';
import {
	chooseOption,
	cutMapperLabels,
	expressionInMapperField,
	fillMapperField,
	locatorInput,
	mapperField,
	mapperFieldKinds,
	mapperFieldOptions,
	mapperFields,
	parameterLabel,
	parametersText,
	pickOption,
	pickResource,
} from './parameters';
import { answerOfferLetterRequired, openOfferLetter } from './offerLetter';
import { documentMarkdown } from './service';
import { browserFile } from './steps';

const file = browserFile('frictions');
const { step, shot } = file;
let page: Page;
beforeAll(() => {
	page = file.page;
});
const SOON = { timeout: 10_000 };

step(
	'friction 1: a date typed as 2026-03-01 stays after Tab; a wrong one is refused naming the field and the form',
	async () => {
		await openOfferLetter(page);
		expect(await mapperFieldKinds(page, ['employee.start_date'])).toEqual({
			'employee.start_date': 'text',
		});
		expect(await mapperField(page, 'employee.start_date').innerText()).toContain(
			FRICTIONS.date.label,
		);
		const input = mapperField(page, 'employee.start_date').locator('input').first();
		await input.click();
		await input.pressSequentially('2026-03-01');
		await page.keyboard.press('Tab');
		await shot('friction-01-date-kept');
		expect(await input.inputValue()).toBe('2026-03-01');

		await answerOfferLetterRequired(page);
		await fillMapperField(page, 'employee.start_date', '01/03/2026');
		const run = await executeStep(page);
		await shot('friction-01-date-refused');
		expect(run.ok).toBe(false);
		expect(run.error).toContain(FRICTIONS.date.refused);
	},
);

step(
	'friction 2: choosing JSON Schema shows the Response Schema, pre-filled, and the run answers JSON',
	async () => {
		await addAction(page, 'Create a chat completion');
		await locatorInput(page, 'model').waitFor(SOON);
		await pickResource(page, 'model', modelsFor(ACME)[0]);
		await page
			.locator('[data-test-id="parameter-input-content"] textarea')
			.fill('Summarise: a two-year supply agreement.');
		await chooseOption(page, 'responseFormat', 'JSON Schema');
		await parameterLabel(page, FRICTIONS.chat.schemaLabel).waitFor(SOON);
		const format = await parameterLabel(page, 'Response Format').boundingBox();
		const schema = await parameterLabel(page, FRICTIONS.chat.schemaLabel).boundingBox();
		await shot('friction-02-json-schema');
		expect((schema?.y ?? 0) > (format?.y ?? Infinity)).toBe(true);
		const run = await executeStep(page);
		expect(run).toEqual({ ok: true, error: '' });
		const [answer] = await outputJson(page);
		expect(Object.keys(answer)).toEqual(['summary']);
	},
);

step(
	'friction 4 (and 3): a hint under the Base URL words the codes the credential test shows; /v1 may be there or not',
	async () => {
		try {
			await addAction(page, 'Get many workflows');
			const tested = await createCredentialFromNode(
				page,
				new URL(file.editor.simulatorUrl).host,
				FIXTURE_KEYS.full,
			);
			const text = await page.locator('[data-test-id="credential-edit-dialog"]').innerText();
			await shot('friction-04-credential-hint');
			expect(tested).toMatchObject({
				ok: false,
				message: expect.stringContaining('ERR_INVALID_URL'),
			});
			expect(text).toContain(FRICTIONS.credential.hint);
			await closeCredentialDialog(page);
		} finally {
			await removeNewCredentials(page);
		}
		// The tooltip's words (either form works) are the unit test's (credentialWords.test.ts); both forms pass the test
		// in the editor (first-time.browser.test.ts, item 2 /v1).
	},
);

step(
	'friction 5: Benefits lists its allowed values before a run and says it takes several; several go as an expression; a wrong one is refused naming Benefits and its values',
	async () => {
		await openOfferLetter(page);
		await answerOfferLetterRequired(page);
		expect(await mapperField(page, 'benefits').innerText()).toContain(FRICTIONS.choices.label);
		const listed = await mapperFieldOptions(page, 'benefits');
		await shot('friction-05-benefits-choices');
		expect(listed).toEqual(FRICTIONS.choices.listed);
		await pickOption(page, listed, 'Gym', 'benefits');
		expect(await executeStep(page)).toEqual({ ok: true, error: '' });

		await expressionInMapperField(page, 'benefits', FRICTIONS.choices.several);
		await shot('friction-05-benefits-several');
		expect(await executeStep(page)).toEqual({ ok: true, error: '' });
		const [document] = await outputJson(page);
		expect(
			await documentMarkdown(String((document.links as Record<string, unknown>).markdown)),
		).toContain(FRICTIONS.choices.answered);

		await expressionInMapperField(page, 'benefits', FRICTIONS.choices.wrong);
		const run = await executeStep(page);
		await shot('friction-05-benefits-refused');
		expect(run.ok).toBe(false);
		expect(run.error).toContain(FRICTIONS.choices.refused);
	},
);

step('friction 6: every mapper label shows in full at 1440 px', async () => {
	await openOfferLetter(page);
	const offerLabels = (await mapperFields(page)).map((field) => field.label);
	await shot('friction-06-template-labels');
	expect(await cutMapperLabels(page)).toEqual([]);
	for (const label of FRICTIONS.labels.template)
		expect(offerLabels.some((shown) => shown.startsWith(label))).toBe(true);

	await addAction(page, 'Start a run');
	await pickResource(page, 'workflowId', 'NDA drafting');
	await mapperField(page, 'source_document').waitFor();
	const runLabels = (await mapperFields(page)).map((field) => field.label);
	await shot('friction-06-run-labels');
	expect(await cutMapperLabels(page)).toEqual([]);
	for (const label of FRICTIONS.labels.run)
		expect(runLabels.some((shown) => shown.startsWith(label))).toBe(true);
});

step(
	"friction 7: a run record without Simplify gives each file's downloadPath absolute, as its files entry",
	async () => {
		await addStartRun(page, CONTRACT_SUMMARY, CONTRACT_TEXT);
		expect((await executeStep(page)).ok).toBe(true);
		await shot('friction-07-record-links');
		const [record] = await outputJson(page);
		const paths = (record.steps as Array<Record<string, unknown>>).flatMap((entry) =>
			entry.renderedArtifact
				? [(entry.renderedArtifact as Record<string, unknown>).downloadPath]
				: [],
		);
		expect(paths.length).toBeGreaterThan(0);
		for (const path of paths)
			expect(String(path)).toMatch(new RegExp(`^${file.editor.simulatorUrl}/`));
		expect(paths).toEqual(
			(record.files as Array<Record<string, unknown>>).map((entry) => entry.url),
		);
	},
	180_000,
);

step(
	"friction 8: From the Workflow's Entry Step, an agent workflow: its Input Text column, no Dates/Choices/Documents notice",
	async () => {
		await addAction(page, 'Start a run');
		await pickResource(page, 'workflowId', CONTRACT_SUMMARY);
		await mapperField(page, 'text').waitFor(SOON);
		await shot('friction-08-entry-text');
		const text = await parametersText(page);
		expect(text).not.toContain(FRICTIONS.entry.notice);
		expect(await mapperField(page, 'text').innerText()).toContain('Input Text');
	},
);
