/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The request pipeline of every API route, in the order the README documents:
 *   a. fault rules (before phase)      e. per-key rate limit (429, shape 3)
 *   b. deployment switch (503)         f. scope (403 missing_scope)
 *   c. bearer authentication (401)     g. workspace feature switch (403 <feature>_disabled)
 *   d. tenant lock (423)               h. the handler
 * Unknown paths answer 404 and known paths with another method 405, after the fault rules.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, identifyKey } from './auth';
import { RequestBody } from './body';
import { ClientAbortedError } from './body-errors';
import { answerFor, sendFaultStatus } from './fault-answers';
import type { FaultRule } from './faults';
import { rateLimitedError } from './rate-limiter';
import type { RequestLogEntry } from './request-log';
import { ServiceBusyError, serviceBusyError } from './latency';
import { holdResponse, isAnswered } from './response-hold';
import { HttpError, sendError, sendHttpError, sendShape1, sendShape3 } from './responses';
import type { RouteContext, RouteDefinition } from './route-context';
import type { Simulator } from './simulator';
import type { ApiKeyRecord, WorkspaceFeature } from './types';

const FEATURE_REFUSALS: Record<WorkspaceFeature, { code: string; message: string }> = {
	workflows: {
		code: 'workflows_disabled',
		message: 'Workflows are not enabled for this workspace.',
	},
	templates: {
		code: 'documents_disabled',
		message: 'Document templates are not enabled for this workspace.',
	},
	chat: { code: 'chat_disabled', message: 'Chat is not enabled for this workspace.' },
};

export interface ApiRequest {
	req: IncomingMessage;
	res: ServerResponse;
	url: URL;
	requestId: string;
	entry: RequestLogEntry;
}

export async function runPipeline(sim: Simulator, request: ApiRequest): Promise<void> {
	const { req, res, url, entry } = request;
	const state = sim.state;
	const presentedKey = identifyKey(state, req.headers.authorization);
	entry.keyId = presentedKey?.keyId ?? null;
	const body = new RequestBody(req, entry);

	// a. Fault rules. After-phase rules are claimed now, so they bind to this request.
	if (!(await applyBeforeFaults(sim, request, body, presentedKey))) return;

	const match = sim.apiRoutes.match(req.method ?? 'GET', url.pathname);
	if (match.kind === 'not-found') {
		return refuse(body, () =>
			sendError(res, 404, 'not_found', `No endpoint at ${req.method} ${url.pathname}.`),
		);
	}
	if (match.kind === 'method-not-allowed') {
		return refuse(body, () =>
			sendError(
				res,
				405,
				'method_not_allowed',
				`${req.method} is not allowed on ${url.pathname}.`,
				{},
				{ allow: match.allow.join(', ') },
			),
		);
	}
	const route = match.value;

	// b. Deployment switch: API keys disabled on this deployment.
	if (!state.deployment.apiKeysEnabled)
		return refuse(body, () => sendShape1(res, 'feature_disabled'));

	// c. Authentication.
	const now = sim.clock.now();
	const authResult = authenticate(state, presentedKey, now);
	if (!authResult.ok) return refuse(body, () => sendShape1(res, authResult.code));
	const { auth } = authResult;

	// d. Tenant lock (admin-toggled, possibly for a number of requests).
	const lock = state.tenantLocks.get(auth.workspace.id);
	if (lock) {
		if (lock.remaining !== null && --lock.remaining <= 0)
			state.tenantLocks.delete(auth.workspace.id);
		return refuse(body, () => sendShape1(res, 'tenant_locked'));
	}

	// e. Per-key rate limit. Only admitted requests count (see rate-limiter.ts).
	const limit = sim.rateLimitFor(auth.key);
	const decision = sim.rateLimiter.check(auth.key.keyId, limit, now);
	if (!decision.allowed) {
		state.counters.increment('rateLimited', auth.key.keyId);
		return refuse(body, () =>
			sendShape3(
				res,
				429,
				rateLimitedError(
					decision.limit,
					sim.rateLimiter.windowMs,
					decision.resetAtMs,
					decision.retryAfterSeconds,
				),
			),
		);
	}
	state.counters.increment('requests', auth.key.keyId);

	// f. Scope.
	if (!auth.key.scopes.includes(route.scope)) {
		return refuse(body, () =>
			sendError(
				res,
				403,
				'missing_scope',
				`This API key lacks the scope ${route.scope}, required by ${route.method} ${route.path}. Create a key with the scope ${route.scope}.`,
				{ requiredScope: route.scope },
			),
		);
	}

	// g. Workspace feature switch.
	if (route.feature && !auth.workspace.features[route.feature]) {
		const refusal = FEATURE_REFUSALS[route.feature];
		return refuse(body, () => sendError(res, 403, refusal.code, refusal.message));
	}

	// h. The handler.
	const ctx: RouteContext = {
		req,
		res,
		params: match.params,
		query: url.searchParams,
		auth,
		state,
		sim,
		requestId: request.requestId,
		readJson: (limitBytes) => body.json(limitBytes),
		readRaw: (limitBytes) => body.raw(limitBytes),
		readMultipart: (options) => body.multipart(options),
		log: entry,
	};
	await runHandler(route, ctx);
	await body.drain();
}

