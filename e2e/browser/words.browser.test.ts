// Found by the words of the jobs, in the real editor's nodes panel (see editor.ts): a user who types what they want
// done, not the app's name, finds the package. "Run Finished" as the first step finds the app's entry and, in it,
// the trigger's events; "Contract", "PDF" and "DOCX" after a trigger find the app's entry. The
// nodes panel searches display names and codex aliases (nodes/*/*.node.json), and it shows the trigger inside the
// app's entry, which carries the action node's aliases. Every search saves a screenshot (e2e/.artifacts/browser/);
// the Run Finished one is also docs/screenshots/search-run-finished.png (docs/trigger.md).
import type { Page } from 'playwright-core';

import { screenshot } from './editor';
import { closeNode, closeNodeCreator, creatorItem, newWorkflow, searchNodes } from './panel';
import { browserFile } from './steps';

const file = browserFile('words');
const { step } = file;
let page: Page;
beforeAll(() => {
	page = file.page;
});

/** The words typed after a trigger. */
const NEXT_STEP_WORDS = ['Contract', 'PDF', 'DOCX'] as const;

step(
	'words 1: "Run Finished" as the first step finds the app, whose entry lists the trigger’s events',
	async () => {
		await newWorkflow(page);
		await searchNodes(page, 'Run Finished');
		await creatorItem(page, 'Drafting Workspace').waitFor();
		await screenshot(page, 'words-run-finished', 'search-run-finished');
		await creatorItem(page, 'Drafting Workspace').click();
		await creatorItem(page, 'On run completed').waitFor();
		await expect(creatorItem(page, 'On run failed').count()).resolves.toBe(1);
		await screenshot(page, 'words-run-finished-triggers');
		await creatorItem(page, 'On run completed').click();
		await page.locator('[data-test-id="ndv"]').waitFor();
		await closeNode(page);
	},
);

step('words 2: "Contract", "PDF" and "DOCX" after the trigger find the app', async () => {
	for (const word of NEXT_STEP_WORDS) {
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
		await page.locator('[data-test-id="node-creator"]').waitFor();
		await searchNodes(page, word);
		await creatorItem(page, 'Drafting Workspace').waitFor();
		await screenshot(page, `words-${word.toLowerCase()}`);
		await closeNodeCreator(page);
	}
});
