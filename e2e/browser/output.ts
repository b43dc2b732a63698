/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Running the open node as a user does (Execute step) and reading what its output panel shows: the items as
// n8n's JSON view prints them, or the error it shows in red.
import type { Page } from 'playwright-core';

import { waitUntil } from '../lib/waiting';

const outputPanel = (page: Page) => page.locator('[data-test-id="output-panel"]');

export interface StepRun {
	ok: boolean;
	/** The error n8n shows in the output panel (message and description), when the step failed. */
	error: string;
}

/** Execute step in the open node; resolves once the output panel shows success or an error. */
export async function executeStep(page: Page): Promise<StepRun> {
	await page.locator('[data-test-id="node-execute-button"]').click();
	const output = outputPanel(page);
	const succeeded = output.locator('[data-test-id="node-run-status-success"]');
	const failed = output.locator('[data-test-id="node-error-message"]');
	// n8n refuses to start a node whose parameters have issues, in a toast.
	const refused = page
		.locator('.el-notification')
		.filter({ visible: true, hasText: 'cannot start' });
	await succeeded.or(failed).or(refused).first().waitFor({ timeout: 90_000 });
	if (await succeeded.isVisible()) return { ok: true, error: '' };
	if (await refused.isVisible())
		return { ok: false, error: (await refused.innerText()).replace(/\s+/g, ' ').trim() };
	const description = output.locator('[data-test-id="node-error-description"]');
	const parts = [
		await failed.innerText(),
		(await description.isVisible()) ? await description.innerText() : '',
	];
	return { ok: false, error: parts.join(' ').replace(/\s+/g, ' ').trim() };
}

/** Tall enough for every line of the outputs the steps read: n8n's JSON view renders only the lines in view. */
const TALL_VIEWPORT_HEIGHT = 9000;

/** The output items' JSON as n8n's JSON view shows it (one line per token; strings are never cut across lines). */
export async function outputJson(page: Page): Promise<Array<Record<string, unknown>>> {
	const output = outputPanel(page);
	await output.locator('[data-test-id="radio-button-json"]').click();
	const viewport = page.viewportSize();
	if (viewport) await page.setViewportSize({ width: viewport.width, height: TALL_VIEWPORT_HEIGHT });
	let shown = '';
	try {
		return await waitUntil(
			'the JSON view to show the output',
			async () => {
				shown = (await output.locator('[data-test-id="ndv-data-container"]').innerText())
					.split('\n')
					.map((line) => line.trim())
					.join('');
				try {
					return JSON.parse(shown) as Array<Record<string, unknown>>;
				} catch {
					return undefined;
				}
			},
			10_000,
			250,
		);
	} catch {
		throw new Error(`the output panel's JSON view did not read as JSON: ${shown.slice(0, 400)}`);
	} finally {
		if (viewport) await page.setViewportSize(viewport);
	}
}
