import { byId, callService } from '../../integration/support';
import { FIXTURE_IDS, runAdmin } from '../../simulator';
import {
	ctx,
	foreign,
	foreignUntouched,
	jsonItems,
	noRequestTo,
	seedSummaryRuns,
	steps,
	three,
	wf,
	type Row,
} from './table';

/** Bad input of the operations on started runs: Get, Wait For Run, Cancel, Download File, Download Input Document, Get Many. */

/** Items 0 and 2 name two real runs; item 1 names `runId`. */
function badRunIdInTheMiddle(runId: string): Pick<Row, 'setup' | 'items'> {
	return {
		setup: async () => ({ runs: seedSummaryRuns(2) }),
		items: (vars) =>
			three((index) => ({
				json: { runId: index === 1 ? runId : (vars.runs as string[])[index === 0 ? 0 : 1] },
			})),
	};
}

/** Run → Download File of one step of one real run: items 0 and 2 name its rendered step; item 1 names `stepId`. */
function badStepIdInTheMiddle(stepId: string): Pick<Row, 'parameters' | 'setup' | 'items'> {
	return {
		parameters: {
			resource: 'run',
			operation: 'downloadFile',
			runId: byId('={{ $json.runId }}'),
			fileSelection: 'step',
			stepId: '={{ $json.stepId }}',
		},
		setup: async () => ({ runs: seedSummaryRuns(1) }),
		items: (vars) =>
			three((index) => ({
				json: {
					runId: (vars.runs as string[])[0],
					stepId: index === 1 ? stepId : steps.agentSummary.render,
				},
			})),
	};
}

export const RUN_ROWS: Row[] = [
	{
		operation: 'Run → Get',
		input: 'a run id that does not exist',
		parameters: { resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}') },
		...badRunIdInTheMiddle('run_does_not_exist'),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Run "run_does_not_exist" was not found \(404\)$/,
	},
	{
		operation: 'Run → Get',
		input: 'a run id with path characters (../../v1/models): encoded, never another path',
		parameters: { resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}') },
		...badRunIdInTheMiddle('../../v1/models'),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Run "\.\.\/\.\.\/v1\/models" was not found \(404\)$/,
		after: noRequestTo(/^\/v1\//),
	},
	{
		operation: 'Run → Get',
		input: 'a run a person started in the app (never visible to keys)',
		parameters: { resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}') },
		...badRunIdInTheMiddle('run_app_summary_recent'),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Run "run_app_summary_recent" was not found \(404\)$/,
	},
	{
		operation: 'Run → Wait For Run',
		input: 'a run id that does not exist',
		parameters: {
			resource: 'run',
			operation: 'wait',
			runId: byId('={{ $json.runId }}'),
			downloadFiles: false,
			waitOptions: { checkInterval: 1, timeout: 30 },
		},
		...badRunIdInTheMiddle('run_does_not_exist'),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Run "run_does_not_exist" was not found \(404\)$/,
	},
	{
		operation: 'Run → Cancel',
		input: 'a run started with another key',
		parameters: { resource: 'run', operation: 'cancel', runId: byId('={{ $json.runId }}') },
		setup: async () => ({
			mine: seedSummaryRuns(2, wf.agentSummary, 'full', 'Running'),
			theirs: seedSummaryRuns(1, wf.agentSummary, 'full2', 'Running'),
		}),
		items: (vars) =>
			three((index) => ({
				json: {
					runId:
						index === 1
							? (vars.theirs as string[])[0]
							: (vars.mine as string[])[index === 0 ? 0 : 1],
				},
			})),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /another API key/,
	},
	{
		operation: 'Run → Download File',
		input: 'a downloadPath on another origin (server-given)',
		parameters: {
			resource: 'run',
			operation: 'downloadFile',
			runId: byId('={{ $json.runId }}'),
			fileSelection: 'all',
		},
		setup: async () => {
			const runs = seedSummaryRuns(3);
			runAdmin(ctx.sim).setDownloadPath(
				runs[1],
				steps.agentSummary.render,
				`${foreign.url}/files/steal.pdf`,
			);
			return { runs };
		},
		items: (vars) => three((index) => ({ json: { runId: (vars.runs as string[])[index] } })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Refused to follow a link that points outside the service$/,
		after: foreignUntouched,
	},
	{
		operation: 'Run → Download File',
		input: 'a step id that does not exist',
		...badStepIdInTheMiddle('stp_nope'),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Run "run_[0-9a-f]+" has no rendered file for step "stp_nope" \(404\)$/,
	},
	{
		operation: 'Run → Download File',
		input: 'an empty step id',
		...badStepIdInTheMiddle(''),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Step ID is empty$/,
	},
	{
		operation: 'Run → Download Input Document',
		input: 'a document version that is not on the run',
		parameters: {
			resource: 'run',
			operation: 'downloadInputDocument',
			runId: byId('={{ $json.runId }}'),
			documentVersionId: '={{ $json.version }}',
		},
		setup: async () => {
			const upload = runAdmin(ctx.sim).seedInputDocument({
				keyId: FIXTURE_IDS.keys.full,
				filename: 'terms.md',
				contentType: 'text/markdown',
				data: Buffer.from('# Terms').toString('base64'),
			});
			const started = await callService(ctx.url, 'POST', '/workflows/runs', {
				workflowId: wf.multiDocs,
				input: { documents: [upload] },
			});
			return { runId: String(started.runId), version: upload.documentVersionId };
		},
		items: (vars) =>
			three((index) => ({
				json: { runId: vars.runId, version: index === 1 ? 'docv_not_on_run' : vars.version },
			})),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message:
			/^Input document version "docv_not_on_run" was not found on run "run_[0-9a-f]+" \(404\)$/,
	},
	{
		operation: 'Run → Get Many',
		input: 'Started From that is not a date ("yesterday")',
		parameters: {
			resource: 'run',
			operation: 'getAll',
			limit: 5,
			filters: { startedFrom: '={{ $json.from }}' },
		},
		setup: async () => ({ runs: seedSummaryRuns(2) }),
		items: jsonItems({ from: '2020-01-01' }, { from: 'yesterday' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Started From is not a date: "yesterday"$/,
	},
	{
		operation: 'Run → Get Many',
		input: 'a key without the workflows:read scope',
		parameters: { resource: 'run', operation: 'getAll', limit: 5, filters: {} },
		key: 'noWorkflowsRead',
		items: jsonItems({}, {}),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^The API key lacks the scope workflows:read \(missing_scope\)$/,
	},
];
