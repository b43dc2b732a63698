/**
 * Admin hooks of the uploads module, programmatic (`uploadsAdmin(sim)`) and over HTTP under
 * /__admin. They stand for what happens inside the service, outside the API: ingestion that
 * takes as long as a test needs, ingestion that fails, and the workspace's storage limit.
 */
import { AdminError } from '../admin';
import {
	inputDocumentStore,
	type InputDocumentRecord,
	type InputDocumentStatus,
} from '../input-documents';
import type { Simulator } from '../simulator';
import { finishIngestion, releaseHeld } from './ingestion';
import { uploadsOf, type UploadsStore } from './store';

/** One upload as the admin sees it (no bytes): enough to count uploads per key. */
export interface UploadSummary {
	documentId: string;
	keyId: string;
	filename: string;
	contentType: string;
	sizeBytes: number;
	status: InputDocumentStatus;
	processingError: string | null;
	usedByRunId: string | null;
}

export interface StorageView {
	workspaceId: string;
	limitBytes: number;
	/** The synthetic usage set by setStorage. */
	usedBytes: number;
	/** Sizes of the workspace's uploads that are not failed. */
	uploadedBytes: number;
	/** usedBytes + uploadedBytes: what storage_limit_reached reports as `usage`. */
	usage: number;
}

export interface StorageSettingInput {
	limitBytes: number;
	/** Default 0. */
	usedBytes?: number;
}

export interface UploadsAdmin {
	/** On: new uploads stay `processing` until completeIngestion or holdIngestion(false) (which starts their ingestion time). */
	holdIngestion(on: boolean): void;
	/** Ends the ingestion of a `processing` upload now: `ready` (page count as ingestion would find it) or `failed` with `code`. */
	completeIngestion(documentId: string, outcome: 'ready' | 'failed', code?: string): UploadSummary;
	/** Replaces the workspace's storage setting (limit, and a synthetic usage so a test need not upload a gigabyte). */
	setStorage(workspaceId: string, setting: StorageSettingInput): StorageView;
	storage(workspaceId: string): StorageView;
	/** Every upload (and seeded input document), in creation order. */
	uploads(): UploadSummary[];
}

function toUploadSummary(record: InputDocumentRecord): UploadSummary {
	const {
		documentId,
		keyId,
		filename,
		contentType,
		sizeBytes,
		status,
		processingError,
		usedByRunId,
	} = record;
	return {
		documentId,
		keyId,
		filename,
		contentType,
		sizeBytes,
		status,
		processingError,
		usedByRunId,
	};
}

const isByteCount = (value: unknown): value is number =>
	Number.isSafeInteger(value) && (value as number) >= 0;

function storageView(store: UploadsStore, workspaceId: string): StorageView {
	const { limitBytes, usedBytes } = store.storageOf(workspaceId);
	const uploadedBytes = store.uploadedBytes(workspaceId);
	return { workspaceId, limitBytes, usedBytes, uploadedBytes, usage: usedBytes + uploadedBytes };
}

export function uploadsAdmin(sim: Simulator): UploadsAdmin {
	// Always the current state: a reset replaces it, so nothing here may be cached.
	const store = () => uploadsOf(sim);
	const workspace = (workspaceId: string): string => {
		if (!sim.state.workspaces.has(workspaceId))
			throw new AdminError(`Unknown workspace ${workspaceId}`, 404);
		return workspaceId;
	};
	return {
		holdIngestion(on) {
			if (typeof on !== 'boolean') throw new AdminError('on must be true or false');
			const uploads = store();
			uploads.holding = on;
			if (!on) releaseHeld(uploads);
		},
		completeIngestion(documentId, outcome, code) {
			const uploads = store();
			const record = uploads.record(documentId);
			if (!record) throw new AdminError(`Unknown upload ${documentId}`, 404);
			if (record.status !== 'processing')
				throw new AdminError(`Upload ${documentId} is already ${record.status}`, 409);
			if (outcome !== 'ready' && outcome !== 'failed')
				throw new AdminError("outcome must be 'ready' or 'failed'");
			if (code !== undefined && (typeof code !== 'string' || code === ''))
				throw new AdminError('code must be a non-empty string');
			const planned = uploads.pending.get(documentId)?.outcome;
			if (outcome === 'ready') {
				// A seeded `processing` document has no planned outcome: it keeps its page count (or 1).
				const pageCount = planned?.pageCount ?? record.pageCount ?? 1;
				finishIngestion(uploads, documentId, { pageCount, processingError: null });
			} else {
				finishIngestion(uploads, documentId, {
					pageCount: null,
					processingError: code ?? planned?.processingError ?? 'ingestion_failed',
				});
			}
			return toUploadSummary(record);
		},
		setStorage(workspaceId, setting) {
			workspace(workspaceId);
			if (setting === null || typeof setting !== 'object')
				throw new AdminError('The setting must be { limitBytes, usedBytes? }');
			const { limitBytes, usedBytes = 0 } = setting;
			if (!isByteCount(limitBytes))
				throw new AdminError('limitBytes must be a whole number of bytes >= 0');
			if (!isByteCount(usedBytes))
				throw new AdminError('usedBytes must be a whole number of bytes >= 0');
			const uploads = store();
			uploads.storage.set(workspaceId, { limitBytes, usedBytes });
			return storageView(uploads, workspaceId);
		},
		storage: (workspaceId) => storageView(store(), workspace(workspaceId)),
		uploads: () => [...inputDocumentStore(sim.state).documents.values()].map(toUploadSummary),
	};
}

export function registerUploadAdminRoutes(sim: Simulator): void {
	const admin = uploadsAdmin(sim);
	sim.adminRoute({ method: 'GET', path: '/uploads', handler: () => admin.uploads() });
	sim.adminRoute({
		method: 'PUT',
		path: '/uploads/hold',
		handler: async (ctx) => {
			const on = (await ctx.body()).on as boolean;
			admin.holdIngestion(on);
			return { holding: on };
		},
	});
	sim.adminRoute({
		method: 'POST',
		path: '/uploads/:documentId/complete',
		handler: async (ctx) => {
			const body = await ctx.body();
			return admin.completeIngestion(
				ctx.params.documentId,
				body.outcome as 'ready' | 'failed',
				body.code as string | undefined,
			);
		},
	});
	const storagePath = '/workspaces/:workspaceId/storage';
	sim.adminRoute({
		method: 'GET',
		path: storagePath,
		handler: (ctx) => admin.storage(ctx.params.workspaceId),
	});
	sim.adminRoute({
		method: 'PUT',
		path: storagePath,
		handler: async (ctx) =>
			admin.setStorage(
				ctx.params.workspaceId,
				(await ctx.body()) as unknown as StorageSettingInput,
			),
	});
}
