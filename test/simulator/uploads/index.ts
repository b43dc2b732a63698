/**
 * The uploads module: POST /workflow-inputs/documents (multipart or JSON base64),
 * GET /workflow-inputs/documents/{documentId}, background ingestion and the admin hooks.
 * `createSimulator()` calls registerUploadRoutes. The records live in the input-documents store
 * shared with the runs module.
 */
import { registerInputDocumentStore } from '../input-documents';
import type { Simulator } from '../simulator';
import { registerUploadAdminRoutes } from './admin';
import { registerUploadHandlers } from './routes';
import { defineUploadsSlice } from './store';

export function registerUploadRoutes(sim: Simulator): void {
	registerInputDocumentStore(sim);
	sim.registerSlice(defineUploadsSlice(sim));
	registerUploadHandlers(sim);
	registerUploadAdminRoutes(sim);
}

export { uploadsAdmin } from './admin';
export type { UploadsAdmin, UploadSummary, StorageView, StorageSettingInput } from './admin';
export { ACCEPTED_UPLOAD_TYPES, UPLOAD_EXTENSIONS, DOCX_CONTENT_TYPE } from './media-types';
export type { UploadKind } from './media-types';
export { countPdfPages } from './pdf-pages';
export { FAIL_INGESTION_MARKER, PARAGRAPHS_PER_PAGE } from './inspect';
export type { IngestionOutcome } from './inspect';
export { DEFAULT_STORAGE_LIMIT_BYTES } from './store';
export { jsonBodyLimit } from './request';
