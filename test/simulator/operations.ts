/**
 * The contract's Endpoints table as data: one row per operation. openapi.ts describes them and
 * modules register their handlers against them (`sim.routeOperation(id, handler)`), so the served
 * OpenAPI document and the routes cannot drift apart.
 */
import type { HttpMethod } from './router';
import type { Scope, WorkspaceFeature } from './types';

export interface OperationSpec {
	operationId: string;
	method: HttpMethod;
	/** OpenAPI style: '/workflows/{id}'. */
	path: string;
	scope: Scope;
	feature: WorkspaceFeature;
	summary: string;
}

export const OPERATIONS = [
	{
		operationId: 'listWorkflows',
		method: 'GET',
		path: '/workflows',
		scope: 'workflows:read',
		feature: 'workflows',
		summary: 'List startable workflows',
	},
	{
		operationId: 'getWorkflow',
		method: 'GET',
		path: '/workflows/{id}',
		scope: 'workflows:read',
		feature: 'workflows',
		summary: 'Get a workflow with its active version',
	},
	{
		operationId: 'startRun',
		method: 'POST',
		path: '/workflows/runs',
		scope: 'workflows:run',
		feature: 'workflows',
		summary: 'Start a run',
	},
	{
		operationId: 'listRuns',
		method: 'GET',
		path: '/workflows/runs',
		scope: 'workflows:read',
		feature: 'workflows',
		summary: 'List the most recent 50 visible runs',
	},
	{
		operationId: 'getRun',
		method: 'GET',
		path: '/workflows/runs/{runId}',
		scope: 'workflows:read',
		feature: 'workflows',
		summary: 'Get a run record',
	},
	{
		operationId: 'cancelRun',
		method: 'POST',
		path: '/workflows/runs/{runId}/cancel',
		scope: 'workflows:run',
		feature: 'workflows',
		summary: 'Cancel a run started by this key',
	},
	{
		operationId: 'streamRunEvents',
		method: 'GET',
		path: '/workflows/runs/{runId}/events',
		scope: 'workflows:read',
		feature: 'workflows',
		summary: 'Follow a run (Server-Sent Events)',
	},
	{
		operationId: 'downloadRunFile',
		method: 'GET',
		path: '/workflows/runs/{runId}/files/{stepId}/download',
		scope: 'workflows:read',
		feature: 'workflows',
		summary: 'Download the rendered file of a render step',
	},
	{
		operationId: 'downloadRunInputDocument',
		method: 'GET',
		path: '/workflows/runs/{runId}/input-documents/{documentVersionId}/download',
		scope: 'workflows:read',
		feature: 'workflows',
		summary: 'Download an input document of a run',
	},
	{
		operationId: 'uploadInputDocument',
		method: 'POST',
		path: '/workflow-inputs/documents',
		scope: 'workflow-inputs:write',
		feature: 'workflows',
		summary: 'Upload a workflow input document',
	},
	{
		operationId: 'getInputDocument',
		method: 'GET',
		path: '/workflow-inputs/documents/{documentId}',
		scope: 'workflow-inputs:write',
		feature: 'workflows',
		summary: 'Get the status of an uploaded input document',
	},
	{
		operationId: 'listTemplates',
		method: 'GET',
		path: '/document-templates',
		scope: 'document-templates:read',
		feature: 'templates',
		summary: 'List usable document templates',
	},
	{
		operationId: 'getTemplate',
		method: 'GET',
		path: '/document-templates/{templateId}',
		scope: 'document-templates:read',
		feature: 'templates',
		summary: 'Get a template with its input schema',
	},
	{
		operationId: 'produceDocument',
		method: 'POST',
		path: '/document-templates/{templateId}/documents',
		scope: 'documents:write',
		feature: 'templates',
		summary: 'Produce a document from a template',
	},
	// The contract leaves this path to the production response's links; the simulator serves them here.
	{
		operationId: 'downloadDocumentContent',
		method: 'GET',
		path: '/documents/{documentId}/content/{format}',
		scope: 'documents:read',
		feature: 'templates',
		summary: 'Download a produced document (docx, pdf or markdown)',
	},
	// The record behind the production response's `links.document` (contract: path and shape "not shown").
	{
		operationId: 'getDocument',
		method: 'GET',
		path: '/documents/{documentId}',
		scope: 'documents:read',
		feature: 'templates',
		summary: 'Get a produced document record',
	},
	{
		operationId: 'createChatCompletion',
		method: 'POST',
		path: '/v1/chat/completions',
		scope: 'chat:completions',
		feature: 'chat',
		summary: 'Create a chat completion (OpenAI-compatible)',
	},
	{
		operationId: 'listModels',
		method: 'GET',
		path: '/v1/models',
		scope: 'chat:completions',
		feature: 'chat',
		summary: 'List the chat models allowed for API access',
	},
] as const satisfies readonly OperationSpec[];

export type OperationId = (typeof OPERATIONS)[number]['operationId'];

export function findOperation(operationId: OperationId): OperationSpec {
	const operation = OPERATIONS.find((candidate) => candidate.operationId === operationId);
	if (!operation) throw new Error(`Unknown operation ${operationId}`);
	return operation;
}

/** '/workflows/{id}' -> '/workflows/:id' (router style). */
export function toRoutePath(openApiPath: string): string {
	return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}
