import { initFilesystemBinaryData } from '../setup/filesystemBinaryMode';

import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin, type FixtureKeyName } from '../simulator';
import { byId, callService } from '../integration/support';
import { itemOutcomes, plainMessageProblem, runNode, thrownError, type ItemSpec } from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';
import { ForeignOrigin } from './support/servers';

/**
 * The bad-input table: one row per wrong input, across every operation and the trigger. Each row
 * runs the node twice with three items (the bad one in the middle, unless the input is the credential itself):
 *   1. Continue On Fail off: the node stops with the row's error class and message, naming the bad item;
 *   2. Continue On Fail on: the other items still succeed, the bad one becomes an error item with the same
 *      message and its index, and every output keeps its pairedItem.
 * Trigger rows poll through n8n-core's PollContext: the poll fails with the message and saves no state.
 */

const ctx = new ReliabilityContext();
const foreign = new ForeignOrigin();
const wf = FIXTURE_IDS.workflows;
const steps = FIXTURE_IDS.steps;
const mapper = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] });

type ErrorClass = 'NodeOperationError' | 'NodeApiError';

interface Row {
	operation: string;
	input: string;
	parameters: IDataObject;
	key?: FixtureKeyName;
	/** The three items; `vars` come from `setup` (ids of runs and documents made for the row). */
	items: (vars: IDataObject) => ItemSpec[];
	setup?: () => Promise<IDataObject>;
	/** The bad item, or `all` when the bad input is the credential (every item fails alike). */
	bad: 1 | 'all';
	errorClass: ErrorClass;
	message: RegExp;
	httpCode?: string;
	/** Extra checks after both runs (nothing sent to another origin, no request to an unintended path…). */
	after?: () => void;
}

// ---- Parameters and items of each operation ---------------------------------------------------------------

const three = (make: (index: number) => ItemSpec): ItemSpec[] => [0, 1, 2].map(make);
const jsonItems = (good: IDataObject, bad: IDataObject) => () => three((index) => ({ json: index === 1 ? bad : good }));

const text = (name: string, body = 'Plain notes for the run.\n'): ItemSpec['binary'] => ({
	data: { fileName: name, mimeType: 'text/plain', base64: Buffer.from(body).toString('base64') },
});

const startNda = (value: IDataObject) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.inputNda),
	inputMode: 'fields',
	inputFields: mapper({ counterparty: '={{ $json.counterparty }}', effective_date: '={{ $json.date }}', ...value }),
});
const ndaItem = { counterparty: 'Initech Ltd', date: '2026-03-01' };
const startJson = { resource: 'run', operation: 'start', workflowId: byId(wf.inputNda), inputMode: 'json', inputJson: '={{ $json.raw }}' };
const goodJson = JSON.stringify({ counterparty: 'Initech Ltd', effective_date: '2026-03-01' });

const OFFER = { 'employee.name': 'Jordan Lee', 'employee.start_date': '={{ $json.date }}', role: 'Counsel' };
const produce = (answers: IDataObject, extra: IDataObject = {}) => ({
	resource: 'document',
	operation: 'produce',
	templateId: byId('tpl_offer_letter'),
	answers: mapper({ ...OFFER, ...answers }),
	...extra,
});
const offerItem = { date: '2026-03-01', salary: 85000, nick: '', title: 'Offer' };

