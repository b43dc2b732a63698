/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The version matrix: on every n8n the package claims (e2e/matrix/hosts.ts), the packed tarball is installed as a
// community package, the node types n8n offers are read back, and the essentials run against the simulator. Each
// test's title is a column of the table that `npm run test:matrix` writes into the READMEs (table.ts), from
// Jest's own results: a cell says passed only if its test passed. The hosts are shared between two test files
// (hostsOfFile), which Jest runs at once: two n8n side by side, as the e2e suite runs them.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { FIXTURE_IDS } from '../../test/simulator';
import { readHost, REPO_DIR, type N8nHost } from '../lib/host';
import { sleep, waitUntil } from '../lib/waiting';
import { loadWorkflow, useCredential, type WorkflowJson } from '../lib/workflows';
import { E2EContext } from '../tests/support';
import { aiNodeSdkVersion, matrixEntries, type MatrixEntry } from './hosts';
import { ESSENTIALS, FACTS_DIR, PACKAGE_NODE_TYPES, type HostFacts } from './table';

const PACKAGE = 'n8n-nodes-drafting-workspace';
const TRIGGER_WORKFLOW = 'dwE2ERunFinished';
const STATIC_KEY = 'node:Run Finished';
const CHAT_MODEL_ERROR =
	'This n8n cannot run the Drafting Workspace Chat Model: it needs n8n 2.16.0 or later';

/** Chat Completion asked for JSON matching a schema (structured output), from the e2e workflow. */
function structuredChat(): WorkflowJson {
	const workflow = loadWorkflow('chat-completion');
	const node = workflow.nodes.find((entry) => entry.name === 'Ask the Model')!;
	node.parameters.messages = {
		values: [
			{
				role: 'user',
				content: 'Jordan Lee starts as Senior Counsel on 2026-03-01 with a salary of 98000.',
			},
		],
	};
	Object.assign(node.parameters, {
		responseFormat: 'jsonSchema',
		schemaName: 'employee',
		jsonSchema: JSON.stringify({
			type: 'object',
			properties: {
				employeeName: { type: 'string' },
				startDate: { type: 'string', format: 'date' },
				salary: { type: 'number' },
			},
			required: ['employeeName', 'startDate', 'salary'],
			additionalProperties: false,
		}),
	});
	return { ...workflow, id: 'dwMatrixStructuredChat', name: 'Matrix: structured chat' };
}

/** The Basic LLM Chain at 1.7, the newest version n8n 1.123 and 2.0 have (the e2e workflow uses 2.41's 1.9). */
function chainWorkflow(): WorkflowJson {
	const workflow = loadWorkflow('chat-model-chain');
	for (const node of workflow.nodes)
		if (node.type === '@n8n/n8n-nodes-langchain.chainLlm') node.typeVersion = 1.7;
	return workflow;
}

/** The workflows of examples/ (what users import). */
function exampleWorkflows(): WorkflowJson[] {
	const dir = join(REPO_DIR, 'examples');
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as WorkflowJson);
}

/** The package's node types and credential types in what the editor loads (`n8n start` writes them for it). */
function offeredTypes(userFolder: string): Pick<HostFacts, 'nodes' | 'credentials'> {
	const read = (file: string) =>
		JSON.parse(
			readFileSync(join(userFolder, '.cache', 'n8n', 'public', 'types', file), 'utf8'),
		) as Array<{ name: string }>;
	return {
		nodes: read('nodes.json')
			.map((type) => type.name)
			.filter((name) => name.startsWith(`${PACKAGE}.`))
			.sort(),
		credentials: read('credentials.json')
			.map((type) => type.name)
			.filter((name) => name === 'draftingWorkspaceApi'),
	};
}

/** The matrix's test files and, for file `file` of them, its share of the hosts: every other one, oldest first. */
const MATRIX_FILES = 2;
const hostsOfFile = (file: number): MatrixEntry[] =>
	matrixEntries().filter((_, index) => index % MATRIX_FILES === file);

