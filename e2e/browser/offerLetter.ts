// The Employment offer letter in Produce From Template's mapper, as several steps need it: opened fresh from the
// nodes panel, and its required answers given so that n8n lets the step run (it refuses a node with empty
// required fields).
import type { Page } from 'playwright-core';

import { addAction } from './panel';
import { fillMapperField, mapperField, pickResource } from './parameters';

export async function openOfferLetter(page: Page): Promise<void> {
	await addAction(page, 'Produce a document from a template');
	await pickResource(page, 'templateId', 'Employment offer letter');
	await mapperField(page, 'employee.start_date').waitFor();
}

export async function answerOfferLetterRequired(page: Page): Promise<void> {
	await fillMapperField(page, 'employee.name', 'Jordan Lee');
	await fillMapperField(page, 'employee.start_date', '2026-03-01');
	await mapperField(page, 'role').locator('.el-select').first().click();
	await page
		.locator('.el-select-dropdown__item')
		.filter({ visible: true, hasText: /^\s*Counsel\s*$/ })
		.click();
}
