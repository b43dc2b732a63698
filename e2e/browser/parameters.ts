// The open node's parameters as a user works them: resource locators (From list, By ID), dropdowns, switches,
// collections' "Add option", labels, the field mappers, and what the panel shows in red.
import type { Locator, Page } from 'playwright-core';

import { waitUntil } from '../lib/waiting';

/** Matches an element's whole text, whatever the white space around it. */
export const exactText = (text: string) =>
	new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** A resource locator's "From list" input. */
export const locatorInput = (page: Page, parameter: string) =>
	page.locator(`[data-test-id="resource-locator-${parameter}"] [data-test-id="rlc-input"]`);

/**
 * Opens a resource locator's "From list" dropdown and returns the names it lists. A click that lands while the
 * panel is still settling can leave the dropdown closed: the input is clicked again while no dropdown shows (never
 * while one is open, loading its list). A list the node failed to load fails with the message the dropdown shows.
 */
export async function listResources(page: Page, parameter: string): Promise<string[]> {
	const items = page.locator('[data-test-id="rlc-item"]').filter({ visible: true });
	const dropdown = page
		.locator('[data-test-id="resource-locator-dropdown"]')
		.filter({ visible: true });
	const failure = page.locator('[data-test-id="rlc-error-container"]').filter({ visible: true });
	await waitUntil(
		`the ${parameter} list to show its entries`,
		async () => {
			if ((await items.count()) > 0) return true;
			if ((await failure.count()) > 0)
				throw new Error(
					`The ${parameter} list failed: ${(await failure.first().innerText()).trim()}`,
				);
			if ((await dropdown.count()) === 0) await locatorInput(page, parameter).click();
			await items
				.first()
				.waitFor({ timeout: 3_000 })
				.catch(() => undefined);
			return (await items.count()) > 0;
		},
		60_000,
	);
	return (await items.allInnerTexts()).map((text) => text.trim());
}

/** The entries of the dropdown that is open (n8n's dropdowns are element-plus poppers outside the panel). */
const visibleOptions = (page: Page) =>
	page.locator('.el-select-dropdown__item').filter({ visible: true });

/**
 * Opens a dropdown by clicking `trigger` and returns its entries' names (their first line; a description may
 * follow). A dropdown closed just before fades out for a moment: its entries are gone before this one opens.
 */
async function openDropdown(page: Page, trigger: Locator): Promise<string[]> {
	await visibleOptions(page).first().waitFor({ state: 'hidden' });
	await trigger.click();
	await visibleOptions(page).first().waitFor();
	return (await visibleOptions(page).allInnerTexts()).map((text) =>
		text.trim().split('\n')[0].trim(),
	);
}

/**
 * Closes the open dropdown as a user does, with Escape, and waits until it is gone. On a busy machine the popper can
 * take the first Escape before it is ready for it, so Escape is pressed again while entries still show; it is never
 * pressed once they are gone (an Escape with no dropdown open closes the node's panel).
 */
export async function closeDropdown(page: Page): Promise<void> {
	await escapeUntilGone(page, visibleOptions(page).first(), 'the open dropdown to close');
}

/**
 * Presses Escape while `shown` is visible, waiting a moment after each press, until it is gone: a popper or panel
 * still settling can take an Escape without closing. Never pressed once it is gone (a stray Escape closes more).
 */
export async function escapeUntilGone(page: Page, shown: Locator, what: string): Promise<void> {
	await waitUntil(
		what,
		async () => {
			if (!(await shown.isVisible())) return true;
			await page.keyboard.press('Escape');
			await shown.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
			return !(await shown.isVisible());
		},
		20_000,
	);
}

/** Picks the open dropdown's entry named `option` (`names`: what it lists; `what`: its name for an error). */
export async function pickOption(
	page: Page,
	names: string[],
	option: string,
	what: string,
): Promise<void> {
	if (!names.includes(option)) throw new Error(`${what} offers ${names.join(', ')}, not ${option}`);
	await visibleOptions(page).nth(names.indexOf(option)).click();
}

/** Picks an entry of an options parameter's dropdown by its name. */
export async function chooseOption(page: Page, parameter: string, option: string): Promise<void> {
	await pickOption(
		page,
		await openDropdown(page, page.locator(`[data-test-id="parameter-input-${parameter}"]`)),
		option,
		parameter,
	);
}

/** Turns a boolean parameter's switch on or off. */
export async function setSwitch(page: Page, parameter: string, on: boolean): Promise<void> {
	const toggle = page
		.locator(`[data-test-id="parameter-input-${parameter}"] .el-switch`)
		.filter({ visible: true });
	if ((await toggle.getAttribute('class'))?.includes('is-checked') !== on) await toggle.click();
}

