// Document → Produce From Template with Download, through n8n's engine against the simulator: a produced document is never reported as a failure; the links and the downloaded file.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../../harness';
import { TEMPLATE_IDS, templatesAdmin } from '../../simulator';
import { failure, items, useIntegrationContext } from '../../integration/support';
import { REQUIRED, binaryBytes as bytes, downloadDocument, produce } from '../support';

const ctx = useIntegrationContext();

describe('with Download: a produced document is never reported as a failure', () => {
	const board = { resolution_text: 'Approve the 2026 budget.', meeting_date: '2026-02-10' };
	const productions = () =>
		ctx.sim.admin
			.requests()
			.filter(
				(entry) =>
					entry.method === 'POST' && /^\/document-templates\/[^/]+\/documents$/.test(entry.path),
			);
	const apiDocuments = () =>
		templatesAdmin(ctx.sim)
			.documents()
			.filter((document) => document.origin === 'api');

	it('a template that requires review: one item, no error, the document and its links, awaiting review; a rerun is not needed', async () => {
		const result = await ctx.run(
			produce(board, { downloadFormat: 'pdf' }, TEMPLATE_IDS.boardResolution),
		);
		expect(result.status).toBe('success');
		expect(result.error).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(1);
		const [item] = out;
		expect(item.binary).toBeUndefined();
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({
			documentId: expect.stringMatching(/^tdoc_/),
			status: 'assembled',
			unresolvedFields: [],
			links: {
				document: expect.any(String),
				pdf: expect.any(String),
				docx: expect.any(String),
				markdown: expect.any(String),
			},
			download: {
				outcome: 'awaitingReview',
				code: 'review_required',
				format: 'pdf',
				message: expect.stringMatching(
					/^The document was produced\. A person must review it in the workspace/,
				),
			},
		});
		expect(String((item.json.download as IDataObject).message)).toContain(
			'Running this item again would produce a second document',
		);
		expect(productions()).toHaveLength(1);
		expect(apiDocuments()).toHaveLength(1);

		// After the review, the output's own links give the file: nothing is produced again.
		templatesAdmin(ctx.sim).attest(String(item.json.documentId));
		const later = await ctx.run(downloadDocument(item.json.links as IDataObject, 'pdf'));
		expect(bytes(later.output(ACTION_NODE)[0]).subarray(0, 5).toString()).toBe('%PDF-');
		expect(productions()).toHaveLength(1);
		expect(apiDocuments()).toHaveLength(1);
	});

	it('a downloaded document says so in the same block (download.outcome "downloaded")', async () => {
		const result = await ctx.run(
			produce(
				{ 'employee.name': 'A', 'employee.start_date': '2026-01-05', role: 'Counsel' },
				{ downloadFormat: 'docx', binaryPropertyName: 'file' },
			),
		);
		const [item] = result.output(ACTION_NODE);
		expect(item.json.download).toMatchObject({
			outcome: 'downloaded',
			file: { format: 'docx', binaryProperty: 'file', name: expect.stringMatching(/\.docx$/) },
		});
		expect(item.binary?.file.mimeType).toBe(
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		);
	});

	describe('another download failure (a 500 on the content link) keeps the document’s id and links in the error’s own fields', () => {
		const offer = { 'employee.name': 'A', 'employee.start_date': '2026-01-05', role: 'Counsel' };
		const fault = () =>
			ctx.sim.admin.addFault({
				kind: 'status',
				status: 500,
				method: 'GET',
				path: '^/documents/[^/]+/content/pdf$',
				times: 1,
			});
		const producedDocument = () => {
			const [document] = apiDocuments();
			return {
				documentId: document.documentId,
				links: {
					document: `${ctx.url}/documents/${document.documentId}`,
					docx: `${ctx.url}/documents/${document.documentId}/content/docx`,
					pdf: `${ctx.url}/documents/${document.documentId}/content/pdf`,
					markdown: `${ctx.url}/documents/${document.documentId}/content/markdown`,
				},
			};
		};

		it('without Continue On Fail: the thrown error carries context.created; the message says the document exists', async () => {
			fault();
			const result = await ctx.run(produce(offer, { downloadFormat: 'pdf' }));
			expect(result.status).toBe('error');
			const { documentId, links } = producedDocument();
			for (const error of [result.error, result.nodeError(ACTION_NODE)] as IDataObject[]) {
				expect((error.context as IDataObject).created).toEqual({
					documentId,
					status: 'assembled',
					links,
				});
			}
			expect(failure(result).message).toMatch(
				new RegExp(`^Document ${documentId} was produced, but downloading its pdf failed: `),
			);
			expect(failure(result).description).toMatch(
				/^The document exists: do not produce it again \(running the item again would produce a second document\)/,
			);
			expect(productions()).toHaveLength(1);
		});

		it('Continue On Fail (error output): the error item carries details.created and stays on the error output', async () => {
			fault();
			const result = await ctx.run(produce(offer, { downloadFormat: 'pdf' }), 'full', {
				onError: 'continueErrorOutput',
			});
			expect(result.status).toBe('success');
			expect(result.output(ACTION_NODE, 0)).toEqual([]);
			const [errorItem] = result.output(ACTION_NODE, 1);
			expect(Object.keys(errorItem.json).sort()).toEqual(['details', 'error']);
			expect((errorItem.json.details as IDataObject).created).toEqual({
				status: 'assembled',
				...producedDocument(),
			});
			expect(errorItem.pairedItem).toEqual({ item: 0 });
		});

		it('Continue On Fail (regular output): the item carries created beside error and code', async () => {
			fault();
			const result = await ctx.run(produce(offer, { downloadFormat: 'pdf' }), 'full', {
				onError: 'continueRegularOutput',
			});
			const [item] = items(result);
			expect(item).toMatchObject({
				error: expect.stringMatching(/was produced, but downloading its pdf failed/),
				created: { status: 'assembled', ...producedDocument() },
			});
		});
	});
});

