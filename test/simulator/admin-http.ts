/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * HTTP face of the admin API, under /__admin/, for the demo, the CLI and out-of-process benchmarks.
 * Guarded by the `x-admin-token` header. Admin calls are not written to the request log.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { AdminError, type CreateKeyInput } from './admin';
import { RequestBody } from './body';
import { FaultRuleError, type FaultRuleInput } from './faults';
import { HttpError, sendError, sendHttpError, sendJson } from './responses';
import type { HttpMethod } from './router';
import type { Simulator } from './simulator';
import type { WorkspaceFeature } from './types';

export const ADMIN_PREFIX = '/__admin';
export const ADMIN_TOKEN_HEADER = 'x-admin-token';
const ADMIN_BODY_LIMIT = 1024 * 1024;

export interface AdminContext {
	req: IncomingMessage;
	res: ServerResponse;
	params: Record<string, string>;
	query: URLSearchParams;
	sim: Simulator;
	/** The JSON body as an object ({} when empty). */
	body(): Promise<Record<string, unknown>>;
}

/** A handler's return value is sent as 200 JSON (`{ ok: true }` when undefined). */
export interface AdminRouteDefinition {
	method: HttpMethod;
	/** Below /__admin, e.g. '/runs/:runId/approve'. */
	path: string;
	status?: number;
	handler: (ctx: AdminContext) => unknown;
}

function isAdminTokenValid(req: IncomingMessage, expected: string): boolean {
	const presented = req.headers[ADMIN_TOKEN_HEADER];
	if (typeof presented !== 'string') return false;
	const a = Buffer.from(presented);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

export async function handleAdminRequest(
	sim: Simulator,
	req: IncomingMessage,
	res: ServerResponse,
	url: URL,
): Promise<void> {
	const scratch = { requestBody: null as unknown };
	const body = new RequestBody(req, scratch);
	if (!isAdminTokenValid(req, sim.options.adminToken)) {
		sendError(
			res,
			401,
			'admin_token_required',
			`Admin endpoints need the ${ADMIN_TOKEN_HEADER} header.`,
		);
		await body.drain();
		return;
	}
	const match = sim.adminRoutes.match(req.method ?? 'GET', url.pathname);
	if (match.kind !== 'found') {
		const status = match.kind === 'not-found' ? 404 : 405;
		sendError(
			res,
			status,
			status === 404 ? 'not_found' : 'method_not_allowed',
			`No admin endpoint at ${req.method} ${url.pathname}.`,
		);
		await body.drain();
		return;
	}
	const ctx: AdminContext = {
		req,
		res,
		params: match.params,
		query: url.searchParams,
		sim,
		body: async () => {
			const raw = await body.raw(ADMIN_BODY_LIMIT);
			if (raw.length === 0) return {};
			let parsed: unknown;
			try {
				parsed = JSON.parse(raw.toString('utf8'));
			} catch {
				throw new HttpError(400, 'invalid_json', 'The admin request body is not valid JSON.');
			}
			if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
				throw new HttpError(400, 'invalid_json', 'Expected a JSON object.');
			return parsed as Record<string, unknown>;
		},
	};
	try {
		const result = await match.value.handler(ctx);
		if (!res.headersSent) sendJson(res, match.value.status ?? 200, result ?? { ok: true });
	} catch (error) {
		if (error instanceof HttpError) sendHttpError(res, error);
		else if (error instanceof AdminError)
			sendError(res, error.status, 'admin_error', error.message);
		else if (error instanceof FaultRuleError)
			sendError(res, 400, 'invalid_fault_rule', error.message);
		else sendError(res, 500, 'internal_error', (error as Error).message);
	}
	await body.drain();
}

function stringField(body: Record<string, unknown>, name: string): string {
	const value = body[name];
	if (typeof value !== 'string') throw new AdminError(`${name} must be a string`);
	return value;
}

/** The built-in admin endpoints; modules add theirs with sim.adminRoute(). */
export function registerCoreAdminRoutes(sim: Simulator): void {
	const admin = sim.admin;
	const add = (definition: AdminRouteDefinition): void => sim.adminRoute(definition);

	add({ method: 'POST', path: '/reset', handler: () => admin.reset() });
	add({ method: 'GET', path: '/keys', handler: () => admin.keys() });
	add({
		method: 'POST',
		path: '/keys',
		status: 201,
		handler: async (ctx) => admin.createKey((await ctx.body()) as unknown as CreateKeyInput),
	});
	add({
		method: 'POST',
		path: '/keys/revoke',
		handler: async (ctx) => {
			const body = await ctx.body();
			return admin.revokeKey(typeof body.key === 'string' ? body.key : stringField(body, 'keyId'));
		},
	});
	add({
		method: 'PUT',
		path: '/keys/:keyId/allowlist',
		handler: async (ctx) =>
			admin.setAllowlist(
				ctx.params.keyId,
				((await ctx.body()).workflowIds ?? null) as string[] | null,
			),
	});
	add({
		method: 'POST',
		path: '/tenants/:workspaceId/lock',
		handler: async (ctx) =>
			admin.lockTenant(ctx.params.workspaceId, {
				requests: (await ctx.body()).requests as number | undefined,
			}),
	});
	add({
		method: 'POST',
		path: '/tenants/:workspaceId/unlock',
		handler: (ctx) => admin.unlockTenant(ctx.params.workspaceId),
	});
	add({
		method: 'PUT',
		path: '/deployment',
		handler: async (ctx) => admin.setDeployment((await ctx.body()) as { apiKeysEnabled?: boolean }),
	});
	add({
		method: 'PUT',
		path: '/workspaces/:workspaceId/features',
		handler: async (ctx) =>
			admin.setWorkspaceFeatures(
				ctx.params.workspaceId,
				(await ctx.body()) as Partial<Record<WorkspaceFeature, boolean>>,
			),
	});
	add({
		method: 'PUT',
		path: '/users/:userId/workspace',
		handler: async (ctx) =>
			admin.setUserWorkspace(
				ctx.params.userId,
				((await ctx.body()).workspaceId ?? null) as string | null,
			),
	});
	add({ method: 'GET', path: '/faults', handler: () => admin.faults() });
	add({
		method: 'POST',
		path: '/faults',
		status: 201,
		handler: async (ctx) => ({
			id: admin.addFault((await ctx.body()) as unknown as FaultRuleInput),
		}),
	});
	add({ method: 'DELETE', path: '/faults', handler: () => admin.clearFaults() });
	add({
		method: 'DELETE',
		path: '/faults/:id',
		handler: (ctx) => {
			if (!admin.removeFault(ctx.params.id))
				throw new AdminError(`Unknown fault rule ${ctx.params.id}`, 404);
		},
	});
	add({
		method: 'GET',
		path: '/requests',
		handler: (ctx) => {
			const since = ctx.query.get('since');
			if (since === null) return admin.requests();
			return admin.requests({ since: /^\d+$/.test(since) ? Number(since) : since });
		},
	});
	add({ method: 'DELETE', path: '/requests', handler: () => admin.clearRequests() });
	add({ method: 'GET', path: '/counters', handler: () => admin.counters() });
	add({ method: 'GET', path: '/latency', handler: () => admin.latency() });
	add({
		method: 'PUT',
		path: '/latency',
		handler: async (ctx) => admin.setLatency(await ctx.body()),
	});
	add({
		method: 'POST',
		path: '/clock/advance',
		handler: async (ctx) => ({
			now: new Date(admin.advanceClock(Number((await ctx.body()).ms))).toISOString(),
		}),
	});
}
