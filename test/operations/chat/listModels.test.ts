// Chat → List Models through n8n's engine against the simulator: the workspace's models.
import { ACTION_NODE } from '../../harness';
import { items, useIntegrationContext } from '../../integration/support';

const ctx = useIntegrationContext();

it('lists the workspace models', async () => {
	const result = await ctx.run({ resource: 'chat', operation: 'listModels' });
	expect(
		items(result)
			.map((model) => model.id)
			.sort(),
	).toEqual(['dw-reasoning', 'dw-standard']);
	expect(result.output(ACTION_NODE)[0].pairedItem).toEqual({ item: 0 });
});
