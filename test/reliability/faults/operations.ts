import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, runAdmin, templatesAdmin, type RequestLogEntry } from '../../simulator';
import { uploadsAdmin } from '../../simulator/uploads';
import { apiRuns, byId, type IntegrationContext } from '../../integration/support';
import type { ItemOutcome, ItemSpec } from '../support/harness';
import { TARGETS, type Cell, type Operation } from './cells';

/**
 * The fault matrix's operations, two items each: their items and parameters, and how the service's log and state
 * tell what it did for each item (its effects, its attempts, its result).
 */

const wf = FIXTURE_IDS.workflows;

/** Different sizes, so a refused upload (logged by its byte count only) is still attributed to its item. */
const UPLOAD_SIZES = [64 * 1024, 80 * 1024];

const cellTag = (cell: Cell) => `${cell.operation} / ${cell.fault}`.replace(/[^A-Za-z0-9]+/g, '-');

export function itemsFor(cell: Cell): ItemSpec[] {
	const tag = cellTag(cell);
	return [0, 1].map((index) => ({
		json: {
			text: `Fault matrix ${tag}, item ${index}: summarise the supply agreement.`,
			title: `${tag} item ${index}`,
			question: `Fault matrix ${tag} item ${index}: what does the termination clause of the supply agreement say about notice?`,
		},
		binary:
			cell.operation === 'Upload'
				? {
						data: {
							fileName: `${tag}-${index}.pdf`,
							mimeType: 'application/pdf',
							generate: 'pdf',
							sizeBytes: UPLOAD_SIZES[index],
						},
					}
				: undefined,
	}));
}

/**
 * Each cell looks at how one request meets its faults, so its items run one at a time (Batch Size 1): the matrix
 * also shows that a Batch Size of 1 behaves as the node did before it had one.
 */
export function parametersFor(operation: Operation): IDataObject {
	return { ...operationParameters(operation), batching: { batchSize: 1 } };
}

function operationParameters(operation: Operation): IDataObject {
	switch (operation) {
		case 'Start Run + Wait':
		case 'Wait: event stream':
			return {
				resource: 'run',
				operation: 'start',
				workflowId: byId(wf.agentSummary),
				inputMode: 'text',
				inputText: '={{ $json.text }}',
				waitForCompletion: true,
				downloadFiles: false,
				waitOptions: { checkInterval: 1, timeout: 60 },
			};
		case 'Upload':
			return { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' };
		case 'Produce':
			return {
				resource: 'document',
				operation: 'produce',
				templateId: byId('tpl_offer_letter'),
				title: '={{ $json.title }}',
				answers: {
					mappingMode: 'defineBelow',
					value: {
						'employee.name': 'Jordan Lee',
						'employee.start_date': '2026-03-01',
						role: 'Counsel',
					},
					matchingColumns: [],
					schema: [],
				},
			};
		case 'Chat':
			return {
				resource: 'chat',
				operation: 'complete',
				model: 'dw-standard',
				messages: { values: [{ role: 'user', content: '={{ $json.question }}' }] },
			};
	}
}

/** How many times the service acted on each item's input (runs started, uploads stored, documents produced, completions answered). */
export function effectsPerItem(
	ctx: IntegrationContext,
	cell: Cell,
	items: ItemSpec[],
	log: RequestLogEntry[],
): number[] {
	switch (cell.operation) {
		case 'Start Run + Wait':
		case 'Wait: event stream': {
			const runs = apiRuns(ctx);
			return items.map((item) => runs.filter((run) => run.input === item.json?.text).length);
		}
		case 'Upload': {
			const uploads = uploadsAdmin(ctx.sim).uploads();
			return items.map(
				(item) => uploads.filter((upload) => upload.filename === item.binary?.data.fileName).length,
			);
		}
		case 'Produce': {
			const documents = templatesAdmin(ctx.sim)
				.documents()
				.filter((document) => document.origin === 'api');
			return items.map(
				(item) => documents.filter((document) => document.title === item.json?.title).length,
			);
		}
		case 'Chat':
			// A completion is answered (and counted) once the handler ran: a 200, or an answer held or cut after it.
			return items.map(
				(item) =>
					log.filter(
						(entry) =>
							TARGETS.Chat.pattern.test(entry.path) &&
							JSON.stringify(entry.requestBody).includes(String(item.json?.question)) &&
							(entry.status === 200 ||
								entry.faults.some((fault) => /delay-after|reset-after/.test(fault))),
					).length,
			);
	}
}

export function resultOf(cell: Cell, outcome: ItemOutcome): string | undefined {
	const json = outcome.json;
	switch (cell.operation) {
		case 'Start Run + Wait':
		case 'Wait: event stream':
			return json.status === 'Completed' ? String(json.runId) : undefined;
		case 'Upload':
			return json.status === 'ready' ? String(json.documentId) : undefined;
		case 'Produce':
			return typeof json.documentId === 'string' ? json.documentId : undefined;
		case 'Chat':
			return typeof json.text === 'string' && json.text.length > 0 ? json.text : undefined;
	}
}

/** The targeted requests of each item. Items run one after the other, so the log splits where item 1 begins. */
export function splitByItem(
	ctx: IntegrationContext,
	cell: Cell,
	entries: RequestLogEntry[],
	items: ItemSpec[],
): RequestLogEntry[][] {
	const belongsTo = (entry: RequestLogEntry, index: number): boolean => {
		const json = items[index].json ?? {};
		const body = JSON.stringify(entry.requestBody ?? null);
		switch (cell.operation) {
			case 'Start Run + Wait':
				return body.includes(String(json.text));
			case 'Produce':
				return body.includes(String(json.title));
			case 'Chat':
				return body.includes(String(json.question));
			case 'Upload': {
				const bytes = (entry.requestBody as { bytes?: unknown } | undefined)?.bytes;
				return (
					body.includes(String(items[index].binary?.data.fileName)) ||
					(typeof bytes === 'number' && Math.abs(bytes - UPLOAD_SIZES[index]) < 2048)
				);
			}
			case 'Wait: event stream': {
				const run = runAdmin(ctx.sim)
					.runs()
					.find((candidate) => candidate.input === json.text);
				return !!run && entry.path.includes(run.runId);
			}
		}
	};
	return [0, 1].map((index) => entries.filter((entry) => belongsTo(entry, index)));
}

export function describeOutcome(outcomes: ItemOutcome[]): string {
	if (outcomes.every((outcome) => outcome.ok)) return 'both items succeeded';
	return outcomes
		.map((outcome) =>
			outcome.ok
				? `item ${outcome.index} succeeded`
				: `item ${outcome.index} failed: ${outcome.message}`,
		)
		.join('; ');
}
