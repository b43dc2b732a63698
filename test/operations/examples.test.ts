/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Every example workflow (examples/*.json) and every workflow snippet of README.md and docs/*.md, run as it is through n8n's engine against the simulator: each one succeeds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { HOST_DIR } from '../../e2e/lib/host';
import {
	TRIGGER_TYPE,
	credentialFor,
	registerNodeTypes,
	runWorkflow,
	type WorkflowJson,
} from '../harness';
import { PollHarness } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../simulator';
import { useIntegrationContext } from '../integration/support';

const ROOT = join(__dirname, '..', '..');
// As the demo's n8n is set up (e2e/lib/demo-setup.ts): n8n's file nodes may read the examples' data folder.
process.env.N8N_RESTRICT_FILE_ACCESS_TO = join(ROOT, 'examples', 'data');
const ctx = useIntegrationContext({ runTimeScale: 0.05, sseHeartbeatMs: 200, chatChunkDelayMs: 0 });

/** The files are read when the tests run, so the test covers whatever snippets the docs hold today. */
function workflows(): Array<[string, WorkflowJson]> {
	const found: Array<[string, WorkflowJson]> = readdirSync(join(ROOT, 'examples'))
		.filter((name) => name.endsWith('.json'))
		.map((name) => [
			`examples/${name}`,
			JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')) as WorkflowJson,
		]);
	const docs = [
		'README.md',
		...readdirSync(join(ROOT, 'docs'))
			.filter((name) => name.endsWith('.md'))
			.map((name) => `docs/${name}`),
	];
	for (const doc of docs) {
		const blocks = [
			...readFileSync(join(ROOT, doc), 'utf8').matchAll(/```json\r?\n([\s\S]*?)```/g),
		].map((match) => match[1]);
		blocks.forEach((block, index) => {
			if (!/"nodes"\s*:/.test(block)) return;
			found.push([`${doc}, JSON block ${index + 1}`, JSON.parse(block) as WorkflowJson]);
		});
	}
	return found;
}

/** n8n's own nodes the examples use, from the n8n the e2e host installs (`npm run e2e:host`), as the benchmarks load them. */
const N8N_NODES: Record<string, [string, string]> = {
	'n8n-nodes-base.readWriteFile': [
		'n8n-nodes-base/dist/nodes/Files/ReadWriteFile/ReadWriteFile.node.js',
		'ReadWriteFile',
	],
	'n8n-nodes-base.extractFromFile': [
		'n8n-nodes-base/dist/nodes/Files/ExtractFromFile/ExtractFromFile.node.js',
		'ExtractFromFile',
	],
	'n8n-nodes-base.set': ['n8n-nodes-base/dist/nodes/Set/Set.node.js', 'Set'],
	'n8n-nodes-base.noOp': ['n8n-nodes-base/dist/nodes/NoOp/NoOp.node.js', 'NoOp'],
	'n8n-nodes-base.stickyNote': [
		'n8n-nodes-base/dist/nodes/StickyNote/StickyNote.node.js',
		'StickyNote',
	],
	'@n8n/n8n-nodes-langchain.chainLlm': [
		'@n8n/n8n-nodes-langchain/dist/nodes/chains/ChainLLM/ChainLlm.node.js',
		'ChainLlm',
	],
};

function registerN8nNodes(workflow: WorkflowJson): void {
	for (const { type } of workflow.nodes) {
		const entry = N8N_NODES[type];
		if (!entry) continue;
		const file = join(HOST_DIR, 'node_modules', entry[0]);
		if (!existsSync(file))
			throw new Error(`${type} comes from n8n itself: install it with npm run e2e:host`);
		const module = require(file) as Record<string, new () => INodeType | IVersionedNodeType>;
		registerNodeTypes({ [type]: { type: new module[entry[1]](), sourcePath: '' } });
	}
}

/** The workflow with every credential pointed at the simulator's account. */
function onSimulator(workflow: WorkflowJson): WorkflowJson {
	const nodes = workflow.nodes.map((node) =>
		node.credentials
			? {
					...node,
					credentials: {
						draftingWorkspaceApi: { id: 'cred-1', name: 'Drafting Workspace account' },
					},
				}
			: node,
	);
	return { ...workflow, nodes };
}

/** A trigger workflow: the trigger polls once to set its start, a run finishes, the next poll fires with it. */
async function fireTrigger(parameters: IDataObject): Promise<void> {
	const trigger = await PollHarness.create(parameters, {
		baseUrl: ctx.url,
		apiKey: FIXTURE_KEYS.full,
	});
	expect((await trigger.poll()).error).toBeUndefined();
	await new Promise((resolve) => setTimeout(resolve, 20));
	runAdmin(ctx.sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: new Date().toISOString(),
		},
	]);
	const fired = await trigger.poll();
	expect(fired.error).toBeUndefined();
	expect(fired.items?.length).toBeGreaterThan(0);
}

it.each(workflows())('%s executes with the one node version', async (_label, workflow) => {
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE);
	if (trigger) return await fireTrigger(trigger.parameters as IDataObject);
	registerN8nNodes(workflow);
	const result = await runWorkflow(onSimulator(workflow), {
		credentials: [credentialFor(ctx.url, FIXTURE_KEYS.full)],
	});
	ctx.record(result);
	const errors = Object.entries(result.run.data.resultData.runData).flatMap(([node, runs]) =>
		runs.filter((run) => run.error).map((run) => `${node}: ${run.error?.message}`),
	);
	expect({ status: result.status, errors }).toEqual({ status: 'success', errors: [] });
});