describe('the links', () => {
	it('absolute, on the Base URL', async () => {
		const [item] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' })));
		const doc = `${ctx.url}/documents/${String(item.documentId)}`;
		expect(item).toMatchObject({
			status: 'assembled',
			links: {
				document: doc,
				docx: `${doc}/content/docx`,
				pdf: `${doc}/content/pdf`,
				markdown: `${doc}/content/markdown`,
			},
		});
	});

	it('a link to another origin is output as null and never followed', async () => {
		const elsewhere = (body: unknown) => {
			const answer = body as IDataObject;
			return {
				...answer,
				links: { ...(answer.links as IDataObject), pdf: 'https://elsewhere.example.net/steal.pdf' },
			};
		};
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			transform: elsewhere,
			method: 'POST',
			path: `/document-templates/${TEMPLATE_IDS.offerLetter}/documents`,
		});
		const [item] = items(await ctx.run(produce({ ...REQUIRED, role: 'Counsel' })));
		expect((item.links as IDataObject).pdf).toBeNull();
		expect((item.links as IDataObject).docx).toMatch(new RegExp(`^${ctx.url}/documents/`));
	});

	it('with Download: the file told in the one file shape', async () => {
		const item = (
			await ctx.run(
				produce(
					{ ...REQUIRED, role: 'Counsel' },
					{ downloadFormat: 'pdf', binaryPropertyName: 'file' },
				),
			)
		).output(ACTION_NODE)[0];
		const pdf = bytes(item, 'file');
		expect(item.json.download).toEqual({
			outcome: 'downloaded',
			file: {
				name: expect.stringMatching(/\.pdf$/),
				format: 'pdf',
				mimeType: 'application/pdf',
				size: pdf.length,
				url: `${ctx.url}/documents/${String(item.json.documentId)}/content/pdf`,
				binaryProperty: 'file',
			},
		});
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
	});
});