/** The essentials in each host of test file `file` (0 or 1). */
export const describeMatrixHosts = (file: number) =>
	describe.each(hostsOfFile(file))('n8n $version', ({ version, dir }) => {
		const ctx = new E2EContext();
		let host: N8nHost;
		let sdk: string | undefined;
		const facts: Partial<HostFacts> = { version };

		beforeAll(async () => {
			host = readHost(dir);
			sdk = aiNodeSdkVersion(host);
			Object.assign(facts, { nodeVersion: host.nodeVersion, sdk: sdk ?? null });
			await ctx.start({ runTimeScale: 0.1, chatChunkDelayMs: 0 }, {}, host);
			const [full, full2] = await ctx.importCredentials('full', 'full2');
			const trigger = useCredential(
				useCredential(loadWorkflow('run-finished-trigger'), full, ['Run Finished']),
				full2,
				['Read Run'],
			);
			await ctx.n8n.importWorkflows([
				...[
					loadWorkflow('run-start-and-download'),
					loadWorkflow('produce-offer-letter-pdf'),
					structuredChat(),
					chainWorkflow(),
				].map((workflow) => useCredential(workflow, full)),
				trigger,
			]);
		});

		afterAll(async () => {
			await ctx.stop();
			mkdirSync(FACTS_DIR, { recursive: true });
			writeFileSync(join(FACTS_DIR, `${version}.json`), `${JSON.stringify(facts, null, 2)}\n`);
		});

		it(ESSENTIALS.loaded, async () => {
			await ctx.n8n.start();
			await ctx.n8n.stop();
			Object.assign(facts, offeredTypes(ctx.n8n.userFolder));
			expect(facts.nodes).toEqual(PACKAGE_NODE_TYPES.map((name) => `${PACKAGE}.${name}`).sort());
			expect(facts.credentials).toEqual(['draftingWorkspaceApi']);
			// Nothing of the package failed to load (n8n logs the module error, not the package's name).
			expect(ctx.n8n.serverLog()).not.toMatch(/Cannot find module|could not be loaded/i);
		});

		it(ESSENTIALS.startWaitPdf, async () => {
			const result = (await ctx.execute('dwE2ERunAndDownload')).expectSuccess();
			const [finished] = result.items('Start Contract Summary');
			expect(finished.json).toMatchObject({
				workflowId: FIXTURE_IDS.workflows.agentSummary,
				status: 'Completed',
				wait: { outcome: 'finished' },
			});
			const [downloaded] = result.items('Download Rendered PDF');
			expect(ctx.n8n.readBinary(downloaded.binary?.data).subarray(0, 5).toString('latin1')).toBe(
				'%PDF-',
			);
		});

		it(ESSENTIALS.produce, async () => {
			const result = (await ctx.execute('dwE2EProduceOfferPdf')).expectSuccess();
			const [item] = result.items('Produce Offer Letter');
			expect(item.json).toMatchObject({ status: 'assembled', templateId: 'tpl_offer_letter' });
			const pdf = ctx.n8n.readBinary(item.binary?.data);
			expect(
				pdf.equals(await ctx.bytes(`/documents/${String(item.json.documentId)}/content/pdf`)),
			).toBe(true);
		});

		it(ESSENTIALS.chat, async () => {
			const result = (await ctx.execute('dwMatrixStructuredChat')).expectSuccess();
			const [item] = result.items('Ask the Model');
			expect(item.json).toEqual({
				employeeName: expect.any(String),
				startDate: expect.any(String),
				salary: expect.any(Number),
			});
		});

		it(ESSENTIALS.trigger, async () => {
			const history = ctx.seedHistoryRun();
			await ctx.n8n.publishWorkflow(TRIGGER_WORKFLOW);
			await ctx.n8n.start();
			await waitUntil(
				'the trigger state in the static data',
				() =>
					(
						ctx.n8n.readStaticData(TRIGGER_WORKFLOW)?.[STATIC_KEY] as
							| { state?: unknown }
							| undefined
					)?.state,
				30_000,
			);
			await ctx.n8n.stop();
			const runId = await ctx.completedSummaryRun();
			const reads = () =>
				ctx.sim.admin.requests().filter((entry) => entry.keyId === FIXTURE_IDS.keys.full2);
			await ctx.n8n.start();
			await waitUntil('the Read Run node to read the run', () => reads().length > 0, 60_000);
			await sleep(3000); // room for a second (wrong) firing
			await ctx.n8n.stop();
			expect(reads().map((entry) => [entry.method, entry.path, entry.status])).toEqual([
				['GET', `/workflows/runs/${runId}`, 200],
			]);
			expect(reads().some((entry) => entry.path.endsWith(history))).toBe(false);
		});

		it(ESSENTIALS.chatModel, async () => {
			const { value: result, requests } = await ctx.requestsDuring(() =>
				ctx.execute('dwE2EChatModelChain'),
			);
			if (sdk) {
				const [item] = result.expectSuccess().items('Basic LLM Chain');
				expect(item.json.text).toMatch(
					/ answer: Summarise the termination clause of the supply agreement\. \(following the system instructions\)$/,
				);
			} else {
				// Without the SDK: the chain fails with the node's plain words, and nothing reaches the service.
				expect(result.ok).toBe(false);
				expect(JSON.stringify(result.error() ?? {})).toContain(CHAT_MODEL_ERROR);
				expect(result.stdout).toContain(CHAT_MODEL_ERROR);
				expect(requests.filter((entry) => entry.path === '/v1/chat/completions')).toEqual([]);
			}
		});

		it(ESSENTIALS.examples, async () => {
			// Every node of every example, at its typeVersion, among the node types this n8n has (`n8n export:nodes`);
			// an example with the Chat Model needs the SDK, so it counts only where the SDK is.
			const file = join(ctx.n8n.userFolder, 'exported-nodes.json');
			const run = await ctx.n8n.cli(['export:nodes', `--output=${file}`]);
			expect(run.code).toBe(0);
			const known = new Set(
				(
					JSON.parse(readFileSync(file, 'utf8')) as Array<{
						name: string;
						version: number | number[];
					}>
				).flatMap((type) =>
					[type.version].flat().map((typeVersion) => `${type.name}@${typeVersion}`),
				),
			);
			const missing = exampleWorkflows()
				.filter(
					(example) =>
						sdk ||
						!example.nodes.some((node) => node.type === `${PACKAGE}.lmChatDraftingWorkspace`),
				)
				.flatMap((example) =>
					example.nodes
						.filter((node) => !known.has(`${node.type}@${node.typeVersion}`))
						.map((node) => `${example.name}: ${node.type}@${node.typeVersion}`),
				);
			expect(missing).toEqual([]);
		});

		it('no API key appears in anything n8n printed', () => {
			expect(E2EContext.leaks([...ctx.transcripts, ctx.n8n.serverLog()])).toEqual([]);
		});
	});
