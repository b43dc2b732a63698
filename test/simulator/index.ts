/**
 * Entry point of the service simulator. `createSimulator()` is the composition root: it builds the
 * core and registers each module's routes. Later modules add their `register...(sim)` call here.
 */
import { registerModelRoutes } from './routes/models';
import { registerWorkflowRoutes } from './routes/workflows';
import { registerRunRoutes } from './runs';
import { Simulator, type SimulatorOptions } from './simulator';

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const sim = new Simulator(options);
  registerWorkflowRoutes(sim);
  registerRunRoutes(sim);
  registerModelRoutes(sim);
  return sim;
}

export { Simulator, DEFAULT_ADMIN_TOKEN } from './simulator';
export type { SimulatorOptions, ResolvedSimulatorOptions, SseLineEnding } from './simulator';
export { FIXTURE_KEYS, FIXTURE_IDS, DEFAULT_KEY_LIFETIME_MS } from './fixtures';
export type { FixtureKeyName } from './fixtures';
export { HttpError, sendJson, sendError, sendShape1, sendShape3, upstreamError, bearerChallenge } from './responses';
export type { Shape1Code, Shape3Error, Shape3Type } from './responses';
export { BodyTooLargeError, ClientAbortedError } from './body';
export type { MultipartOptions, MultipartResult, MultipartFile, MultipartFileInfo } from './body';
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
export { requireAllowedWorkflow, listVisibleWorkflows, findTenantWorkflow, isOnAllowlist } from './workflow-visibility';
export { registerRunRoutes, runAdmin, PERSON_RUN_IDS, QUEUE_MS, CANCEL_NOTICE_MS, RUN_LIST_LIMIT, RUN_STATUSES, TERMINAL_STATUSES } from './runs';
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
export type { InputDocumentRecord, InputDocumentStatus, InputDocumentStore, KnowledgeBaseDocument, NewInputDocument } from './input-documents';
