/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// A browser test file's frame, the same for every file: its editor (editor.ts: a browser context on the shared
// Chromium, signed in) opened before the first step and closed after the last, each step timed, a screenshot of
// the page when a step fails, and the closing `timing:` line.
import type { Page } from 'playwright-core';

import { openEditor, say, screenshotAs, type Editor } from './editor';

const runStarted = Number(process.env.BROWSER_TEST_STARTED_AT ?? Date.now());
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export interface BrowserFile {
	/** The file's editor, once the first step runs. */
	readonly editor: Editor;
	readonly page: Page;
	/** Saves the page as e2e/.artifacts/browser/<name>.png (and as docs/screenshots/<docs>.png when given). */
	shot(name: string, docs?: string): Promise<void>;
	/** A test, timed for the closing line; `name` up to its first colon names it there. */
	step(name: string, body: () => Promise<void>, timeoutMs?: number): void;
}

/** Registers the file's set-up and clean-up (call it once, at the top of a test file); `tag` names the file in the timing line. */
export function browserFile(tag: string): BrowserFile {
	const fileStarted = Date.now();
	const timings: string[] = [];
	let editor: Editor | undefined;
	const opened = (): Editor => {
		if (!editor) throw new Error('the editor is not open (beforeAll failed)');
		return editor;
	};

	beforeAll(async () => {
		const t0 = Date.now();
		editor = await openEditor();
		timings.push(`sign-in ${seconds(Date.now() - t0)}`);
	}, 120_000);

	afterAll(async () => {
		await editor?.close();
		const setUp = process.env.BROWSER_SETUP_SECONDS
			? `shared set-up ${process.env.BROWSER_SETUP_SECONDS} s; `
			: '';
		say(
			`timing (${tag}): ${setUp}${timings.join(', ')}; file ${seconds(Date.now() - fileStarted)}, whole run so far ${seconds(Date.now() - runStarted)}`,
		);
	});

	return {
		get editor() {
			return opened();
		},
		get page() {
			return opened().page;
		},
		shot: (name, docs) => screenshotAs(opened().page, name, docs),
		step(name, body, timeoutMs) {
			const short = name.split(':')[0];
			test(
				name,
				async () => {
					const t0 = Date.now();
					try {
						await body();
					} catch (error) {
						// What the page showed when the step failed; then a blank page, so that whatever the failure left open
						// (a dialog, a dropdown) does not fail the next step too: it opens the editor afresh.
						await screenshotAs(opened().page, `failed-${tag}-${short.replace(/\W+/g, '-')}`).catch(
							() => undefined,
						);
						await opened()
							.page.goto('about:blank')
							.catch(() => undefined);
						throw error;
					} finally {
						timings.push(`${short} ${seconds(Date.now() - t0)}`);
					}
				},
				timeoutMs,
			);
		},
	};
}
