/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { ACTION_NODE, type HarnessRun } from '../harness';
import { FIXTURE_IDS, TEMPLATE_IDS, runAdmin, type RequestLogEntry } from '../simulator';
import { byId, items, type IntegrationContext } from '../integration/support';

/** What the operation files share: the parameters they start from and the simulator requests they look at. */

export const wf = FIXTURE_IDS.workflows;
export const steps = FIXTURE_IDS.steps;
/** The second Drafting Workspace node of a chain. */
export const SECOND = `${ACTION_NODE} 2`;
/** Wait options that follow a run closely and give it a minute. */
export const fast = { waitOptions: { checkInterval: 1, timeout: 60 } };
/** The result text of a finished "Contract summary" run. */
export const SUMMARY = 'Summary: a two-year supply agreement with a 90-day termination notice.';

/** A resource mapper's value as the editor saves it. */
export const mapper = (value: IDataObject | null, mappingMode = 'defineBelow') => ({
	mappingMode,
	value,
	matchingColumns: [],
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

/** Start Run parameters for a workflow that starts with an agent step. */
export const startText = (
	workflowId: string,
	text = 'Supply agreement between Acme and Initech…',
	extra: IDataObject = {},
) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(workflowId),
	inputMode: 'text',
	inputText: text,
	...extra,
});

/** Start Run with Wait for Completion, following closely, for a workflow that starts with an agent step. */
export const startAndWait = (workflowId: string, extra: IDataObject = {}) =>
	startText(workflowId, 'A contract to extract clauses from', {
		waitForCompletion: true,
		...fast,
		...extra,
	});

/** Start Run for the NDA workflow through the field mapper. */
export const startNda = (value: IDataObject, extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.inputNda),
	inputMode: 'fields',
	inputFields: mapper(value),
	...extra,
});

export const waitFor = (runId: string, extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'wait',
	runId: byId(runId),
	...extra,
});

/** Produce From Template with the answers given in the mapper. */
export const produce = (
	answers: IDataObject,
	extra: IDataObject = {},
	templateId: string = TEMPLATE_IDS.offerLetter,
) => ({
	resource: 'document',
	operation: 'produce',
	templateId: byId(templateId),
	answers: mapper(answers),
	...extra,
});

/** The offer letter's required answers. */
export const REQUIRED = { 'employee.name': 'Jordan Lee', 'employee.start_date': '2026-03-01' };

/** Seeds "source.md" (the text "# Source terms\n") as a ready input document of the full key's workspace. */
export const seedSourceDocument = (ctx: IntegrationContext) =>
	runAdmin(ctx.sim).seedInputDocument({
		keyId: FIXTURE_IDS.keys.full,
		filename: 'source.md',
		contentType: 'text/markdown',
		data: Buffer.from('# Source terms\n').toString('base64'),
	});

/** The bytes of an item's binary field. */
export function binaryBytes(item: INodeExecutionData, property = 'data'): Buffer {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`no binary property ${property}`);
	return Buffer.from(binary.data, 'base64');
}

/** Runs Start Run and gives the run's ID. */
export async function startRun(
	ctx: IntegrationContext,
	parameters: IDataObject,
	key: Parameters<IntegrationContext['run']>[1] = 'full',
): Promise<string> {
	const result = await ctx.run(parameters, key);
	expect(result.status).toBe('success');
	const runId = items(result)[0].runId;
	expect(typeof runId).toBe('string');
	return runId as string;
}

/** The requests the simulator received with this method on this path (a string for one path, a pattern for many). */
export function requestsTo(
	ctx: IntegrationContext,
	method: string,
	path: string | RegExp,
): RequestLogEntry[] {
	return ctx.sim.admin
		.requests()
		.filter(
			(entry) =>
				entry.method === method &&
				(typeof path === 'string' ? entry.path === path : path.test(entry.path)),
		);
}

/** The bodies of the Start Run requests the service received. */
export function startBodies(ctx: IntegrationContext): IDataObject[] {
	return requestsTo(ctx, 'POST', '/workflows/runs').map(
		(entry) => entry.requestBody as IDataObject,
	);
}

/** The bodies of the Produce From Template requests the service received. */
export function produceBodies(ctx: IntegrationContext): IDataObject[] {
	return requestsTo(ctx, 'POST', /\/documents$/).map((entry) => entry.requestBody as IDataObject);
}

/** The rendered PDF of a "Contract summary" run in the one file shape. */
export function summaryPdf(
	ctx: IntegrationContext,
	runId: string,
	size: number,
	downloaded = true,
): IDataObject {
	return {
		name: 'contract-summary.pdf',
		format: 'pdf',
		mimeType: 'application/pdf',
		size,
		url: `${ctx.url}/workflows/runs/${runId}/files/${steps.agentSummary.render}/download`,
		...(downloaded ? { binaryProperty: 'data' } : {}),
		stepId: steps.agentSummary.render,
	};
}

/** Polls until the condition holds (the simulator's state, never a duration to assert). */
export async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('condition not reached in time');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

/** Document → Download through a produced document's own link. */
export const downloadDocument = (links: IDataObject, format: string, extra: IDataObject = {}) => ({
	resource: 'document',
	operation: 'download',
	documentLink: String(links.document),
	format,
	...extra,
});

/** A finished "Contract summary" run, its file not downloaded. */
export const finishedRun = (ctx: IntegrationContext) =>
	startRun(
		ctx,
		startText(wf.agentSummary, undefined, {
			waitForCompletion: true,
			downloadFiles: false,
			...fast,
		}),
	);

/** The text a streaming execution relayed with sendChunk, after checking it began and ended as n8n's chunks do. */
export function relayedText(result: HarnessRun): string[] {
	expect(result.status).toBe('success');
	const types = result.chunks.map((chunk) => chunk.type);
	expect(types[0]).toBe('begin');
	expect(types[types.length - 1]).toBe('end');
	return result.chunks
		.filter((chunk) => chunk.type === 'item')
		.map((chunk) => String(chunk.content));
}

/** Workflow → Get with one item per ID, Continue On Fail on (the regular output). */
export const getEachWorkflow = (ctx: IntegrationContext, ids: string[]) =>
	ctx.run({ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.id }}') }, 'full', {
		onError: 'continueRegularOutput',
		items: ids.map((id) => ({ json: { id } })),
	});
