// Template → Get Many through n8n's engine against the simulator: the usable templates, marked when they need review.
import { TEMPLATE_IDS } from '../../simulator';
import { items, useIntegrationContext } from '../../integration/support';

const ctx = useIntegrationContext();

it('lists the usable templates with requiresReview; a retired one never appears', async () => {
	const listed = items(
		await ctx.run({ resource: 'template', operation: 'getAll', returnAll: true }),
	);
	expect(listed.map((template) => template.id)).toEqual(
		expect.arrayContaining([TEMPLATE_IDS.offerLetter, TEMPLATE_IDS.boardResolution]),
	);
	expect(listed.map((template) => template.id)).not.toContain(TEMPLATE_IDS.retired);
	expect(listed.find((template) => template.id === TEMPLATE_IDS.boardResolution)).toMatchObject({
		requiresReview: true,
	});
});
