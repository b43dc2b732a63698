/**
 * The uploads slice: what the input-documents store does not hold. The ingestions still under way
 * (with their timers), whether the admin holds new ones, and each workspace's storage setting.
 * The upload records themselves live in the input-documents store (input-documents.ts), shared
 * with the runs module, which refuses documents that are not `ready` and records `usedByRunId`.
 *
 * Defined per simulator (it needs the simulator's timers), like the runs slice. Its dispose cancels
 * every ingestion timer: a reset or stop leaves nothing running and clears the hold.
 */
import { inputDocumentStore, type InputDocumentRecord } from '../input-documents';
import { defineSlice, type SimulatorState, type StateSlice } from '../state';
import type { Simulator } from '../simulator';
import type { IngestionOutcome } from './inspect';

/** Default per-workspace storage limit: 1 GiB (contract, Limits: "the numeric storage limit: not shown"). */
export const DEFAULT_STORAGE_LIMIT_BYTES = 1024 ** 3;

export interface StorageSetting {
	limitBytes: number;
	/** Synthetic usage added to the uploads' sizes (so a test need not upload a gigabyte). */
	usedBytes: number;
}

export interface PendingIngestion {
	documentId: string;
	outcome: IngestionOutcome;
	/** null while held (or once fired). */
	timer: NodeJS.Timeout | null;
}

export class UploadsStore {
	/** While true, new uploads stay `processing` until completed or released (admin holdIngestion). */
	holding = false;
	/** Uploads still `processing`, by documentId. */
	readonly pending = new Map<string, PendingIngestion>();
	/** By workspace id; absent means the default limit and no synthetic usage. */
	readonly storage = new Map<string, StorageSetting>();

	constructor(
		readonly sim: Simulator,
		readonly state: SimulatorState,
	) {}

	record(documentId: string): InputDocumentRecord | undefined {
		return inputDocumentStore(this.state).documents.get(documentId);
	}

	storageOf(workspaceId: string): StorageSetting {
		return (
			this.storage.get(workspaceId) ?? { limitBytes: DEFAULT_STORAGE_LIMIT_BYTES, usedBytes: 0 }
		);
	}

	/** Bytes of the workspace's uploads that are not `failed` (a failed upload frees its space). */
	uploadedBytes(workspaceId: string): number {
		let total = 0;
		for (const record of inputDocumentStore(this.state).documents.values()) {
			if (record.workspaceId === workspaceId && record.status !== 'failed')
				total += record.sizeBytes;
		}
		return total;
	}

	/** The workspace's usage as storage_limit_reached reports it: synthetic usage + uploads. */
	usage(workspaceId: string): number {
		return this.storageOf(workspaceId).usedBytes + this.uploadedBytes(workspaceId);
	}

	dispose(): void {
		for (const pending of this.pending.values())
			if (pending.timer) this.sim.timers.clearTimeout(pending.timer);
		this.pending.clear();
		this.holding = false;
	}
}

const slices = new WeakMap<Simulator, StateSlice<UploadsStore>>();

export function defineUploadsSlice(sim: Simulator): StateSlice<UploadsStore> {
	const existing = slices.get(sim);
	if (existing) return existing;
	const slice = defineSlice<UploadsStore>({
		name: 'uploads',
		create: (state) => new UploadsStore(sim, state),
		dispose: (store) => store.dispose(),
	});
	slices.set(sim, slice);
	return slice;
}

/** The uploads of the simulator's current state (throws when the uploads module is not registered). */
export function uploadsOf(sim: Simulator, state: SimulatorState = sim.state): UploadsStore {
	const slice = slices.get(sim);
	if (!slice)
		throw new Error(
			'The uploads module is not registered on this simulator (createSimulator() registers it).',
		);
	return state.slice(slice);
}