const chat = (extra: IDataObject = {}) => ({
	resource: 'chat',
	operation: 'complete',
	model: '={{ $json.model }}',
	messages: { values: [{ role: 'user', content: '={{ $json.question }}' }] },
	...extra,
});
const chatItem = { model: 'dw-standard', question: 'What is the notice period?' };
const SCHEMA = JSON.stringify({ type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'], additionalProperties: false });

/** Three Completed runs of the contract summary (seeded: settled at once, files built on first read). */
/** Items 0 and 2 name two real runs; item 1 names `runId`. */
function badRunIdInTheMiddle(runId: string): Pick<Row, 'setup' | 'items'> {
	return {
		setup: async () => ({ runs: seedSummaryRuns(2) }),
		items: (vars) => three((index) => ({ json: { runId: index === 1 ? runId : (vars.runs as string[])[index === 0 ? 0 : 1] } })),
	};
}

function seedSummaryRuns(count = 3, workflowId: string = wf.agentSummary, key: FixtureKeyName = 'full', status: 'Completed' | 'Running' = 'Completed'): string[] {
	return runAdmin(ctx.sim).seedRuns([{ workflowId, keyId: FIXTURE_IDS.keys[key], status, startedAt: new Date(Date.now() - 60_000).toISOString(), count }]);
}

async function producedLinks(templateId = 'tpl_offer_letter', input: IDataObject = { employee: { name: 'A', start_date: '2026-03-01' }, role: 'Counsel' }): Promise<IDataObject> {
	return (await callService(ctx.url, 'POST', `/document-templates/${templateId}/documents`, { input })).links as IDataObject;
}

const noRequestTo = (path: RegExp) => () => expect(ctx.sim.admin.requests().filter((entry) => path.test(entry.path))).toEqual([]);
const foreignUntouched = () => expect(foreign.hits).toEqual([]);

// ---- The rows -----------------------------------------------------------------------------------------------

/** An input document the full key uploaded, for the rows that read one. */
async function seededDocument(): Promise<IDataObject> {
	const upload = runAdmin(ctx.sim).seedInputDocument({ keyId: FIXTURE_IDS.keys.full, filename: 'a.md', contentType: 'text/markdown', data: Buffer.from('# A').toString('base64') });
	return { documentId: upload.documentId };
}

const ROWS: Row[] = [
	// Workflow
	{
		operation: 'Workflow → Get',
		input: 'a workflow id that does not exist',
		parameters: { resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.workflowId }}') },
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: 'wf_does_not_exist' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Workflow "wf_does_not_exist" was not found \(404\)$/,
	},
	{
		operation: 'Workflow → Get',
		input: 'a workflow with only a draft version (invisible to keys)',
		parameters: { resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.workflowId }}') },
		items: jsonItems({ workflowId: wf.inputNda }, { workflowId: wf.draftOnly }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Workflow "wf_draft_only" was not found \(404\)$/,
	},
	{
		operation: 'Workflow → Get',
		input: 'an empty workflow id (expression resolved to nothing)',
		parameters: { resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.workflowId }}') },
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: '' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Workflow is empty$/,
	},
	{
		operation: 'Workflow → Get Many',
		input: 'an expired key',
		parameters: { resource: 'workflow', operation: 'getAll', returnAll: true },
		key: 'expired',
		items: jsonItems({}, {}),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '401',
		message: /^The service refused the API key \(invalid_api_key\): it is wrong, revoked or expired$/,
	},
	// Run → Start
	{
		operation: 'Run → Start',
		input: 'an empty Input Text (required)',
		parameters: { resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary), inputMode: 'text', inputText: '={{ $json.text }}' },
		items: jsonItems({ text: 'Summarise the agreement.' }, { text: '   ' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input Text is empty$/,
	},
	{
		operation: 'Run → Start',
		input: 'an empty required field in the field mapper',
		parameters: startNda({}),
		items: jsonItems(ndaItem, { ...ndaItem, counterparty: '' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The input for workflow "NDA drafting" is not complete: Counterparty is required but empty$/,
	},
	{
		operation: 'Run → Start',
		input: 'a wrong type in the field mapper (text for an integer)',
		parameters: startNda({ term_months: '={{ $json.term }}' }),
		items: jsonItems({ ...ndaItem, term: 24 }, { ...ndaItem, term: 'twelve' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The input for workflow "NDA drafting" is not complete: Term \(months\) must be a number, got "twelve"$/,
	},
	{
		operation: 'Run → Start',
		input: 'a wrong type in the field mapper (text for a boolean)',
		parameters: startNda({ include_non_solicit: '={{ $json.flag }}' }),
		items: jsonItems({ ...ndaItem, flag: true }, { ...ndaItem, flag: 'maybe' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The input for workflow "NDA drafting" is not complete: Include non-solicitation clause must be true or false, got "maybe"$/,
	},
	{
		operation: 'Run → Start',
		input: 'a number outside the schema’s range (service refusal)',
		parameters: startNda({ term_months: '={{ $json.term }}' }),
		items: jsonItems({ ...ndaItem, term: 24 }, { ...ndaItem, term: 500 }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The run input does not match the workflow's input schema \(invalid_input\): term_months: must be at most 120$/,
	},
	{
		operation: 'Run → Start',
		input: 'a value outside the options (refused before sending)',
		parameters: startNda({ governing_law: '={{ $json.law }}' }),
		items: jsonItems({ ...ndaItem, law: 'New York' }, { ...ndaItem, law: 'Mars' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The input for workflow "NDA drafting" is not complete: Governing law "Mars" is not one of .*Delaware/,
	},
	{
		operation: 'Run → Start',
		input: 'a date in a refused form (01/03/2026)',
		parameters: startNda({}),
		items: jsonItems(ndaItem, { ...ndaItem, date: '01/03/2026' }),
		bad: 1,
		// Refused before the run starts, under the field's label, with the form to use.
		errorClass: 'NodeOperationError',
		message: /^The input for workflow "NDA drafting" is not complete: Effective date "01\/03\/2026" is not a date the service accepts: use yyyy-MM-dd \(e\.g\. 2026-03-01\)$/,
	},
	{
		operation: 'Run → Start',
		input: 'a document field naming a binary property the item lacks',
		parameters: startNda({ source_document: 'data' }),
		items: () => three((index) => ({ json: ndaItem, binary: index === 1 ? undefined : text(`notes-${index}.txt`) })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Document field "source_document": the item has no binary property "data"$/,
	},
	{
		operation: 'Run → Start',
		input: 'an unsupported file type in a document field',
		parameters: startNda({ source_document: 'data' }),
		items: () =>
			three((index) => ({
				json: ndaItem,
				binary: index === 1 ? { data: { fileName: 'photo.gif', mimeType: 'image/gif', base64: Buffer.from('GIF89a....').toString('base64') } } : text(`notes-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Document field "source_document": the file in "data" \("photo\.gif", image\/gif\) is not a type the service accepts$/,
		after: () => expect(JSON.stringify(ctx.sim.admin.requests())).not.toContain('photo.gif'),
	},
	{
		operation: 'Run → Start',
		input: 'invalid JSON in raw (JSON) mode',
		parameters: startJson,
		items: jsonItems({ raw: goodJson }, { raw: '{"counterparty": "Initech",' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input \(JSON\) is not valid JSON$/,
	},
	{
		operation: 'Run → Start',
		input: 'a JSON array where the input object belongs',
		parameters: startJson,
		items: jsonItems({ raw: goodJson }, { raw: '["Initech"]' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input \(JSON\) must be an object$/,
	},
	{
		operation: 'Run → Start',
		input: 'a document field given a bare id (JSON mode, service refusal)',
		parameters: startJson,
		items: jsonItems({ raw: goodJson }, { raw: JSON.stringify({ counterparty: 'Initech', effective_date: '2026-03-01', source_document: 'doc_123' }) }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^A document field was given a single id instead of \{documentId, documentVersionId\} \(document_field_invalid_format\): source_document: /,
	},
	{
		operation: 'Run → Start',
		input: 'document ids that do not exist (JSON mode)',
		parameters: startJson,
		items: jsonItems(
			{ raw: goodJson },
			{ raw: JSON.stringify({ counterparty: 'Initech', effective_date: '2026-03-01', source_document: { documentId: 'doc_nope', documentVersionId: 'docv_nope' } }) },
		),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The run input does not match the workflow's input schema \(document_not_found\): source_document: /,
	},
	{
		operation: 'Run → Start',
		input: 'a workflow outside the key’s allowlist',
		parameters: { resource: 'run', operation: 'start', workflowId: byId('={{ $json.workflowId }}'), inputMode: 'text', inputText: 'Summarise.' },
		key: 'allowlisted',
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: wf.review }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^This workflow is not on the API key's workflow allowlist \(workflow_not_in_allowlist\)$/,
	},
	{
		operation: 'Run → Start',
		input: 'text input for a workflow that starts with an input form',
		parameters: { resource: 'run', operation: 'start', workflowId: byId('={{ $json.workflowId }}'), inputMode: 'text', inputText: 'Draft an NDA.' },
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: wf.inputNda }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The run input does not match the workflow's input schema \(invalid_input\): input: /,
	},
	{
		operation: 'Run → Start',
		input: 'a key without the workflows:run scope',
		parameters: { resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary), inputMode: 'text', inputText: 'Summarise.' },
		key: 'readOnly',
		items: jsonItems({}, {}),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^The API key lacks the scope workflows:run \(missing_scope\)$/,
	},
	// Run → read, wait, cancel, download
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
		parameters: { resource: 'run', operation: 'wait', runId: byId('={{ $json.runId }}'), downloadFiles: false, waitOptions: { checkInterval: 1, timeout: 30 } },
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
		setup: async () => ({ mine: seedSummaryRuns(2, wf.agentSummary, 'full', 'Running'), theirs: seedSummaryRuns(1, wf.agentSummary, 'full2', 'Running') }),
		items: (vars) => three((index) => ({ json: { runId: index === 1 ? (vars.theirs as string[])[0] : (vars.mine as string[])[index === 0 ? 0 : 1] } })),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /another API key/,
	},
	{
		operation: 'Run → Download File',
		input: 'a downloadPath on another origin (server-given)',
		parameters: { resource: 'run', operation: 'downloadFile', runId: byId('={{ $json.runId }}'), fileSelection: 'all' },
		setup: async () => {
			const runs = seedSummaryRuns(3);
			runAdmin(ctx.sim).setDownloadPath(runs[1], steps.agentSummary.render, `${foreign.url}/files/steal.pdf`);
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
		parameters: { resource: 'run', operation: 'downloadFile', runId: byId('={{ $json.runId }}'), fileSelection: 'step', stepId: '={{ $json.stepId }}' },
		setup: async () => ({ runs: seedSummaryRuns(1) }),
		items: (vars) => three((index) => ({ json: { runId: (vars.runs as string[])[0], stepId: index === 1 ? 'stp_nope' : steps.agentSummary.render } })),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Run "run_[0-9a-f]+" has no rendered file for step "stp_nope" \(404\)$/,
	},
	{
		operation: 'Run → Download File',
		input: 'an empty step id',
		parameters: { resource: 'run', operation: 'downloadFile', runId: byId('={{ $json.runId }}'), fileSelection: 'step', stepId: '={{ $json.stepId }}' },
		setup: async () => ({ runs: seedSummaryRuns(1) }),
		items: (vars) => three((index) => ({ json: { runId: (vars.runs as string[])[0], stepId: index === 1 ? '' : steps.agentSummary.render } })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Step ID is empty$/,
	},
	{
		operation: 'Run → Download Input Document',
		input: 'a document version that is not on the run',
		parameters: { resource: 'run', operation: 'downloadInputDocument', runId: byId('={{ $json.runId }}'), documentVersionId: '={{ $json.version }}' },
		setup: async () => {
			const upload = runAdmin(ctx.sim).seedInputDocument({ keyId: FIXTURE_IDS.keys.full, filename: 'terms.md', contentType: 'text/markdown', data: Buffer.from('# Terms').toString('base64') });
			const started = await callService(ctx.url, 'POST', '/workflows/runs', { workflowId: wf.multiDocs, input: { documents: [upload] } });
			return { runId: String(started.runId), version: upload.documentVersionId };
		},
		items: (vars) => three((index) => ({ json: { runId: vars.runId, version: index === 1 ? 'docv_not_on_run' : vars.version } })),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Input document version "docv_not_on_run" was not found on run "run_[0-9a-f]+" \(404\)$/,
	},
	{
		operation: 'Run → Get Many',
		input: 'Started From that is not a date ("yesterday")',
		parameters: { resource: 'run', operation: 'getAll', limit: 5, filters: { startedFrom: '={{ $json.from }}' } },
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
	// Input Document
	{
		operation: 'Input Document → Upload',
		input: 'a missing binary property',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () => three((index) => ({ json: {}, binary: index === 1 ? undefined : text(`ok-${index}.txt`) })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input Binary Field: the item has no binary property "data"$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'an unsupported file type (GIF)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({ json: {}, binary: index === 1 ? { data: { fileName: 'scan.gif', mimeType: 'image/gif', base64: Buffer.from('GIF89a....').toString('base64') } } : text(`ok-${index}.txt`) })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The file in "data" \("scan\.gif", image\/gif\) is not a type the service accepts$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'a 60 MB file (over the 50 MB limit)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({ json: {}, binary: index === 1 ? { data: { fileName: 'huge.pdf', mimeType: 'application/pdf', generate: 'pdf', sizeBytes: 60 * 1024 * 1024 } } : text(`ok-${index}.txt`) })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The file in "data" \("huge\.pdf"\) is 60\.0 MB, over the upload limit of 50\.0 MB$/,
		after: () => expect(ctx.sim.admin.requests().filter((entry) => entry.method === 'POST').length).toBe(2),
	},
	{
		operation: 'Input Document → Upload',
		input: 'an empty file (0 bytes)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () => three((index) => ({ json: {}, binary: index === 1 ? { data: { fileName: 'empty.txt', mimeType: 'text/plain', generate: 'zeros', sizeBytes: 0 } } : text(`ok-${index}.txt`) })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The file in "data" \("empty\.txt"\) is empty$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'a file labelled PDF that is not one (ingestion fails)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({
				json: {},
				binary: index === 1 ? { data: { fileName: 'fake.pdf', mimeType: 'application/pdf', base64: Buffer.from('just text, no PDF').toString('base64') } } : text(`ok-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The service could not process "fake\.pdf": corrupt_file$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'a revoked key',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		key: 'revoked',
		items: () => three((index) => ({ json: {}, binary: text(`ok-${index}.txt`) })),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '401',
		message: /^The service refused the API key \(invalid_api_key\): it is wrong, revoked or expired$/,
	},
	{
		operation: 'Input Document → Get',
		input: 'a document id that does not exist',
		parameters: { resource: 'inputDocument', operation: 'get', documentId: '={{ $json.documentId }}' },
		setup: seededDocument,
		items: (vars) => three((index) => ({ json: { documentId: index === 1 ? 'doc_does_not_exist' : vars.documentId } })),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Uploaded document "doc_does_not_exist" was not found \(404\)$/,
	},
	{
		operation: 'Input Document → Get',
		input: 'an empty document id',
		parameters: { resource: 'inputDocument', operation: 'get', documentId: '={{ $json.documentId }}' },
		setup: seededDocument,
		items: (vars) => three((index) => ({ json: { documentId: index === 1 ? ' ' : vars.documentId } })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Document ID is empty$/,
	},
	// Templates and documents
	{
		operation: 'Template → Get',
		input: 'a template id that does not exist',
		parameters: { resource: 'template', operation: 'get', templateId: byId('={{ $json.templateId }}') },
		items: jsonItems({ templateId: 'tpl_offer_letter' }, { templateId: 'tpl_nope' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Template "tpl_nope" was not found \(404\)$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a date in a refused form (01/03/2026)',
		parameters: produce({}),
		items: jsonItems(offerItem, { ...offerItem, date: '01/03/2026' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Some answers for template "Employment offer letter" cannot be sent: Start date "01\/03\/2026" is not a date the service accepts/,
	},
	{
		operation: 'Document → Produce',
		input: 'an impossible date (2026-02-30)',
		parameters: produce({}),
		items: jsonItems(offerItem, { ...offerItem, date: '2026-02-30' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Some answers for template "Employment offer letter" cannot be sent: Start date "2026-02-30" is not a calendar date$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a wrong type in the field mapper (text for a number)',
		parameters: produce({ 'employee.salary': '={{ $json.salary }}' }),
		items: jsonItems(offerItem, { ...offerItem, salary: 'lots' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Some answers for template "Employment offer letter" cannot be sent: Annual salary must be a number, got "lots"$/,
	},
	{
		operation: 'Document → Produce',
		input: 'an unknown template field',
		parameters: produce({ 'employee.nickname': '={{ $json.nick }}' }),
		items: jsonItems(offerItem, { ...offerItem, nick: 'JL' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Some answers for template "Employment offer letter" cannot be sent: employee\.nickname is not a field of this template/,
	},
	{
		operation: 'Document → Produce',
		input: 'a choice that is not an option',
		parameters: produce({ role: '={{ $json.role }}' }),
		items: jsonItems({ ...offerItem, role: 'Counsel' }, { ...offerItem, role: 'Partner' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Some answers for template "Employment offer letter" cannot be sent: Role "Partner" is not one of Associate, Senior Associate, Counsel$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a 3 MB picture',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () =>
			three((index) => ({
				json: offerItem,
				binary: { photo: index === 1 ? { fileName: 'big.png', mimeType: 'image/png', generate: 'png', width: 40, height: 40, padToBytes: 3 * 1024 * 1024 } : { fileName: 'ok.png', mimeType: 'image/png', generate: 'png', width: 40, height: 40 } },
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /Photo \(binary field "photo"\) is 3\.00 MB; pictures may be at most 1 MB$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a 4,000 px picture',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () =>
			three((index) => ({
				json: offerItem,
				binary: { photo: index === 1 ? { fileName: 'wide.png', mimeType: 'image/png', generate: 'png', width: 4000, height: 16 } : { fileName: 'ok.jpg', mimeType: 'image/jpeg', generate: 'jpeg', width: 64, height: 64 } },
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /Photo \(binary field "photo"\) is 4000 × 16 px; pictures may be at most 2,000 px on each side$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a picture field naming a binary property the item lacks',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () => three((index) => ({ json: offerItem, binary: index === 1 ? undefined : { photo: { fileName: 'ok.png', mimeType: 'image/png', generate: 'png', width: 40, height: 40 } } })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /Photo names the binary field "photo", which this item does not have$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a PDF where a picture belongs',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () =>
			three((index) => ({
				json: offerItem,
				binary: { photo: index === 1 ? { fileName: 'photo.pdf', mimeType: 'application/pdf', generate: 'pdf', sizeBytes: 2048 } : { fileName: 'ok.png', mimeType: 'image/png', generate: 'png', width: 40, height: 40 } },
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /Photo \(binary field "photo"\) is not a PNG or JPEG picture$/,
	},
	{
		operation: 'Document → Produce',
		input: 'Strict with a required answer missing (service refusal)',
		parameters: produce({ 'employee.start_date': '={{ $json.date }}' }, { strict: true }),
		items: jsonItems(offerItem, { ...offerItem, date: '' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '422',
		message: /^Required answers are missing, so nothing was produced \(fields_missing\): employee\.start_date$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a title over 200 characters (service refusal)',
		parameters: produce({}, { title: '={{ $json.title }}' }),
		items: jsonItems(offerItem, { ...offerItem, title: 'T'.repeat(250) }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The service answered 400 \(invalid_request\).*title/,
	},
	{
		operation: 'Document → Produce',
		input: 'a key without the documents:write scope',
		parameters: produce({}),
		key: 'readOnly',
		items: jsonItems(offerItem, offerItem),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^The API key lacks the scope documents:write \(missing_scope\)$/,
	},
	{
		operation: 'Document → Download',
		input: 'a document link on another origin',
		parameters: { resource: 'document', operation: 'download', format: 'pdf' },
		setup: async () => ({ links: await producedLinks() }),
		items: (vars) => three((index) => ({ json: { links: index === 1 ? { pdf: `${foreign.url}/documents/steal/content/pdf` } : vars.links } })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Refused to follow a link that points outside the service$/,
		after: foreignUntouched,
	},
	{
		operation: 'Document → Download',
		input: 'links without the asked format',
		parameters: { resource: 'document', operation: 'download', format: 'pdf' },
		setup: async () => ({ links: await producedLinks() }),
		items: (vars) => three((index) => ({ json: { links: index === 1 ? { docx: (vars.links as IDataObject).docx } : vars.links } })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Document Link of item 1 has no pdf link \(it has docx\)$/,
	},
	{
		operation: 'Document → Download',
		input: 'a document that needs a person’s review first',
		parameters: { resource: 'document', operation: 'download', format: 'pdf' },
		setup: async () => ({ links: await producedLinks(), review: await producedLinks('tpl_board_resolution', { resolution_text: 'Approve.', meeting_date: '2026-02-10' }) }),
		items: (vars) => three((index) => ({ json: { links: index === 1 ? vars.review : vars.links } })),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^A person must review this document in the workspace before its content can be downloaded \(review_required\)$/,
	},
	// Chat
	{
		operation: 'Chat → Complete',
		input: 'a model that is not allowed',
		parameters: chat(),
		items: jsonItems(chatItem, { ...chatItem, model: 'gpt-unknown' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The workspace does not allow this model for API access \(model_not_allowed\); allowed: dw-standard, dw-reasoning$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'an empty user message',
		parameters: chat(),
		items: jsonItems(chatItem, { ...chatItem, question: '' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^No user message to answer$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'invalid JSON in the Response Schema option',
		parameters: chat({ responseFormat: 'jsonSchema', jsonSchema: '={{ $json.schema }}' }),
		items: jsonItems({ ...chatItem, schema: SCHEMA }, { ...chatItem, schema: '{"type": "object",' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The Response Schema \(below Response Format\) is not valid JSON$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'a JSON Schema the deployment cannot honour ($ref)',
		parameters: chat({ responseFormat: 'jsonSchema', jsonSchema: '={{ $json.schema }}' }),
		items: jsonItems({ ...chatItem, schema: SCHEMA }, { ...chatItem, schema: JSON.stringify({ type: 'object', properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } }) }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The deployment cannot honour this response format \(structured_output_unsupported\)$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'a key without the chat:completions scope',
		parameters: chat(),
		key: 'readOnly',
		items: jsonItems(chatItem, chatItem),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^The API key lacks the scope chat:completions \(missing_scope\)$/,
	},
	{
		operation: 'Chat → List Models',
		input: 'a key whose user left the workspace',
		parameters: { resource: 'chat', operation: 'listModels' },
		key: 'noTenant',
		items: jsonItems({}, {}),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '401',
		message: /^The user who issued this API key no longer belongs to a workspace \(no_tenant\)$/,
	},
];

// ---- Trigger rows ----------------------------------------------------------------------------------------

interface TriggerRow {
	operation: 'Trigger (Run Finished)';
	input: string;
	parameters: IDataObject;
	key?: FixtureKeyName;
	baseUrl?: () => string;
	/** Runs that finish after activation, before the polled poll. */
	afterActivation?: () => Promise<void>;
	message: RegExp;
	errorClass: ErrorClass;
	after?: () => void;
}

const TRIGGER_ROWS: TriggerRow[] = [
	{ operation: 'Trigger (Run Finished)', input: 'no event selected', parameters: { events: [] }, errorClass: 'NodeOperationError', message: /^Select at least one event$/ },
	{
		operation: 'Trigger (Run Finished)',
		input: 'an expired key',
		parameters: { events: ['Completed'] },
		key: 'expired',
		errorClass: 'NodeApiError',
		message: /^The service refused the API key \(invalid_api_key\): it is wrong, revoked or expired$/,
	},
	{
		operation: 'Trigger (Run Finished)',
		input: 'a key without the workflows:read scope',
		parameters: { events: ['Completed'] },
		key: 'noWorkflowsRead',
		errorClass: 'NodeApiError',
		message: /^The API key lacks the scope workflows:read \(missing_scope\)$/,
	},
	{
		operation: 'Trigger (Run Finished)',
		input: 'a base URL that is not http(s)',
		parameters: { events: ['Completed'] },
		baseUrl: () => 'ftp://127.0.0.1/api',
		errorClass: 'NodeOperationError',
		message: /^The credential's Base URL is not a valid http\(s\) address$/,
	},
	{
		operation: 'Trigger (Run Finished)',
		input: 'a finished run whose downloadPath is on another origin (Attach Rendered Files)',
		parameters: { events: ['Completed'], options: { attachFiles: true } },
		afterActivation: async () => {
			// Finished after the activation (a run that finished before it is history and never fires).
			const [runId] = runAdmin(ctx.sim).seedRuns([
				{ workflowId: wf.agentSummary, keyId: FIXTURE_IDS.keys.full, status: 'Completed', startedAt: new Date(Date.now() - 60_000).toISOString(), completedAt: new Date().toISOString() },
			]);
			runAdmin(ctx.sim).setDownloadPath(runId, steps.agentSummary.render, `${foreign.url}/files/steal.pdf`);
		},
		errorClass: 'NodeOperationError',
		message: /^Refused to follow a link that points outside the service$/,
		after: foreignUntouched,
	},
];

// ---- Running the table ---------------------------------------------------------------------------------------

interface RowResult {
	operation: string;
	input: string;
	errorClass: string;
	message: string;
	itemIndex: number | string;
	httpCode?: string;
	continueOnFail: string;
}

const rowResults: RowResult[] = [];

beforeAll(async () => {
	await initFilesystemBinaryData();
	await ctx.start({ runTimeScale: 0.1, ingestionMs: 20, chatChunkDelayMs: 0, defaultRateLimitPerMinute: 100_000 });
	await foreign.start();
});
afterAll(async () => {
	await ctx.stop();
	await foreign.stop();
	const scan = ctx.scan(foreign.hits);
	writeResults('bad-input', { rows: rowResults, scan, foreignHits: foreign.hits.length });
	expect(scan.leaks).toEqual([]);
	expect(foreign.hits).toEqual([]);
});
beforeEach(() => ctx.reset());

describe('bad input, one row each: error class, message, item index; Continue On Fail keeps the others', () => {
	it.each(ROWS.map((row) => [`${row.operation}: ${row.input}`, row] as const))('%s', async (_name, row) => {
		const vars = (await row.setup?.()) ?? {};
		const items = row.items(vars);
		const badIndex = row.bad === 'all' ? 0 : row.bad;

		// 1. Continue On Fail off: the node stops at the bad item, naming it.
		const stopped = await runNode(ctx, { parameters: row.parameters, key: row.key, items });
		const error = thrownError(stopped);
		const result: RowResult = {
			operation: row.operation,
			input: row.input,
			errorClass: error?.errorClass ?? 'none',
			message: error?.message ?? '',
			itemIndex: row.bad === 'all' ? 'every item (credential)' : error?.itemIndex ?? 'none',
			httpCode: error?.httpCode,
			continueOnFail: '',
		};
		rowResults.push(result);
		expect(stopped.status).toBe('error');
		expect(error).toMatchObject({ errorClass: row.errorClass, itemIndex: badIndex });
		expect(error?.message).toMatch(row.message);
		expect(plainMessageProblem(error?.message)).toBeUndefined();
		if (row.httpCode) expect(error?.httpCode).toBe(row.httpCode);

		// 2. Continue On Fail on: every input has its outputs, paired; only the bad item fails, with the same message.
		ctx.reset();
		const vars2 = (await row.setup?.()) ?? {};
		const continued = await runNode(ctx, { parameters: row.parameters, key: row.key, items: row.items(vars2), continueOnFail: true });
		expect(continued.status).toBe('success');
		const outcomes = itemOutcomes(continued);
		const paired = outcomes.map((outcome) => (outcome.pairedItem as { item: number }).item);
		expect([...paired].sort((a, b) => a - b)).toEqual(paired);
		for (let index = 0; index < items.length; index++) {
			const mine = outcomes.filter((outcome) => (outcome.pairedItem as { item: number }).item === index);
			const shouldFail = row.bad === 'all' || index === row.bad;
			if (shouldFail) {
				expect(mine).toHaveLength(1);
				expect(mine[0]).toMatchObject({ ok: false });
				expect(mine[0].message).toMatch(row.message);
				expect(mine[0].json.itemIndex).toBe(index);
			} else {
				expect(mine.length).toBeGreaterThanOrEqual(1);
				expect(mine.map((outcome) => [outcome.ok, outcome.message])).toEqual(mine.map(() => [true, undefined]));
			}
		}
		result.continueOnFail =
			row.bad === 'all' ? `all ${items.length} items → paired error items` : `items 0 and 2 succeeded; item 1 → error item (itemIndex 1); ${outcomes.length} outputs, all paired`;
		row.after?.();
	});

	it.each(TRIGGER_ROWS.map((row) => [`${row.operation}: ${row.input}`, row] as const))('%s', async (_name, row) => {
		const harness = await PollHarness.create(row.parameters, { baseUrl: row.baseUrl?.() ?? ctx.url, apiKey: FIXTURE_KEYS[row.key ?? 'full'] });
		if (row.afterActivation) {
			const activation = await harness.poll();
			expect(activation.error).toBeUndefined();
			await row.afterActivation();
		}
		const state = () => JSON.stringify((harness.savedStaticData()['node:Run Finished'] as IDataObject | undefined)?.state ?? null);
		const saved = state();
		const polled = await harness.poll();
		ctx.transcripts.push(JSON.stringify(polled.items ?? null), JSON.stringify(polled.error ?? null), polled.log.join('\n'));
		const error = polled.error as (Error & { context?: IDataObject; httpCode?: string }) | undefined;
		const errorClass = error?.constructor?.name ?? 'none';
		rowResults.push({
			operation: row.operation,
			input: row.input,
			errorClass,
			message: error?.message ?? '',
			itemIndex: 'n/a (poll)',
			httpCode: error?.httpCode ?? undefined,
			continueOnFail: 'n/a: the poll fails; only its activation instant is saved (the next poll retries)',
		});
		expect(errorClass).toBe(row.errorClass);
		expect(error?.message).toMatch(row.message);
		expect(plainMessageProblem(error?.message)).toBeUndefined();
		// A failed poll saves nothing but the activation instant, recorded before its first request.
		// (Nothing at all when the settings are refused before the poll begins.)
		const after = JSON.parse(state()) as IDataObject | null;
		if (saved === 'null' && after !== null) expect(after).toMatchObject({ v: 2, polled: false, fired: {}, pending: {}, due: {} });
		else expect(state()).toBe(saved);
		row.after?.();
	});

	it('the table covers every operation and the trigger, with at least 40 rows', () => {
		expect(ROWS.length + TRIGGER_ROWS.length).toBeGreaterThanOrEqual(40);
		expect(new Set(ROWS.map((row) => row.operation.split(' → ')[0]))).toEqual(new Set(['Workflow', 'Run', 'Input Document', 'Template', 'Document', 'Chat']));
	});
});
