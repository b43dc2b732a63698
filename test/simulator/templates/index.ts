/**
 * The templates module: GET /document-templates[/{templateId}], POST
 * /document-templates/{templateId}/documents, GET /documents/{documentId} and its content in
 * docx, pdf and markdown, and the admin hooks. `createSimulator()` calls registerTemplateRoutes.
 */
import type { Simulator } from '../simulator';
import { registerTemplateAdminRoutes } from './admin';
import { registerTemplateHandlers } from './routes';
import { registerTemplatesStore } from './store';

export function registerTemplateRoutes(sim: Simulator): void {
	registerTemplatesStore(sim);
	registerTemplateHandlers(sim);
	registerTemplateAdminRoutes(sim);
}

export { templatesAdmin } from './admin';
export type { TemplatesAdmin, TemplatePatch, DocumentTypePatch, DocumentAdminView } from './admin';
export { TEMPLATE_IDS, DOCUMENT_TYPE_IDS, APP_DOCUMENT_IDS } from './fixture-ids';
export { COMPANY_LOGO_PNG, OFFER_LETTER_DEFAULTS, OFFER_LETTER_OPTIONS } from './offer-letter';
export { PRODUCE_BODY_LIMIT } from './routes';
export { PICTURE_MAX_BYTES, PICTURE_MAX_SIDE_PX, readPicture } from './pictures';
export { readDate } from './dates';
export { encodePng, encodeGrayJpeg } from './images';
export { DOCUMENT_CONTENT_TYPES, titleSlug } from './render';
export { DOCUMENT_FORMATS } from './types';
export type {
	DocumentFormat,
	DocumentStatus,
	DocumentTypeRecord,
	TemplateRecord,
	ProducedDocumentRecord,
} from './types';
export type {
	TemplateSummary,
	TemplateDetail,
	ProducedDocument,
	DocumentLinks,
} from './projection';
