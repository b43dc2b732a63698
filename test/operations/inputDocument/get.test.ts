// Input Document → Get Status through n8n's engine against the simulator: an upload followed until it is ready, and another key's.
import { uploadsAdmin } from '../../simulator/uploads';
import { failure, items, useIntegrationContext } from '../../integration/support';
import { file, samples, upload } from '../uploads';

const ctx = useIntegrationContext({ ingestionMs: 150 });

it('Upload with Wait Until Ready off returns at once; Get Status then follows the upload; another key gets an explanation', async () => {
	const { pdf } = await samples();
	uploadsAdmin(ctx.sim).holdIngestion(true);
	const result = await ctx.run(upload({ waitUntilReady: false }), 'full', {
		items: [{ json: {}, binary: { data: file(pdf, 'held.pdf', 'application/pdf') } }],
	});
	const [uploaded] = items(result);
	expect(uploaded).toMatchObject({ status: 'processing', pageCount: null });
	const documentId = uploaded.documentId as string;

	const processing = await ctx.run({ resource: 'inputDocument', operation: 'get', documentId });
	expect(items(processing)[0]).toMatchObject({
		documentId,
		status: 'processing',
		usedByRunId: null,
	});
	uploadsAdmin(ctx.sim).completeIngestion(documentId, 'ready');
	const ready = await ctx.run({ resource: 'inputDocument', operation: 'get', documentId });
	expect(items(ready)[0]).toMatchObject({ documentId, status: 'ready', pageCount: 3 });

	const other = await ctx.run({ resource: 'inputDocument', operation: 'get', documentId }, 'full2');
	expect(failure(other).httpCode).toBe('404');
	expect(failure(other).description).toMatch(/only with the key that uploaded it/);
});
