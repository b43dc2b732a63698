// The n8n editor, as a user sees it, with the demo's set-up (see editor.ts): the nodes panel finds the nodes,
// the pickers and field mappers show what the service offers, the credential test explains a wrong key, no red
// error shows before anything is chosen, and the PDF example shows its PDF. Every step saves a screenshot
// (e2e/.artifacts/browser/); five of them are the documentation's pictures (docs/screenshots/).
import type { Page } from 'playwright-core';

import { FIXTURE_IDS, FIXTURE_KEYS, modelsFor } from '../../test/simulator';
import type { JsonSchema } from '../../test/simulator/types';
import { EXAMPLE_WORKFLOWS } from '../lib/demo-setup';
import { screenshot } from './editor';
import {
	addAction,
	closeNode,
	closeNodeCreator,
	creatorItem,
	newWorkflow,
	openNode,
	openWorkflow,
	searchNodes,
} from './panel';
import {
	fillMapperField,
	listResources,
	mapperFields,
	redErrors,
	type ShownField,
} from './parameters';
import {
	ACME,
	hiddenTemplates,
	hiddenWorkflows,
	visibleTemplates,
	visibleWorkflows,
} from './fixtures';
import { browserFile } from './steps';

const file = browserFile('editor');
const { step } = file;
let page: Page;
beforeAll(() => {
	page = file.page;
});

// ---- what the mappers should show, from the simulator's fixtures ---------------------------------------

interface ExpectedField {
	id: string;
	required: boolean;
}

/** A run's input fields: one per property, fixed (readOnly) ones left out, required as the schema says. */
function runFields(schema: JsonSchema): { offered: ExpectedField[]; fixed: string[] } {
	const required = new Set((schema.required as string[] | undefined) ?? []);
	const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
	return {
		offered: properties
			.filter(([, property]) => property.readOnly !== true)
			.map(([id]) => ({ id, required: required.has(id) })),
		fixed: properties.filter(([, property]) => property.readOnly === true).map(([id]) => id),
	};
}

/**
 * A template's answer fields: every leaf by dotted path; fixed ones (readOnly, or inside a fixed object) left
 * out; required when it and every object above it are required, and it has no default.
 */
function templateFieldsOf(schema: JsonSchema): { offered: ExpectedField[]; fixed: string[] } {
	const offered: ExpectedField[] = [];
	const fixed: string[] = [];
	const visit = (
		node: JsonSchema,
		prefix: string,
		parentRequired: boolean,
		parentFixed: boolean,
	) => {
		const required = new Set((node.required as string[] | undefined) ?? []);
		for (const [name, property] of Object.entries(
			(node.properties ?? {}) as Record<string, JsonSchema>,
		)) {
			const path = prefix ? `${prefix}.${name}` : name;
			const isFixed = parentFixed || property.readOnly === true;
			const isRequired = parentRequired && required.has(name);
			if (property.type === 'object' && property.properties)
				visit(property, path, isRequired, isFixed);
			else if (isFixed) fixed.push(path);
			else offered.push({ id: path, required: isRequired && property.default === undefined });
		}
	};
	visit(schema, '', true, false);
	return { offered, fixed };
}

function expectFields(
	shown: ShownField[],
	expected: { offered: ExpectedField[]; fixed: string[] },
): void {
	expect(shown.map((field) => field.id).sort()).toEqual(
		expected.offered.map((field) => field.id).sort(),
	);
	for (const field of expected.offered) {
		const seen = shown.find((entry) => entry.id === field.id);
		expect({ id: field.id, required: seen?.issue === true && seen?.removable === false }).toEqual({
			id: field.id,
			required: field.required,
		});
		expect(seen?.label).toBeTruthy();
	}
	for (const id of expected.fixed) expect(shown.map((field) => field.id)).not.toContain(id);
}

// ---- the scenarios ----------------------------------------------------------------------------------------