/**
 * Reads whatever body the client sent, then sends the refusal. Reading first keeps the connection
 * reusable and makes the log complete by the time the client sees the answer (tests rely on it).
 */
async function refuse(body: RequestBody, send: () => void): Promise<void> {
	await body.drain();
	send();
}

async function runHandler(route: RouteDefinition, ctx: RouteContext): Promise<void> {
	const { res } = ctx;
	try {
		await route.handler(ctx);
	} catch (error) {
		if (error instanceof ClientAbortedError) return;
		if (isAnswered(ctx.res)) {
			// Mid-stream failure: the status is gone already, so cut the connection rather than lie.
			reportBug(route, error);
			res.destroy();
			return;
		}
		// A capped service refused the request before it did anything (latency.ts): the contract's 429.
		if (error instanceof ServiceBusyError)
			return sendShape3(res, 429, serviceBusyError(error.capacity, ctx.sim.clock.now()));
		if (error instanceof HttpError) return sendHttpError(res, error);
		reportBug(route, error);
		return sendError(
			res,
			500,
			'internal_error',
			`The simulator failed while handling ${route.method} ${route.path}.`,
		);
	}
	if (!isAnswered(res)) {
		reportBug(route, new Error('the handler returned without answering'));
		sendError(
			res,
			500,
			'internal_error',
			`The simulator's handler for ${route.method} ${route.path} did not answer.`,
		);
	}
}

function reportBug(route: RouteDefinition, error: unknown): void {
	// A simulator bug must be loud in test output; keys never reach here (handlers do not see them).
	console.error(`[simulator] ${route.method} ${route.path}:`, error);
}

/** Returns false when a fault rule answered (or dropped) the request. */
async function applyBeforeFaults(
	sim: Simulator,
	request: ApiRequest,
	body: RequestBody,
	presentedKey: ApiKeyRecord | undefined,
): Promise<boolean> {
	const { req, res, entry } = request;
	const faults = sim.faults;
	const mark = (rule: FaultRule, detail: string): void => {
		entry.faults.push(`${rule.id}:${detail}`);
	};

	const afterDelays = faults.takeAll(entry, 'delay', 'after');
	const afterReset = faults.take(entry, 'reset', 'after');
	const afterAnswer = faults.take(entry, 'answer', 'after');
	const trickle = faults.take(entry, 'trickle', 'after');
	if (afterDelays.length > 0 || afterReset || afterAnswer || trickle) {
		const waitMs = afterDelays.reduce((sum, rule) => sum + rule.ms, 0);
		afterDelays.forEach((rule) => mark(rule, `delay-after ${rule.ms}ms`));
		holdResponse(res, (held) => {
			void sim.timers.sleep(waitMs).then(() => {
				if (afterReset) {
					// The handler's effects stay (a run was created); the client only sees a reset.
					mark(afterReset, `reset-after (handler answered ${held.status})`);
					req.socket.destroy();
				} else if (afterAnswer) {
					// The handler's effects stay too; the client sees another answer than the contract's.
					const answer = answerFor(afterAnswer, held);
					mark(afterAnswer, `answer-after ${answer.status} (handler answered ${held.status})`);
					held.replace(answer.status, answer.headers, answer.body);
				} else if (trickle) {
					mark(trickle, `trickle ${trickle.ms}ms`);
					void held.trickle(trickle.ms, (ms) => sim.timers.sleep(ms));
				} else {
					held.release();
				}
			});
		});
	}

	const beforeDelays = faults.takeAll(entry, 'delay', 'before');
	if (beforeDelays.length > 0) {
		beforeDelays.forEach((rule) => mark(rule, `delay-before ${rule.ms}ms`));
		await sim.timers.sleep(beforeDelays.reduce((sum, rule) => sum + rule.ms, 0));
		if (req.socket.destroyed) return false;
	}

	const reset = faults.take(entry, 'reset', 'before');
	if (reset) {
		mark(reset, 'reset-before');
		body.abandon();
		req.socket.destroy();
		return false;
	}

	const status = faults.take(entry, 'status');
	if (status) {
		mark(status, `status ${status.status}`);
		await refuse(body, () => sendFaultStatus(sim, res, status, presentedKey));
		return false;
	}

	const answer = faults.take(entry, 'answer', 'before');
	if (answer) {
		const sent = answerFor(answer);
		mark(answer, `answer ${sent.status}`);
		await refuse(body, () => {
			res.writeHead(sent.status, { ...sent.headers, 'content-length': sent.body.length });
			res.end(sent.body);
		});
		return false;
	}
	return true;
}
