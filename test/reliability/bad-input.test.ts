import { initFilesystemBinaryData } from '../setup/filesystemBinaryMode';

import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness/poll';
import { FIXTURE_KEYS } from '../simulator';
import { itemOutcomes, plainMessageProblem, runNode, thrownError } from './support/harness';
import { writeResults } from './support/results';
import { CHAT_ROWS } from './bad-input/chat';
import { INPUT_DOCUMENT_ROWS } from './bad-input/input-document';
import { RUN_ROWS } from './bad-input/run';
import { RUN_START_ROWS } from './bad-input/run-start';
import { ctx, foreign, type Row } from './bad-input/table';
import { TEMPLATE_DOCUMENT_ROWS } from './bad-input/template-document';
import { TRIGGER_ROWS } from './bad-input/trigger';
import { WORKFLOW_ROWS } from './bad-input/workflow';

/**
 * The bad-input table: one row per wrong input, across every operation and the trigger. Each row
 * runs the node twice with three items (the bad one in the middle, unless the input is the credential itself):
 *   1. Continue On Fail off: the node stops with the row's error class and message, naming the bad item;
 *   2. Continue On Fail on: the other items still succeed, the bad one becomes an error item with the same
 *      message and its index, and every output keeps its pairedItem.
 * Trigger rows poll through n8n-core's PollContext: the poll fails with the message and saves no state.
 */

/** The rows of every operation, resource by resource (the rows themselves live in bad-input/, one file a resource). */
const ROWS: Row[] = [
	...WORKFLOW_ROWS,
	...RUN_START_ROWS,
	...RUN_ROWS,
	...INPUT_DOCUMENT_ROWS,
	...TEMPLATE_DOCUMENT_ROWS,
	...CHAT_ROWS,
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
	await ctx.start({
		runTimeScale: 0.1,
		ingestionMs: 20,
		chatChunkDelayMs: 0,
		defaultRateLimitPerMinute: 100_000,
	});
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
	it.each(ROWS.map((row) => [`${row.operation}: ${row.input}`, row] as const))(
		'%s',
		async (_name, row) => {
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
				itemIndex: row.bad === 'all' ? 'every item (credential)' : (error?.itemIndex ?? 'none'),
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
			const continued = await runNode(ctx, {
				parameters: row.parameters,
				key: row.key,
				items: row.items(vars2),
				continueOnFail: true,
			});
			expect(continued.status).toBe('success');
			const outcomes = itemOutcomes(continued);
			const paired = outcomes.map((outcome) => (outcome.pairedItem as { item: number }).item);
			expect([...paired].sort((a, b) => a - b)).toEqual(paired);
			for (let index = 0; index < items.length; index++) {
				const mine = outcomes.filter(
					(outcome) => (outcome.pairedItem as { item: number }).item === index,
				);
				const shouldFail = row.bad === 'all' || index === row.bad;
				if (shouldFail) {
					expect(mine).toHaveLength(1);
					expect(mine[0]).toMatchObject({ ok: false });
					expect(mine[0].message).toMatch(row.message);
					expect(mine[0].json.itemIndex).toBe(index);
				} else {
					expect(mine.length).toBeGreaterThanOrEqual(1);
					expect(mine.map((outcome) => [outcome.ok, outcome.message])).toEqual(
						mine.map(() => [true, undefined]),
					);
				}
			}
			result.continueOnFail =
				row.bad === 'all'
					? `all ${items.length} items → paired error items`
					: `items 0 and 2 succeeded; item 1 → error item (itemIndex 1); ${outcomes.length} outputs, all paired`;
			row.after?.();
		},
	);

	it.each(TRIGGER_ROWS.map((row) => [`${row.operation}: ${row.input}`, row] as const))(
		'%s',
		async (_name, row) => {
			const harness = await PollHarness.create(row.parameters, {
				baseUrl: row.baseUrl?.() ?? ctx.url,
				apiKey: FIXTURE_KEYS[row.key ?? 'full'],
			});
			if (row.afterActivation) {
				const activation = await harness.poll();
				expect(activation.error).toBeUndefined();
				await row.afterActivation();
			}
			const state = () =>
				JSON.stringify(
					(harness.savedStaticData()['node:Run Finished'] as IDataObject | undefined)?.state ??
						null,
				);
			const saved = state();
			const polled = await harness.poll();
			ctx.transcripts.push(
				JSON.stringify(polled.items ?? null),
				JSON.stringify(polled.error ?? null),
				polled.log.join('\n'),
			);
			const error = polled.error as
				| (Error & { context?: IDataObject; httpCode?: string })
				| undefined;
			const errorClass = error?.constructor?.name ?? 'none';
			rowResults.push({
				operation: row.operation,
				input: row.input,
				errorClass,
				message: error?.message ?? '',
				itemIndex: 'n/a (poll)',
				httpCode: error?.httpCode ?? undefined,
				continueOnFail:
					'n/a: the poll fails; only its activation instant is saved (the next poll retries)',
			});
			expect(errorClass).toBe(row.errorClass);
			expect(error?.message).toMatch(row.message);
			expect(plainMessageProblem(error?.message)).toBeUndefined();
			// A failed poll saves nothing but the activation instant, recorded before its first request.
			// (Nothing at all when the settings are refused before the poll begins.)
			const after = JSON.parse(state()) as IDataObject | null;
			if (saved === 'null' && after !== null)
				expect(after).toMatchObject({ v: 2, polled: false, fired: {}, pending: {}, due: {} });
			else expect(state()).toBe(saved);
			row.after?.();
		},
	);

	it('the table covers every operation and the trigger, with at least 40 rows', () => {
		expect(ROWS.length + TRIGGER_ROWS.length).toBeGreaterThanOrEqual(40);
		expect(new Set(ROWS.map((row) => row.operation.split(' → ')[0]))).toEqual(
			new Set(['Workflow', 'Run', 'Input Document', 'Template', 'Document', 'Chat']),
		);
	});
});