step(
	'1 search: typing "Drafting" finds the trigger (first step) and the action node (next step, Action in an app)',
	async () => {
		await newWorkflow(page);
		await searchNodes(page, 'Drafting');
		await creatorItem(page, 'Drafting Workspace').waitFor();
		await screenshot(page, 'search-first-step', 'search');
		// The app's entry lists the trigger's events.
		await creatorItem(page, 'Drafting Workspace').click();
		await creatorItem(page, 'On run completed').waitFor();
		await screenshot(page, 'search-first-step-triggers');
		await creatorItem(page, 'On run completed').click();
		await page.locator('[data-test-id="ndv"]').waitFor();
		await closeNode(page);

		// Next step: the "+" after the trigger.
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
		await page.locator('[data-test-id="node-creator"]').waitFor();
		await searchNodes(page, 'Drafting');
		await creatorItem(page, 'Drafting Workspace').waitFor();
		await screenshot(page, 'search-next-step');
		await creatorItem(page, 'Drafting Workspace').click();
		await creatorItem(page, 'Start a run').waitFor();
		await expect(creatorItem(page, 'Produce a document from a template').count()).resolves.toBe(1);
		await screenshot(page, 'search-next-step-actions');

		// Next step, "Action in an app": the app is listed there too.
		await closeNodeCreator(page);
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
		await creatorItem(page, 'Action in an app').click();
		await page
			.locator('[data-test-id="nodes-list-header"]', { hasText: 'Action in an app' })
			.waitFor();
		await searchNodes(page, 'Drafting');
		await creatorItem(page, 'Drafting Workspace').waitFor();
		await screenshot(page, 'search-action-in-an-app');
		await creatorItem(page, 'Drafting Workspace').click();
		await creatorItem(page, 'Start a run').waitFor();
		await closeNodeCreator(page);
	},
);

step('2 pickers: the Workflow and Template pickers list what the simulator offers', async () => {
	await addAction(page, 'Start a run');
	const workflows = await listResources(page, 'workflowId');
	await screenshot(page, 'workflow-picker');
	expect([...workflows].sort()).toEqual(visibleWorkflows.map((workflow) => workflow.name).sort());
	for (const hidden of hiddenWorkflows) expect(workflows).not.toContain(hidden.name);
	await page.keyboard.press('Escape');
	await closeNode(page);

	await addAction(page, 'Produce a document from a template');
	const templates = await listResources(page, 'templateId');
	await screenshot(page, 'template-picker');
	// A template a person must review, or that needs attention, is named so in the list.
	const marks = (template: (typeof visibleTemplates)[number]) =>
		[
			template.requiresReview && 'review required',
			template.needsAttention && 'needs attention',
		].filter(Boolean);
	expect([...templates].sort()).toEqual(
		visibleTemplates
			.map(
				(template) =>
					`${template.name}${marks(template).length ? ` (${marks(template).join(', ')})` : ''}`,
			)
			.sort(),
	);
	for (const hidden of hiddenTemplates)
		expect(templates.some((name) => name.startsWith(hidden.name))).toBe(false);
	await page.keyboard.press('Escape');
	await closeNode(page);
});

step(
	'3 field mappers: Start Run and Produce From Template show the right fields, required ones marked, fixed ones absent',
	async () => {
		const nda = visibleWorkflows.find((workflow) => workflow.id === FIXTURE_IDS.workflows.inputNda);
		const ndaSchema = nda?.versions.find((version) => version.status === 'active')?.inputSchema;
		if (!nda || !ndaSchema) throw new Error('the NDA drafting fixture has no active input schema');
		await addAction(page, 'Start a run');
		await listResources(page, 'workflowId');
		await page.locator('[data-test-id="rlc-item"]', { hasText: nda.name }).click();
		const runShown = await mapperFields(page);
		expectFields(runShown, runFields(ndaSchema));
		// The documentation's picture shows the mapper in use: the required fields answered, as a user would.
		await fillMapperField(page, 'counterparty', 'Acme Ltd');
		await fillMapperField(page, 'effective_date', '2026-03-01');
		await fillMapperField(page, 'term_months', '24');
		await screenshot(page, 'start-run-mapper', 'start-run-mapper');
		await closeNode(page);

		const offer = visibleTemplates.find((template) => template.id === 'tpl_offer_letter');
		if (!offer) throw new Error('the offer letter fixture is missing');
		await addAction(page, 'Produce a document from a template');
		await listResources(page, 'templateId');
		await page.locator('[data-test-id="rlc-item"]', { hasText: offer.name }).click();
		const templateShown = await mapperFields(page);
		await screenshot(page, 'produce-from-template', 'produce-from-template');
		const expected = templateFieldsOf(offer.inputSchema);
		// The offer letter's fixed fields: the company object (name, signatory) and the workspace's logo.
		expect(expected.fixed.sort()).toEqual(['company.name', 'company.signatory', 'company_logo']);
		expectFields(templateShown, expected);
		await closeNode(page);
	},
);

