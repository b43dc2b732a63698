// The Chat Model through n8n-core: supplied by the engine to a consumer node (as a chain or agent gets it), over the
// package's transport against the simulator: generate, stream, the service's errors in plain words, tools refused.
import { credentialFor, runWorkflow, type HarnessRun } from '../../harness';
import { registerModelConsumer } from '../../harness/modelConsumer';
import { FIXTURE_IDS, FIXTURE_KEYS, chatAdmin } from '../../simulator';
import { useIntegrationContext } from '../../integration/support';
import { byId } from '../../harness';

const ctx = useIntegrationContext({ chatChunkDelayMs: 1 });

registerModelConsumer();

async function run(
	mode: string,
	model = 'dw-standard',
	options: Record<string, number> = {},
): Promise<HarnessRun> {
	const result = await runWorkflow(
		{
			nodes: [
				{ name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
				{ name: 'Consumer', type: 'test.modelConsumer', parameters: { mode } },
				{
					name: 'Model',
					type: 'n8n-nodes-drafting-workspace.lmChatDraftingWorkspace',
					parameters: { model: byId(model), options: options as Record<string, number> },
					credentials: {
						draftingWorkspaceApi: { id: 'cred-1', name: 'Drafting Workspace account' },
					},
				},
			],
			connections: {
				'Manual Trigger': { main: [[{ node: 'Consumer', type: 'main', index: 0 }]] },
				Model: { ai_languageModel: [[{ node: 'Consumer', type: 'ai_languageModel', index: 0 }]] },
			},
		},
		{ credentials: [credentialFor(ctx.url, FIXTURE_KEYS.full)] },
	);
	ctx.record(result);
	return result;
}

const completions = () =>
	ctx.sim.admin.requests().filter((entry) => entry.path === '/v1/chat/completions');
const errorMessage = (result: HarnessRun) =>
	String((result.nodeError('Consumer') ?? result.error ?? {}).message ?? '');

describe('Drafting Workspace Chat Model in n8n-core', () => {
	it('invoke (generate): the service’s answer, one streamed request with the options, no tools', async () => {
		const result = await run('invoke', 'dw-standard', {
			temperature: 0.3,
			maxCompletionTokens: 200,
		});
		expect(result.status).toBe('success');
		const [item] = result.output('Consumer');
		expect(item.json.text).toMatch(
			/ answer: Summarise the termination clause of the supply agreement\. \(following the system instructions\)$/,
		);
		const [sent] = completions();
		expect(sent.requestBody).toEqual({
			model: 'dw-standard',
			messages: [
				{ role: 'system', content: 'You are a careful legal assistant.' },
				{ role: 'user', content: 'Summarise the termination clause of the supply agreement.' },
			],
			stream: true,
			stream_options: { include_usage: true },
			temperature: 0.3,
			max_completion_tokens: 200,
		});
	});

	it('with no option added, sends neither a temperature nor a cap: the service’s own defaults apply (docs/chat-model.md)', async () => {
		expect((await run('invoke')).status).toBe('success');
		const [sent] = completions();
		expect(sent.requestBody).not.toHaveProperty('temperature');
		expect(sent.requestBody).not.toHaveProperty('max_completion_tokens');
	});

	it('stream: the answer arrives in several pieces and adds up to the same text', async () => {
		const streamed = await run('stream');
		const generated = await run('invoke');
		const [item] = streamed.output('Consumer');
		expect(item.json.pieces).toBeGreaterThan(3);
		expect(item.json.text).toBe(generated.output('Consumer')[0].json.text);
	});

	it('bound tools are refused before anything is sent, saying what works instead', async () => {
		const result = await run('tools');
		expect(result.status).not.toBe('success');
		expect(errorMessage(result)).toContain('cannot use tools: connect it to a chain');
		expect(completions()).toEqual([]);
	});

	it('model_not_allowed names the allowed models', async () => {
		const result = await run('invoke', 'gpt-unknown');
		expect(errorMessage(result)).toMatch(/model_not_allowed.*allowed: /);
	});

	it('quota_exceeded says when the quota resets, and is sent once', async () => {
		chatAdmin(ctx.sim).setQuota(FIXTURE_IDS.workspaces.acme, { limitTokens: 0 });
		try {
			const result = await run('invoke');
			expect(errorMessage(result)).toMatch(/quota_exceeded\); it resets at \d{4}-\d\d-\d\dT/);
			expect(completions()).toHaveLength(1);
		} finally {
			chatAdmin(ctx.sim).setQuota(FIXTURE_IDS.workspaces.acme, null);
		}
	});
});
