/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// What a user does in the editor, shared by the browser test files: the nodes panel (search, add a node as a user
// does), resource locators' lists, the field mappers, and what the node's parameter panel shows in red.
import type { Locator, Page } from 'playwright-core';

/** Matches an element's whole text, whatever the white space around it. */
export const exactText = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** A nodes-panel entry by its whole name ("Drafting Workspace" is not "Drafting Workspace Chat Model"). */
export const creatorItem = (page: Page, name: string) => page.locator('[data-test-id="node-creator-item-name"]', { hasText: exactText(name) });

export async function searchNodes(page: Page, text: string): Promise<void> {
  await page.locator('[data-test-id="node-creator-search-bar"]').fill(text);
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
      await page.locator('[data-test-id="navigation-menu-item"]', { hasText: 'New workflow' }).filter({ visible: true }).click();
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

/** A new workflow with a Manual Trigger, then the Drafting Workspace action `action` added after it through the nodes panel; its panel opens. */
export async function addAction(page: Page, action: string): Promise<Locator> {
  await newWorkflow(page);
  await searchNodes(page, 'Manual');
  await creatorItem(page, 'Trigger manually').click();
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

/** A resource locator's "From list" input. */
export const locatorInput = (page: Page, parameter: string) => page.locator(`[data-test-id="resource-locator-${parameter}"] [data-test-id="rlc-input"]`);

/** Opens a resource locator's "From list" dropdown and returns the names it lists. */
export async function listResources(page: Page, parameter: string): Promise<string[]> {
  await locatorInput(page, parameter).click();
  const items = page.locator('[data-test-id="rlc-item"]').filter({ visible: true });
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((text) => text.trim());
}

/** Opens an options parameter's dropdown and returns what it lists: each entry's name (its first line; a description may follow). */
export async function dropdownOptions(page: Page, parameter: string): Promise<string[]> {
  await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
  const options = page.locator('.el-select-dropdown__item').filter({ visible: true });
  await options.first().waitFor();
  return (await options.allInnerTexts()).map((text) => text.trim().split('\n')[0].trim());
}

/** Picks an entry of an options parameter's dropdown by its name, as a user does. */
export async function chooseOption(page: Page, parameter: string, option: string): Promise<void> {
  const names = await dropdownOptions(page, parameter);
  if (!names.includes(option)) throw new Error(`${parameter} offers ${names.join(', ')}, not ${option}`);
  await page.locator('.el-select-dropdown__item').filter({ visible: true }).nth(names.indexOf(option)).click();
}

/** Turns a boolean parameter's switch on or off. */
export async function setSwitch(page: Page, parameter: string, on: boolean): Promise<void> {
  const toggle = page.locator(`[data-test-id="parameter-input-${parameter}"] .el-switch`).filter({ visible: true });
  if ((await toggle.getAttribute('class'))?.includes('is-checked') !== on) await toggle.click();
}

/** A parameter label's own text (n8n's label element also holds the Fixed/Expression toggle). */
export const LABEL_TITLE = '[data-test-id="input-label"] label [class*="_title_"]';

/** A visible parameter's label in the node's panel, by its whole text. */
export const parameterLabel = (page: Page, text: string) =>
  page.locator(`[data-test-id="node-parameters"] ${LABEL_TITLE}`).filter({ visible: true, hasText: exactText(text) });

/** Opens a locator's list and picks the entry whose name contains `name`. */
export async function pickResource(page: Page, parameter: string, name: string): Promise<void> {
  await listResources(page, parameter);
  await page.locator('[data-test-id="rlc-item"]', { hasText: name }).click();
}

export interface ShownField {
  id: string;
  label: string;
  /** n8n marks a required mapper field with a parameter issue while empty, and offers no button to remove it. */
  issue: boolean;
  removable: boolean;
}

/** The fields the resource mapper shows: id (from the inputs' test ids), label, issue marker, remove button. */
export async function mapperFields(page: Page): Promise<ShownField[]> {
  const container = page.locator('[data-test-id="mapping-fields-container"]');
  await container.waitFor();
  return await container.evaluate((root) => {
    const fields: Array<{ id: string; label: string; issue: boolean; removable: boolean }> = [];
    for (const options of root.querySelectorAll('[data-test-id$="-parameter-input-options-container"]')) {
      const match = /^value\["(.+)"\]-parameter-input-options-container$/.exec(options.getAttribute('data-test-id') ?? '');
      if (!match) continue;
      const id = match[1];
      const item = options.closest('.parameter-item') ?? options.parentElement;
      const label = root.querySelector(`label[for='value["${id}"]']`)?.textContent?.trim() ?? '';
      fields.push({
        id,
        label,
        issue: !!item?.querySelector('[data-test-id="parameter-issues"]'),
        removable: !!root.querySelector(`[data-test-id="remove-field-button-${id}"]`),
      });
    }
    return fields;
  });
}

/** One mapper field's row, found by its label's `for` (n8n's `value["<id>"]`). */
export const mapperField = (page: Page, id: string) =>
  page.locator('[data-test-id="mapping-fields-container"] .parameter-item', { has: page.locator(`label[for='value["${id}"]']`) });

/** Types a value into one mapper field. */
export async function fillMapperField(page: Page, id: string, value: string): Promise<void> {
  const input = mapperField(page, id).locator('input').first();
  await input.fill(value);
  await input.evaluate((element) => (element as HTMLInputElement).blur());
}

/** Red error styling in the node's parameter panel: parameter issues, danger texts, inputs in error. */
export async function redErrors(page: Page): Promise<string[]> {
  return await page.locator('[data-test-id="node-parameters"]').evaluate((root) => {
    const found: string[] = [];
    const selectors = ['[data-test-id="parameter-issues"]', '[class*="_danger_"]', '[class*="hasIssues"]', '.has-issues', '.is-error', '[data-test-id="rlc-error-container"]'];
    for (const element of root.querySelectorAll(selectors.join(','))) {
      const box = (element as HTMLElement).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const label = element.closest('[data-test-id="parameter-item"]')?.querySelector('label')?.textContent?.trim();
      const text = element.textContent?.replace(/\s+/g, ' ').trim().slice(0, 160);
      found.push(`${label ? `${label}: ` : ''}${text || element.getAttribute('data-test-id') || element.className}`);
    }
    return [...new Set(found)];
  });
}
