import type { IDataObject } from 'n8n-workflow';

import type { RetryPolicy } from '../transport/retry';

/** What a caller may tell any endpoint: the item the call is made for (errors name it) and a tighter retry policy. */
export interface CallOptions {
	itemIndex?: number;
	retry?: Partial<RetryPolicy>;
}

/** A call that changes something: what to check before running the item again if its answer was lost. */
export interface ChangeOptions extends CallOptions {
	ifUnsure?: string;
}

/**
 * The answers, as the transport hands them over: JSON objects whose shape it has checked (an object, or a list of
 * objects; the id where one is required). The contract shows few fields for sure and tolerates any others, so the
 * answers stay open records; the names say which answer is which.
 */
export type WorkflowSummary = IDataObject;
export type WorkflowDetail = IDataObject;
/** `runId` (or `id`, `run_id`) is always there: the transport refuses a start answer without one. */
export type StartRunAnswer = IDataObject;
export type RunRecord = IDataObject;
export type RunListEntry = IDataObject;
export type CancelAnswer = IDataObject;
export type UploadStatus = IDataObject;
export type TemplateSummary = IDataObject;
export type TemplateDetail = IDataObject;
export type ProducedDocument = IDataObject;
export type ChatModelEntry = IDataObject;
