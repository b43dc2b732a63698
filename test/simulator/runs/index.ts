/**
 * The runs module: POST/GET /workflows/runs, the run record, cancel, the event stream,
 * the downloads, the run engine and the admin hooks. `createSimulator()` calls registerRunRoutes.
 */
import { registerInputDocumentStore } from '../input-documents';
import type { Simulator } from '../simulator';
import { registerRunAdminRoutes } from './admin';
import { registerRunHandlers } from './routes';
import { seedPersonRuns } from './seed';
import { defineRunsSlice } from './store';

export function registerRunRoutes(sim: Simulator): void {
	registerInputDocumentStore(sim);
	sim.registerSlice(defineRunsSlice(sim, seedPersonRuns));
	registerRunHandlers(sim);
	registerRunAdminRoutes(sim);
}

export { runAdmin } from './admin';
export type { RunAdmin, RunAdminView, SeedInputDocumentInput } from './admin';
export type { SeedRunSpec } from './seed';
export { PERSON_RUN_IDS } from './seed';
export { QUEUE_MS } from './engine';
export { CANCEL_NOTICE_MS } from './transitions';
export { RUN_LIST_LIMIT } from './list-query';
export { RUN_STATUSES, TERMINAL_STATUSES } from './types';
export type {
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
} from './types';
