/**
 * Entry point of the service simulator. `createSimulator()` is the composition root: it builds the
 * core and registers each module's routes. Later modules add their `register...(sim)` call here.
 */
import { registerChatRoutes } from './chat';
import { registerModelRoutes } from './routes/models';
import { registerWorkflowRoutes } from './routes/workflows';
import { registerRunRoutes } from './runs';
import { registerTemplateRoutes } from './templates';
import { registerUploadRoutes } from './uploads';
import { Simulator, type SimulatorOptions } from './simulator';

export function createSimulator(options: SimulatorOptions = {}): Simulator {
	const sim = new Simulator(options);
	registerWorkflowRoutes(sim);
	registerRunRoutes(sim);
	registerUploadRoutes(sim);
	registerTemplateRoutes(sim);
	registerModelRoutes(sim);
	registerChatRoutes(sim);
	return sim;
}

export { Simulator, DEFAULT_ADMIN_TOKEN } from './simulator';
export type { SimulatorOptions, ResolvedSimulatorOptions, SseLineEnding } from './simulator';
export { FIXTURE_KEYS, FIXTURE_IDS, DEFAULT_KEY_LIFETIME_MS } from './fixtures';
export { describeLatency } from './latency';
export { parseLatencyArgument } from './latency-profiles';
export type { LatencySetting } from './latency-profiles';
export type { FixtureKeyName } from './fixtures';
export {
	HttpError,
	sendJson,
	sendError,
	sendShape1,
	sendShape3,
	upstreamError,
	bearerChallenge,
} from './responses';
export type { Shape1Code, Shape3Error, Shape3Type } from './responses';
export { BodyTooLargeError, ClientAbortedError } from './body-errors';
export type {
	MultipartOptions,
	MultipartResult,
	MultipartFile,
	MultipartFileInfo,
} from './multipart-body';
export { defineSlice, SimulatorState, Counters } from './state';
export type { StateSlice } from './state';
export type { RouteContext, RouteDefinition, RouteHandler } from './route-context';
export type { AdminContext, AdminRouteDefinition } from './admin-http';
export { ADMIN_TOKEN_HEADER } from './admin-http';
export type { FaultRule, FaultRuleInput, FaultKind, FaultTarget } from './faults';
export type { RequestLogEntry } from './request-log';
export { OPERATIONS } from './operations';
export type { OperationId, OperationSpec } from './operations';
export { OPENAPI_PATH, REQUIRED_SCOPE_EXTENSION } from './openapi';
export { ALL_SCOPES } from './types';
export type * from './types';
export {
	requireAllowedWorkflow,
	listVisibleWorkflows,
	findTenantWorkflow,
	isOnAllowlist,
} from './workflow-visibility';
export {
	registerRunRoutes,
	runAdmin,
	PERSON_RUN_IDS,
	QUEUE_MS,
	CANCEL_NOTICE_MS,
	RUN_LIST_LIMIT,
	RUN_STATUSES,
	TERMINAL_STATUSES,
} from './runs';
export type {
	RunAdmin,
	RunAdminView,
	SeedRunSpec,
	SeedInputDocumentInput,
	RunStatus,
	RunCondition,
	StepStatus,
	RunInitiator,
	RunError,
	RunRecord,
	RunStepView,
	RenderedArtifactView,
	RunListItem,
	InputDocumentRef,
	KnowledgeBaseRef,
} from './runs';
export {
	INPUT_DOCUMENTS,
	KNOWLEDGE_BASE_IDS,
	registerInputDocumentStore,
	inputDocumentStore,
	addInputDocument,
	findInputDocument,
	findInputDocumentVersion,
	setInputDocumentStatus,
	markInputDocumentUsed,
	toInputDocumentStatusView,
	knowledgeBaseFor,
	findKnowledgeBaseVersion,
} from './input-documents';
export type {
	InputDocumentRecord,
	InputDocumentStatus,
	InputDocumentStore,
	KnowledgeBaseDocument,
	NewInputDocument,
} from './input-documents';
export {
	registerChatRoutes,
	chatAdmin,
	CHAT_QUOTAS,
	DEFAULT_QUOTA_WINDOW_MS,
	REASONING_TOKENS,
	QUESTION_WORD_LIMIT,
	SUPPORTED_KEYWORDS,
} from './chat';
export type {
	ChatAdmin,
	ChatQuotaView,
	QuotaSetting,
	ChatChunk,
	ChatUsage,
	FinishReason,
} from './chat';
export { CHAT_MODELS, WORKSPACE_MODELS, modelsFor } from './routes/models';
export type { ChatModel } from './routes/models';
export {
	registerTemplateRoutes,
	templatesAdmin,
	TEMPLATE_IDS,
	DOCUMENT_TYPE_IDS,
	APP_DOCUMENT_IDS,
	COMPANY_LOGO_PNG,
	OFFER_LETTER_DEFAULTS,
	OFFER_LETTER_OPTIONS,
	PRODUCE_BODY_LIMIT,
	PICTURE_MAX_BYTES,
	PICTURE_MAX_SIDE_PX,
	DOCUMENT_CONTENT_TYPES,
	DOCUMENT_FORMATS,
	encodePng,
	encodeGrayJpeg,
	readDate,
	readPicture,
	titleSlug,
} from './templates';
export type {
	TemplatesAdmin,
	TemplatePatch,
	DocumentTypePatch,
	DocumentAdminView,
	TemplateRecord,
	DocumentTypeRecord,
	ProducedDocumentRecord,
	TemplateSummary,
	TemplateDetail,
	ProducedDocument,
	DocumentLinks,
	DocumentFormat,
	DocumentStatus,
} from './templates';
export {
	registerUploadRoutes,
	uploadsAdmin,
	ACCEPTED_UPLOAD_TYPES,
	UPLOAD_EXTENSIONS,
	DEFAULT_STORAGE_LIMIT_BYTES,
	FAIL_INGESTION_MARKER,
	PARAGRAPHS_PER_PAGE,
	countPdfPages,
	jsonBodyLimit,
} from './uploads';
export type {
	UploadsAdmin,
	UploadSummary,
	StorageView,
	StorageSettingInput,
	UploadKind,
	IngestionOutcome,
} from './uploads';