/** A parameter label's own text (n8n's label element also holds the Fixed/Expression toggle). */
const LABEL_TITLE = '[data-test-id="input-label"] label [class*="_title_"]';

/** Everything the node's parameters panel shows, as text. */
export const parametersText = (page: Page) =>
	page.locator('[data-test-id="node-parameters"]').innerText();

/** A visible parameter's label in the node's panel, by its whole text. */
export const parameterLabel = (page: Page, text: string) =>
	page
		.locator(`[data-test-id="node-parameters"] ${LABEL_TITLE}`)
		.filter({ visible: true, hasText: exactText(text) });

/**
 * A parameter's description, as n8n shows it: the tooltip of the info icon that appears when its label is hovered.
 * Returns the tooltip's text, found by how it starts (`begins`), outside the node's panel.
 */
export async function labelTooltip(page: Page, label: string, begins: string): Promise<string> {
	const title = page.locator('label [class*="_title_"]', { hasText: exactText(label) }); // inside the container
	const container = page
		.locator('[data-test-id="node-parameters"] [data-test-id="input-label"]')
		.filter({ visible: true, has: title });
	await container.hover();
	await container.locator('[class*="infoIcon"], [class*="info-icon"], svg').last().hover();
	const tooltip = page.getByText(begins).filter({ visible: true }).last();
	await tooltip.waitFor({ timeout: 10_000 });
	const [text, inPanel] = await tooltip.evaluate(
		(element) =>
			[
				element.textContent ?? '',
				element.closest('[data-test-id="node-parameters"]') !== null,
			] as const,
	);
	if (inPanel) throw new Error(`"${begins}…" is in the node's panel, not in ${label}'s tooltip`);
	return text;
}

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
		for (const options of root.querySelectorAll(
			'[data-test-id$="-parameter-input-options-container"]',
		)) {
			const match = /^value\["(.+)"\]-parameter-input-options-container$/.exec(
				options.getAttribute('data-test-id') ?? '',
			);
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
	page.locator('[data-test-id="mapping-fields-container"] .parameter-item', {
		has: page.locator(`label[for='value["${id}"]']`),
	});

/**
 * Mapper labels the node adds a rule to (a parenthesis) whose text does not fit: the label, or any element in it,
 * wider inside than out. A service's own long title is cut by n8n as any label is.
 */
export async function cutMapperLabels(page: Page): Promise<string[]> {
	return await page.locator('[data-test-id="mapping-fields-container"]').evaluate((root) => {
		const cut: string[] = [];
		for (const label of root.querySelectorAll('label[for^="value["]')) {
			const elements = [label, ...label.querySelectorAll('*')] as HTMLElement[];
			const title = label.textContent?.trim() ?? '';
			if (
				title.includes('(') &&
				elements.some((element) => element.scrollWidth > element.clientWidth + 1)
			)
				cut.push(title);
		}
		return cut;
	});
}

/** What input n8n gives each mapper field: a date picker, a dropdown, a switch, or a text box. */
export async function mapperFieldKinds(page: Page, ids: string[]): Promise<Record<string, string>> {
	const kinds: Record<string, string> = {};
	for (const id of ids) {
		const field = mapperField(page, id);
		const has = async (selector: string) => (await field.locator(selector).count()) > 0;
		kinds[id] = (await has('.el-date-editor'))
			? 'date'
			: (await has('.el-select'))
				? 'dropdown'
				: (await has('.el-switch'))
					? 'switch'
					: 'text';
	}
	return kinds;
}

/** Types a value into one mapper field. */
export async function fillMapperField(page: Page, id: string, value: string): Promise<void> {
	const input = mapperField(page, id).locator('input').first();
	await input.fill(value);
	await input.evaluate((element) => (element as HTMLInputElement).blur());
}

/** Opens one mapper field's dropdown and returns the names it lists; the dropdown is left open (pick with `pickOption`). */
export async function mapperFieldOptions(page: Page, id: string): Promise<string[]> {
	return await openDropdown(page, mapperField(page, id).locator('.el-select').first());
}

/**
 * Gives one mapper field an expression as a user does: the field's Fixed/Expression toggle (shown on hover) set
 * to Expression (once), then the expression editor's text replaced by `text`, a literal text (no `{{ }}`). n8n
 * takes an expression's text a moment after the typing (the hint under the field shows the value it holds), so
 * this returns once that hint reads `text`: a step executed before would run with the previous value.
 */
export async function expressionInMapperField(page: Page, id: string, text: string): Promise<void> {
	const field = mapperField(page, id);
	const editor = field.locator('.cm-content').first();
	if ((await editor.count()) === 0) {
		await field.hover();
		await page
			.locator(
				`[data-test-id='value["${id}"]-parameter-input-options-container'] [data-test-id="radio-button-expression"]`,
			)
			.click();
	}
	await editor.click();
	await page.keyboard.press('ControlOrMeta+a');
	await page.keyboard.insertText(text);
	// Left, the editor's result pop-up closes and the field's own hint below it shows the value n8n holds.
	await editor.evaluate((element) => (element as HTMLElement).blur());
	// The hint is the field's next sibling in the mapper, not inside it: the text shows twice there, typed and held
	// (the editor's spaces are no-break spaces).
	const mapper = page.locator('[data-test-id="mapping-fields-container"]');
	const shown = (all: string) => all.split(text).length - 1;
	await waitUntil(
		`the ${id} field's hint to read "${text}"`,
		async () => shown((await mapper.innerText()).replace(/\u00a0/g, ' ')) >= 2,
		10_000,
	);
}

/** Red error styling in the node's parameter panel: parameter issues, danger texts, inputs in error. */
export async function redErrors(page: Page): Promise<string[]> {
	return await page.locator('[data-test-id="node-parameters"]').evaluate((root) => {
		const found: string[] = [];
		const selectors = [
			'[data-test-id="parameter-issues"]',
			'[class*="_danger_"]',
			'[class*="hasIssues"]',
			'.has-issues',
			'.is-error',
			'[data-test-id="rlc-error-container"]',
		];
		for (const element of root.querySelectorAll(selectors.join(','))) {
			const box = (element as HTMLElement).getBoundingClientRect();
			if (box.width === 0 && box.height === 0) continue;
			const label = element
				.closest('[data-test-id="parameter-item"]')
				?.querySelector('label')
				?.textContent?.trim();
			const text = element.textContent?.replace(/\s+/g, ' ').trim().slice(0, 160);
			found.push(
				`${label ? `${label}: ` : ''}${text || element.getAttribute('data-test-id') || element.className}`,
			);
		}
		return [...new Set(found)];
	});
}

/** A text parameter set to a fixed value, as a user pastes one: switched from an expression to Fixed first. */
export async function pasteFixed(page: Page, parameter: string, value: string): Promise<void> {
	const field = page.locator(`[data-test-id="parameter-input-${parameter}"]`);
	await field.hover();
	await page
		.locator(
			`[data-test-id="${parameter}-parameter-input-options-container"] [data-test-id="radio-button-fixed"]`,
		)
		.click();
	await field.locator('input, textarea').first().fill(value);
}

/** Switches a resource locator to a mode ("By ID", "From list") unless it is in it already. */
export async function locatorMode(page: Page, parameter: string, name: string): Promise<void> {
	const mode = page.locator(
		`[data-test-id="resource-locator-${parameter}"] [data-test-id="rlc-mode-selector"] input`,
	);
	if ((await mode.inputValue()).toLowerCase() === name.toLowerCase()) return;
	await mode.click();
	await page
		.locator('.el-select-dropdown__item')
		.filter({ visible: true, hasText: new RegExp(`^\\s*${name}\\s*$`, 'i') })
		.click();
}

/** A resource locator set By ID (switched to it when in another mode), the id entered and the field left. */
export async function locatorById(page: Page, parameter: string, id: string): Promise<void> {
	const locator = page.locator(`[data-test-id="resource-locator-${parameter}"]`);
	await locatorMode(page, parameter, 'By ID');
	// n8n re-renders the field when its mode changes and may drop what was typed meanwhile: entered until it stays.
	const input = locator.locator('input').last();
	for (let attempt = 0; attempt < 3 && (await input.inputValue()) !== id; attempt++) {
		await input.click();
		await page.keyboard.press('ControlOrMeta+a');
		await page.keyboard.insertText(id);
		await page.keyboard.press('Tab');
	}
	const entered = await input.inputValue();
	if (entered !== id) throw new Error(`the ${parameter} locator holds "${entered}", not "${id}"`);
}

/** A collection's "Add option" button, by the collection's label (e.g. "Options", "Wait Options"). */
const addOptionButton = (page: Page, collection: string) =>
	page
		.locator('[data-test-id="parameter-item"]')
		.filter({ has: page.locator(LABEL_TITLE, { hasText: exactText(collection) }) })
		.locator('[data-test-id="collection-parameter-add"]')
		.first();

/** The names a collection's "Add option" list offers (the list is left open). */
export async function collectionOptions(page: Page, collection: string): Promise<string[]> {
	return await openDropdown(page, addOptionButton(page, collection));
}
