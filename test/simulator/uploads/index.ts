/**
 * The uploads module (issue 4): POST /workflow-inputs/documents (multipart or JSON base64),
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

export { uploadsAdmin, toUploadSummary } from './admin';
export type { UploadsAdmin, UploadSummary, StorageView, StorageSettingInput } from './admin';
export { ACCEPTED_UPLOAD_TYPES, UPLOAD_EXTENSIONS, DOCX_CONTENT_TYPE, resolveUploadType, mediaTypeEssence } from './media-types';
export type { UploadKind, TypeResolution } from './media-types';
export { checkBase64 } from './base64';
export { countPdfPages } from './pdf-pages';
export { FAIL_INGESTION_MARKER, PARAGRAPHS_PER_PAGE, inspectUpload } from './inspect';
export type { IngestionOutcome } from './inspect';
export { DEFAULT_STORAGE_LIMIT_BYTES, uploadsOf } from './store';
export { jsonBodyLimit } from './request';
export { toUploadResponse, UPLOAD_STATUS_PATH } from './routes';
