/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// What a user does on the canvas, shared by the browser test files: a new workflow, the nodes panel (search, add a
// node as a user does: the trigger, an action, a Chat Model under a chain), a node's panel opened and closed.
import type { Locator, Page } from 'playwright-core';

import { chooseOption, escapeUntilGone, exactText, pickResource, setSwitch } from './parameters';

/** A nodes-panel entry by its whole name ("Drafting Workspace" is not "Drafting Workspace Chat Model"). */
export const creatorItem = (page: Page, name: string) =>
	page.locator('[data-test-id="node-creator-item-name"]', { hasText: exactText(name) });

export async function searchNodes(page: Page, text: string): Promise<void> {
	await page.locator('[data-test-id="node-creator-search-bar"]').fill(text);
}

/**
 * Closes the nodes panel with Escape, pressed again while it still shows: inside an app's list of actions one
 * Escape may go back to the search instead, and one pressed while the panel is still settling may go nowhere.
 */
export async function closeNodeCreator(page: Page): Promise<void> {
	await escapeUntilGone(
		page,
		page.locator('[data-test-id="node-creator"]'),
		'the nodes panel to close',
	);
}

/** The node's panel (NDV), once it is open. */
async function openedNode(page: Page): Promise<Locator> {
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	return ndv;
}

/** Opens a workflow in the editor and waits until its canvas shows its nodes. */
export async function openWorkflow(page: Page, id: string): Promise<void> {
	await page.goto(`/workflow/${id}`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
}

/** Opens a node's panel (NDV) by double-clicking the node on the canvas. */
export async function openNode(page: Page, name: string): Promise<Locator> {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	return await openedNode(page);
}

export async function closeNode(page: Page): Promise<void> {
	await page.locator('[data-test-id="ndv-close-button"]').click();
	await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
}

/**
 * A new workflow, its nodes panel open for the first step. In the editor, as a user does: the sidebar's "+" → New
 * workflow, which spares the ~7 s a reload of the editor takes. With unsaved changes n8n asks first, and its "Leave
 * without saving" stays on the old workflow (n8n 2.41): New workflow is then chosen again, as a user would.
 */
export async function newWorkflow(page: Page): Promise<void> {
	const addFirstStep = page.locator('[data-test-id="canvas-add-button"]');
	if (new URL(page.url()).pathname.startsWith('/workflow/')) {
		if (await page.locator('[data-test-id="ndv"]').isVisible()) await closeNode(page);
		const leave = page.getByRole('button', { name: 'Leave without saving' });
		for (let attempt = 0; !(await addFirstStep.isVisible()); attempt++) {
			if (attempt === 2) throw new Error('New workflow did not open a new workflow');
			await page.locator('[data-test-id="universal-add"]').click();
			await page
				.locator('[data-test-id="navigation-menu-item"]', { hasText: 'New workflow' })
				.filter({ visible: true })
				.click();
			await addFirstStep.or(leave).first().waitFor();
			if (await leave.isVisible()) {
				await leave.click();
				await leave.waitFor({ state: 'hidden' });
			}
		}
	} else await page.goto('/workflow/new');
	await addFirstStep.click();
	await page.locator('[data-test-id="node-creator"]').waitFor();
}

/**
 * Types `search` in the nodes panel and clicks the entry named one of `names`. The list is drawn again while its
 * results arrive (on a busy machine an entry found can be detached before the click lands), so the search is typed
 * again and the click retried, as a person would look again. An entry may read differently once the search has
 * filtered the list (n8n 2.41: "Trigger manually" in the list of triggers, "Manual Trigger" among search results).
 */
async function pickFromSearch(page: Page, search: string, names: readonly string[]): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		await searchNodes(page, search);
		try {
			await names
				.map((name) => creatorItem(page, name))
				.reduce((either, item) => either.or(item))
				.first()
				.click({ timeout: 20_000 });
			return;
		} catch (error) {
			if (attempt === 3) throw error;
		}
	}
}

/** A new workflow with a Manual Trigger, then the Drafting Workspace action `action` added after it through the nodes panel; its panel opens. */
export async function addAction(page: Page, action: string): Promise<Locator> {
	await newWorkflow(page);
	await pickFromSearch(page, 'Manual', ['Trigger manually', 'Manual Trigger']);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
	await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
	await searchNodes(page, 'Drafting');
	await creatorItem(page, 'Drafting Workspace').click();
	await creatorItem(page, action).click();
	return await openedNode(page);
}

/** A new workflow whose first step is the Drafting Workspace Trigger ("On run completed"), added from the panel; its panel opens. */
export async function addTrigger(page: Page): Promise<Locator> {
	await newWorkflow(page);
	await searchNodes(page, 'Drafting');
	await creatorItem(page, 'Drafting Workspace').click();
	await creatorItem(page, 'On run completed').click();
	const ndv = await openedNode(page);
	await ndv.locator('[data-test-id="parameter-input-events"]').waitFor();
	return ndv;
}

/**
 * A new workflow with n8n's `root` node (an AI Agent or a Basic LLM Chain: n8n adds its chat trigger), then the
 * Drafting Workspace Chat Model added from the root's Model slot, as n8n requires a chat model to be attached;
 * the Chat Model's panel opens. n8n shows an installed community sub-node's details first: "Add to workflow".
 */
export async function addChatModelToChain(page: Page, root: string): Promise<Locator> {
	await newWorkflow(page);
	await searchNodes(page, root);
	await creatorItem(page, root).click();
	await openedNode(page);
	await page.locator('[data-test-id="add-subnode-ai_languageModel-0"]').click();
	await searchNodes(page, 'Drafting');
	await creatorItem(page, 'Drafting Workspace Chat Model').click();
	const ndv = page.locator('[data-test-id="ndv"]');
	const addToWorkflow = page.getByRole('button', { name: 'Add to workflow' });
	await ndv.or(addToWorkflow).first().waitFor();
	if (await addToWorkflow.isVisible()) await addToWorkflow.click();
	await ndv.locator('[data-test-id="resource-locator-model"]').waitFor();
	return ndv;
}

/** Run → Start, fresh from the panel: the workflow picked, Input Mode Text with `text`, Wait for Completion on. */
export async function addStartRun(page: Page, workflow: string, text: string): Promise<void> {
	await addAction(page, 'Start a run');
	await pickResource(page, 'workflowId', workflow);
	await chooseOption(page, 'inputMode', 'Text');
	await page.locator('[data-test-id="parameter-input-inputText"] textarea').fill(text);
	await setSwitch(page, 'waitForCompletion', true);
}