step(
	'4 chat models: a new Chat Completion lists the models the simulator allows in its Model locator, no error',
	async () => {
		await addAction(page, 'Create a chat completion');
		// The Model is a resource locator: its list loads when opened, after n8n attached the credential.
		const models = await listResources(page, 'model');
		await screenshot(page, 'chat-models');
		expect(models.sort()).toEqual(modelsFor(ACME).sort());
		expect(await page.getByText('Error fetching options').count()).toBe(0);
		await page.keyboard.press('Escape');
		await closeNode(page);
	},
);

step('5 credential: the test passes with the demo key and explains a wrong key', async () => {
	await page.goto('/home/credentials');
	await page.getByText('Drafting Workspace account', { exact: true }).first().click();
	const modal = page.locator('[data-test-id="credential-edit-dialog"]');
	await modal.waitFor();
	// n8n tests a saved credential when it is opened.
	await modal.locator('[data-test-id="credentials-config-container-test-success"]').waitFor();
	await screenshot(page, 'credential-ok');

	const key = modal.locator('[data-test-id="parameter-input-apiKey"] input');
	await key.fill(`dwk_${'x'.repeat(44)}`);
	await page.locator('[data-test-id="credential-save-button"]').click();
	const failure = modal
		.locator('.el-tag--danger')
		.filter({ visible: true, hasText: 'Couldn’t connect with these settings' });
	await failure.waitFor();
	await failure.getByText('More details').click();
	const details = await failure.innerText();
	await screenshot(page, 'credential-wrong-key');
	expect(details).toContain('invalid_api_key');
	expect(details).toMatch(/refused (this|the) API key.*wrong, revoked or expired/);

	// Put the demo key back (saving a credential tests it again).
	await key.fill(FIXTURE_KEYS.full);
	await page.locator('[data-test-id="credential-save-button"]').click();
	await modal
		.locator('[data-test-id="credentials-config-container-test-success"]')
		.filter({ visible: true })
		.waitFor();
	await page.keyboard.press('Escape');
	await modal.waitFor({ state: 'hidden' });
});

step(
	'6 no red errors: Start Run and Produce From Template show no error before a workflow or template is chosen',
	async () => {
		const problems: string[] = [];
		for (const action of ['Start a run', 'Produce a document from a template']) {
			await addAction(page, action);
			// The mapper asks the node for its fields as soon as the panel opens: wait for its answer (the notice).
			await page.locator('[data-test-id="resource-mapper-container"]').waitFor();
			await page.locator('[data-test-id="node-parameters"] [role="alert"]').first().waitFor();
			await screenshot(page, `no-red-${action.split(' ').slice(-1)[0]}`);
			for (const problem of await redErrors(page)) problems.push(`${action}: ${problem}`);
			await closeNode(page);
		}
		expect(problems).toEqual([]);
	},
);

step(
	'7 PDF example: executing it from the editor shows the PDF in the output panel',
	async () => {
		await openWorkflow(page, EXAMPLE_WORKFLOWS.runPdf);
		await page.locator('[data-test-id="execute-workflow-button"]').click();
		const node = page.locator(
			'[data-test-id="canvas-node"][data-node-name="Start Contract Summary"]',
		);
		await node.locator('[data-test-id="canvas-node-status-success"]').waitFor({ timeout: 90_000 });
		await openNode(page, 'Start Contract Summary');
		const output = page.locator('[data-test-id="output-panel"]');
		const binary = output.locator('[data-test-id="ndv-binary-data_0"]');
		if (!(await binary.isVisible()))
			await output.locator('[data-test-id="radio-button-binary"]').click();
		await binary.waitFor();
		const text = await binary.innerText();
		await screenshot(page, 'pdf-output', 'pdf-output');
		expect(text).toContain('contract-summary.pdf');
		expect(text).toContain('application/pdf');
		await closeNode(page);
	},
	180_000,
);

step('8 trigger panel: the Run Finished example opens its trigger panel', async () => {
	await openWorkflow(page, EXAMPLE_WORKFLOWS.runFinished);
	const ndv = await openNode(page, 'Run Finished');
	await ndv.locator('[data-test-id="parameter-input-events"]').waitFor();
	await ndv.locator('[data-test-id="node-credentials-select"]').waitFor();
	await screenshot(page, 'trigger-panel', 'trigger-panel');
	expect(await ndv.locator('[data-test-id="node-parameters"]').innerText()).toContain('Events');
	await closeNode(page);
});
