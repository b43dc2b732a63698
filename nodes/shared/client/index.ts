/**
 * The service's contract as functions: one per endpoint, each path written here once, each answer's shape checked
 * by the transport before it is returned. Operations, list searches, mappers, the trigger and the Chat Model call
 * these; nothing else builds a path.
 */
export { listWorkflows, getWorkflow } from './workflows';
export {
	startRun,
	listRuns,
	getRun,
	cancelRun,
	openRunEvents,
	runFilePath,
	downloadRunFile,
	downloadRunInputDocument,
} from './runs';
export { uploadInputDocument, getUploadStatus, type UploadRequestBody } from './inputDocuments';
export {
	listTemplates,
	getTemplate,
	produceDocument,
	downloadDocumentContent,
	openDocumentLink,
} from './templates';
export { listModels, openChatCompletion } from './chat';
export type * from './types';
