/**
 * Background ingestion (contract, States: Uploaded workflow input document): an accepted upload is
 * `processing`; after `ingestionMs` × `runTimeScale` of real time (the run engine's scale, so one
 * knob speeds up a whole scenario) it becomes `ready` with its page count, or `failed` (terminal)
 * with the short code the fixture rules chose (inspect.ts). Timers come from the simulator's
 * TimerBag, so stop() cancels them; a reset cancels them through the slice's dispose.
 */
import { setInputDocumentStatus } from '../input-documents';
import type { IngestionOutcome } from './inspect';
import type { PendingIngestion, UploadsStore } from './store';

function arm(store: UploadsStore, pending: PendingIngestion): void {
	const { ingestionMs, runTimeScale } = store.sim.options;
	// A latency profile's ingestion time is the service's own pace: it replaces the scaled option.
	const delayMs = store.sim.latency.profile.ingestionMs ?? ingestionMs * runTimeScale;
	pending.timer = store.sim.timers.setTimeout(() => {
		pending.timer = null;
		finishIngestion(store, pending.documentId, pending.outcome);
	}, delayMs);
}

/** Starts ingesting a just-added upload; while the admin holds ingestion, it waits for a release. */
export function startIngestion(
	store: UploadsStore,
	documentId: string,
	outcome: IngestionOutcome,
): void {
	const pending: PendingIngestion = { documentId, outcome, timer: null };
	store.pending.set(documentId, pending);
	if (!store.holding) arm(store, pending);
}

/** Holding off: every held upload starts its ingestion time now. */
export function releaseHeld(store: UploadsStore): void {
	for (const pending of store.pending.values()) if (pending.timer === null) arm(store, pending);
}

/** processing -> ready (with its page count) | failed (with its code). A no-op once it left processing. */
export function finishIngestion(
	store: UploadsStore,
	documentId: string,
	outcome: IngestionOutcome,
): void {
	const pending = store.pending.get(documentId);
	if (pending?.timer) store.sim.timers.clearTimeout(pending.timer);
	store.pending.delete(documentId);
	const record = store.record(documentId);
	if (!record || record.status !== 'processing') return;
	if (outcome.processingError === null) {
		record.pageCount = outcome.pageCount;
		setInputDocumentStatus(record, 'ready');
	} else {
		setInputDocumentStatus(record, 'failed', outcome.processingError);
	}
}
