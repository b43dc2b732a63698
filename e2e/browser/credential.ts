// The credential as a newcomer makes it: from the node's Credential field ("Create new credential"), Base URL and
// API Key typed in n8n's dialog, saved (n8n tests it then), and opened again from the node (n8n tests a saved
// credential when it is opened). Credentials a step made are removed after it, so the next fresh node gets the
// demo's credential again (n8n selects the newest credential of the type for a new node).
import type { Locator, Page } from 'playwright-core';

import { DEMO_CREDENTIAL } from '../lib/demo-setup';
import { waitUntil } from '../lib/waiting';

export interface CredentialTest {
	ok: boolean;
	/** What the dialog says: "Connection tested successfully", or n8n's failure with its "More details" opened. */
	message: string;
}

const dialog = (page: Page) => page.locator('[data-test-id="credential-edit-dialog"]');
const success = (modal: Locator) =>
	modal
		.locator('[data-test-id="credentials-config-container-test-success"]')
		.filter({ visible: true });
const failure = (modal: Locator) =>
	modal
		.locator('.el-tag--danger')
		.filter({ visible: true, hasText: 'Couldn’t connect with these settings' });

/** The dialog's test result once it shows (a failure with its details opened). */
async function testResult(modal: Locator): Promise<CredentialTest> {
	await success(modal).or(failure(modal)).first().waitFor();
	if (await success(modal).isVisible()) {
		// Its Retry button spins while n8n tests; the picture shows it settled.
		await success(modal).getByRole('button', { name: 'Retry' }).waitFor();
		return { ok: true, message: (await success(modal).innerText()).trim() };
	}
	const failed = failure(modal);
	await failed.getByText('More details').click();
	return { ok: false, message: (await failed.innerText()).replace(/\s+/g, ' ').trim() };
}

/** Closes the credential dialog with its × (Escape would close the node's panel too). */
export async function closeCredentialDialog(page: Page): Promise<void> {
	await page
		.locator('.el-dialog__headerbtn[aria-label="Close this dialog"]')
		.filter({ visible: true })
		.last()
		.click();
	await dialog(page).waitFor({ state: 'hidden' });
}

/**
 * In the open node: Credential → Create new credential, Base URL and API Key typed, Save. n8n tests it and, when
 * the test passes, closes the dialog and selects the credential in the node; the dialog is then opened again from
 * the node (the pencil), where n8n tests it once more and shows the result. The dialog is left open.
 */
export async function createCredentialFromNode(
	page: Page,
	baseUrl: string,
	apiKey: string,
): Promise<CredentialTest> {
	await page.locator('[data-test-id="node-credentials-select"]').click();
	await page.locator('[data-test-id="node-credentials-select-item-new"]').click();
	const modal = dialog(page);
	await modal.waitFor();
	await modal.locator('[data-test-id="parameter-input-baseUrl"] input').fill(baseUrl);
	await modal.locator('[data-test-id="parameter-input-apiKey"] input').fill(apiKey);
	await page.locator('[data-test-id="credential-save-button"]').click();
	await waitUntil(
		'the credential dialog to close (test passed) or show the failure',
		async () => !(await modal.isVisible()) || (await failure(modal).isVisible()),
		60_000,
	);
	if (await modal.isVisible()) return await testResult(modal);
	await page.locator('[data-test-id="credential-edit-button"]').click();
	await modal.waitFor();
	return await testResult(modal);
}

/**
 * Removes every credential but the demo's (through n8n's REST API: clean-up, not a user's step), then leaves the
 * editor: its store still lists the removed ones, and a new node would select the newest of those (the next step
 * opens the editor afresh).
 */
export async function removeNewCredentials(page: Page, keep = DEMO_CREDENTIAL.name): Promise<void> {
	const listed = await page.request.get('/rest/credentials');
	const { data } = (await listed.json()) as { data: Array<{ id: string; name: string }> };
	for (const credential of data.filter((entry) => entry.name !== keep)) {
		const removed = await page.request.delete(`/rest/credentials/${credential.id}`);
		if (!removed.ok())
			throw new Error(`DELETE /rest/credentials/${credential.id} answered ${removed.status()}`);
	}
	await page.goto('about:blank');
}
