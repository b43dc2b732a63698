import type { IDataObject } from 'n8n-workflow';

import { userinfoLinks } from '../expectations/untrusted';
import { FIXTURE_IDS, TEMPLATE_IDS, runAdmin } from '../simulator';
import { byId, items, useIntegrationContext } from './support';
import {
	CONTINUE_ON_FAIL,
	completedRun,
	expectNoCrash,
	failureOf,
	triggerAfterRun,
} from './untrusted-support';

/**
 * links with user information: `http://user@<the service's host>/…` is on the service's origin, but n8n's
 * HTTP client would send `Authorization: Basic …` for it instead of the Bearer key. Such a link is refused before
 * anything is sent (the credential is not blamed), and never output: not as Simplify's file url, not in a
 * produced document's links. Continue On Fail off and on.
 */

const ctx = useIntegrationContext({ runTimeScale: 0.1, sseHeartbeatMs: 200 }, ['secret']);
const render = FIXTURE_IDS.steps.agentSummary.render;
const REFUSED = 'Refused to follow a link with user information (user@) in it';
const mapper = {
	mappingMode: 'defineBelow',
	value: {},
	matchingColumns: [],
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
};
const produce = (extra: IDataObject = {}) => ({
	resource: 'document',
	operation: 'produce',
	templateId: byId(TEMPLATE_IDS.offerLetter),
	answers: mapper,
	...extra,
});

/** The run's file link, rewritten with user information in one of its spellings. */
function linkedRun(spelling: (links: string[]) => string): { runId: string; link: string } {
	const runId = completedRun(ctx.sim);
	const link = spelling(
		userinfoLinks(ctx.url, `/workflows/runs/${runId}/files/${render}/download`),
	);
	runAdmin(ctx.sim).setDownloadPath(runId, render, link);
	return { runId, link };
}

/** Every spelling of `userinfoLinks`, by index (the simulator's address is known only once it runs). */
const SPELLINGS = userinfoLinks('http://127.0.0.1:1').map((_link, index) => index);
const fileDownloads = () =>
	ctx.sim.admin.requests().filter((entry) => entry.path.includes('/files/'));

/** Puts user information in every link of a produced document's answer (the service's links are paths). */
const withUserinfo = (body: unknown) => {
	const answer = body as IDataObject;
	const links = Object.fromEntries(
		Object.entries(answer.links as IDataObject).map(([name, path]) => [
			name,
			`${ctx.url.replace('//', '//user:secret@')}${String(path)}`,
		]),
	);
	return { ...answer, links };
};

