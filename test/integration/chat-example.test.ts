/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { IntegrationContext, items } from './support';

/**
 * The demo's chat example (examples/chat-structured-output.json), its "Extract Key Terms" node run as it is
 * against the simulator: the structured answer is filled from the prompt (the parties, the date and the notice
 * period it names), not with placeholders, so the demo reads like an answer to the question asked.
 */
const ctx = new IntegrationContext();

beforeAll(async () => ctx.start({ chatChunkDelayMs: 0 }));
afterAll(async () => ctx.stop());
afterEach(() => expect(ctx.leaks()).toEqual([]));

interface ExampleNode {
	name: string;
	parameters: IDataObject;
}

function exampleNode(name: string): ExampleNode {
	const workflow = JSON.parse(
		readFileSync(join(__dirname, '..', '..', 'examples', 'chat-structured-output.json'), 'utf8'),
	) as { nodes: ExampleNode[] };
	const node = workflow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`examples/chat-structured-output.json has no node "${name}"`);
	return node;
}

describe("The demo's chat example answers from its prompt", () => {
	it('Extract Key Terms: parties, effective date and notice days come from the user message', async () => {
		const { parameters } = exampleNode('Extract Key Terms');
		const prompt = (
			(parameters.messages as IDataObject).values as Array<{ role: string; content: string }>
		).find((message) => message.role === 'user')!.content;
		const result = await ctx.run(parameters);
		expect(result.status).toBe('success');
		const [answer] = items(result);
		expect(answer).toEqual({
			parties: ['Acme Ltd', 'Initech GmbH'],
			effective_date: '2026-02-02',
			notice_days: 90,
		});
		// Every value is in the prompt: the names as written, the date as "2 February 2026", the notice as "(90)".
		for (const party of answer.parties as string[]) expect(prompt).toContain(party);
		expect(prompt).toContain('2 February 2026');
		expect(prompt).toContain('(90) days');
		expect(JSON.stringify(answer)).not.toMatch(/example/);
	});
});
