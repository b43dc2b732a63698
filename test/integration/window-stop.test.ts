import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, type HarnessRun } from '../harness';
import { templatesAdmin } from '../simulator';
import { produceOfferPerItem, useIntegrationContext } from './support';

/**
 * A long batch stopped by its execution's cancel (the Stop button): at Batch Size Auto over 1,000 Produce From
 * Template items, every document the service made is in the error's createdInBatch, and nothing else is. Each
 * production takes the service a second here, so the cancel always comes while most items are still to go.
 */
const ctx = useIntegrationContext({ runTimeScale: 0, chatChunkDelayMs: 0 });
const ITEMS = 1_000;

const produce = produceOfferPerItem({ strict: false });
const people = Array.from({ length: ITEMS }, (_, index) => ({
	json: { title: `Offer ${index}`, name: `Person ${index}` },
}));
const thrown = (result: HarnessRun) =>
	(result.nodeError(ACTION_NODE) ?? result.error ?? {}) as IDataObject;

it(`a stopped execution of ${ITEMS} Produce items reports every document already made in createdInBatch`, async () => {
	ctx.sim.admin.addFault({
		kind: 'delay',
		ms: 1_000,
		method: 'POST',
		path: '/document-templates/*',
		times: 10_000,
	});
	const result = await ctx.run(produce, 'full', { items: people, cancelAfterMs: 1_500 });
	expect(result.status).toBe('canceled');
	const made = templatesAdmin(ctx.sim)
		.documents()
		.filter((document) => document.origin === 'api')
		.map((document) => document.documentId);
	expect(made.length).toBeGreaterThan(0);
	expect(made.length).toBeLessThan(ITEMS);
	const listed =
		((thrown(result).context as IDataObject | undefined)?.createdInBatch as
			| IDataObject[]
			| undefined) ?? [];
	expect(listed.map((entry) => entry.documentId).sort()).toEqual([...made].sort());
	// Each listed document is its own item's: the title the item asked for.
	const titleOf = new Map(
		templatesAdmin(ctx.sim)
			.documents()
			.map((document) => [document.documentId, document.title]),
	);
	for (const entry of listed)
		expect(titleOf.get(String(entry.documentId))).toBe(`Offer ${String(entry.itemIndex)}`);
}, 60_000);
