// Document → Download through n8n's engine against the simulator: the Document Link (by default the Produce item's links), review and visibility, the file in the one shape.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../../harness';
import { TEMPLATE_IDS, templatesAdmin } from '../../simulator';
import { failure, items, useIntegrationContext } from '../../integration/support';
import { REQUIRED, SECOND, binaryBytes, downloadDocument, produce } from '../support';

const ctx = useIntegrationContext();
const offer = { ...REQUIRED, role: 'Counsel' };

describe('review and visibility', () => {
	it('a review-required document: download refused in plain words until a person attests it, then the file', async () => {
		const [document] = items(
			await ctx.run(
				produce(
					{ resolution_text: 'Approve the 2026 budget.', meeting_date: '2026-02-10' },
					{},
					TEMPLATE_IDS.boardResolution,
				),
			),
		);
		expect(document.status).toBe('assembled');
		const download = downloadDocument(document.links as IDataObject, 'pdf');

		const refused = await ctx.run(download);
		expect(failure(refused).httpCode).toBe('403');
		expect(failure(refused).message).toBe(
			'A person must review this document in the workspace before its content can be downloaded (review_required)',
		);
		expect(failure(refused).description).toMatch(
			/^A person must review the document in the workspace first/,
		);

		templatesAdmin(ctx.sim).attest(String(document.documentId));
		const allowed = await ctx.run(download);
		expect(binaryBytes(allowed.output(ACTION_NODE)[0]).subarray(0, 5).toString()).toBe('%PDF-');
	});

	it("another user's key cannot read the document back", async () => {
		const [document] = items(await ctx.run(produce(offer)));
		const result = await ctx.run(downloadDocument(document.links as IDataObject, 'pdf'), 'bob');
		expect(failure(result).httpCode).toBe('404');
	});
});

describe('the Document Link', () => {
	it('its default reads the Produce item before it; the file in the one file shape', async () => {
		const result = await ctx.runChain([
			produce(offer),
			{ resource: 'document', operation: 'download', format: 'docx' },
		]);
		const [produced] = items(result);
		const [downloaded] = result.output(SECOND);
		expect(downloaded.json).toEqual({
			name: expect.stringMatching(/\.docx$/),
			format: 'docx',
			mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			size: binaryBytes(downloaded).length,
			url: (produced.links as IDataObject).docx,
			binaryProperty: 'data',
		});
	});

	it('the document’s own link, typed by hand, is read for the content link; a content link is taken as it is', async () => {
		const [produced] = items(await ctx.run(produce(offer)));
		const links = produced.links as IDataObject;
		for (const [documentLink, format] of [
			[links.document, 'pdf'],
			[links.markdown, 'markdown'],
			[`/documents/${String(produced.documentId)}`, 'markdown'],
		]) {
			const result = await ctx.run({
				resource: 'document',
				operation: 'download',
				documentLink,
				format,
			});
			expect(items(result)[0]).toMatchObject({ format, url: links[String(format)] });
			if (format === 'pdf')
				expect(binaryBytes(result.output(ACTION_NODE)[0]).subarray(0, 5).toString()).toBe('%PDF-');
			else
				expect(binaryBytes(result.output(ACTION_NODE)[0]).toString('utf8')).toContain('Jordan Lee');
		}
	});

	it('nothing usable is an error naming the item and the field', async () => {
		const result = await ctx.run(
			{ resource: 'document', operation: 'download', format: 'pdf' },
			'full',
			{
				items: [{ json: { links: { pdf: 'https://x.example.com/a' } } }, { json: { id: 1 } }],
				onError: 'continueRegularOutput',
			},
		);
		const [first, second] = items(result);
		expect(first.error).toBe('Refused to follow a link that points outside the service');
		expect(second.error).toBe('Document Link of item 1 is empty');
		const id = await ctx.run({
			resource: 'document',
			operation: 'download',
			documentLink: 'tdoc_123',
			format: 'pdf',
		});
		expect(failure(id).message).toBe(
			'Document Link of item 0 is "tdoc_123", which is not a link (the API downloads a document by its links, not by its ID)',
		);
		expect(failure(id).description).toContain('{{ $json.links }}');
	});
});