describe.each(CONTINUE_ON_FAIL)('links with user information, $label', ({ onError }) => {
	it.each(SPELLINGS.map((index) => [index]))(
		'Run → Download File refuses spelling %i before sending anything, and does not blame the key',
		async (index) => {
			const { runId } = linkedRun((links) => links[index]);
			const refused = failureOf(
				await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) }, 'full', {
					onError,
				}),
				onError,
			);
			expect(refused.message).toBe(REFUSED);
			expect(refused.description).toContain('***@');
			expect(refused.description).toContain('The credential is not at fault');
			expect(refused.description).not.toMatch(/secret|invalid|API key is/);
			expect(fileDownloads()).toEqual([]);
		},
	);

	it('Run → Get with Simplify names the file but gives no url for it', async () => {
		const { runId } = linkedRun((links) => links[0]);
		const result = await ctx.run(
			{ resource: 'run', operation: 'get', runId: byId(runId), simplify: true },
			'full',
			{ onError },
		);
		expectNoCrash(result);
		const [compact] = items(result);
		expect((compact.files as IDataObject[])[0]).toEqual({
			name: 'contract-summary.pdf',
			format: 'pdf',
			mimeType: 'application/pdf',
			size: expect.any(Number),
			url: null,
			stepId: FIXTURE_IDS.steps.agentSummary.render,
		});
		expect(JSON.stringify(compact)).not.toContain('@127.0.0.1');
	});

	it('Run → Wait For Run with its files: refused, nothing sent', async () => {
		const { runId } = linkedRun((links) => links[1]);
		const outcome = failureOf(
			await ctx.run(
				{
					resource: 'run',
					operation: 'wait',
					runId: byId(runId),
					waitOptions: { checkInterval: 1, timeout: 30 },
				},
				'full',
				{ onError },
			),
			onError,
		);
		expect(outcome.message).toBe(REFUSED);
		expect(fileDownloads()).toEqual([]);
	});

	it('Produce From Template: links with user information are left out of the output', async () => {
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			transform: withUserinfo,
			method: 'POST',
			path: `/document-templates/${TEMPLATE_IDS.offerLetter}/documents`,
		});
		const result = await ctx.run(produce(), 'full', { onError });
		expectNoCrash(result);
		const [produced] = items(result);
		expect(produced).toMatchObject({ documentId: expect.any(String), links: {} });
		expect(JSON.stringify(produced)).not.toMatch(/secret|user:/);
	});

	it('Produce From Template with Download: the document exists, its download is refused and its ids kept', async () => {
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			transform: withUserinfo,
			method: 'POST',
			path: `/document-templates/${TEMPLATE_IDS.offerLetter}/documents`,
		});
		const outcome = failureOf(
			await ctx.run(produce({ downloadFormat: 'pdf' }), 'full', { onError }),
			onError,
		);
		expect(outcome.message).toMatch(
			/^Document t?doc_\S+ was produced, but downloading its pdf failed: Refused to follow a link with user information/,
		);
		expect(outcome.created).toMatchObject({
			documentId: expect.stringMatching(/^t?doc_/),
			links: {},
		});
		expect(ctx.sim.admin.requests().filter((entry) => entry.path.includes('/content/'))).toEqual(
			[],
		);
	});

	it('Document → Download of a link with user information: refused', async () => {
		// The user's own parameter (n8n keeps parameters in the execution), so not the service's `secret`.
		const link = `${ctx.url.replace('//', '//user:typed@')}/documents/doc_1/content/pdf`;
		const outcome = failureOf(
			await ctx.run(
				{ resource: 'document', operation: 'download', documentLink: link, format: 'pdf' },
				'full',
				{ onError },
			),
			onError,
		);
		expect(outcome.message).toBe(REFUSED);
		expect(outcome.description).toContain('"http://***@127.0.0.1:');
	});

	it('Input Document → Upload answered without a document id and a Location with user information: not followed; the upload may exist', async () => {
		const location = `${ctx.url.replace('//', '//user@')}/workflow-inputs/documents/doc_x`;
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			body: { status: 'processing' },
			headers: { location },
			method: 'POST',
			path: '/workflow-inputs/documents',
		});
		const note = {
			base64: Buffer.from('# Terms\n').toString('base64'),
			fileName: 'terms.md',
			mimeType: 'text/markdown',
		};
		const outcome = failureOf(
			await ctx.run({ resource: 'inputDocument', operation: 'upload' }, 'full', {
				onError,
				items: [{ json: {}, binary: { data: note } }],
			}),
			onError,
		);
		expect(outcome.message).toContain(
			'The service answered POST /workflow-inputs/documents with an object without documentId',
		);
		expect(outcome.description).toContain(
			'so it may have taken effect. Running the item again uploads the file again',
		);
		expect(ctx.sim.admin.requests().filter((entry) => entry.method === 'GET')).toEqual([]);
	});
});

it('the trigger with attached files: a link with user information fails the poll plainly, nothing sent', async () => {
	const { error } = await triggerAfterRun(ctx.sim, ctx.url, (runId) =>
		runAdmin(ctx.sim).setDownloadPath(
			runId,
			render,
			userinfoLinks(ctx.url, `/workflows/runs/${runId}/files/${render}/download`)[0],
		),
	);
	expect((error as Error).message).toBe(REFUSED);
	expect(fileDownloads()).toEqual([]);
});
