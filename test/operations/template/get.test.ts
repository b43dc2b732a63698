// Template → Get through n8n's engine against the simulator: one template with its answer schema and whether it needs attention.
import { TEMPLATE_IDS } from '../../simulator';
import { byId, items, useIntegrationContext } from '../../integration/support';

const ctx = useIntegrationContext();

it('gets one template with its schema and needsAttention', async () => {
	const [detail] = items(
		await ctx.run({
			resource: 'template',
			operation: 'get',
			templateId: byId(TEMPLATE_IDS.ndaShort),
		}),
	);
	expect(detail).toMatchObject({ needsAttention: true, inputSchema: expect.any(Object) });
});
