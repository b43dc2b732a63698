/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * What a fault rule answers instead of the contract: the refusals of `status` rules, and the answers of `answer`
 * rules (every answer is untrusted input): a body of the wrong shape (null, a list, a text), missing fields, hostile headers such as a
 * Content-Disposition whose filename is a path. An `after` answer rewrites what the handler answered.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

import type { FaultRule } from './faults';
import { rateLimitedError } from './rate-limiter';
import type { HeldResponse } from './response-hold';
import { sendShape1, sendShape3, upstreamError } from './responses';
import type { Simulator } from './simulator';
import type { ApiKeyRecord } from './types';

/**
 * What an `answer` rule changes. `body` (any JSON, `null` included) or `raw` (text as is) replaces the body;
 * `transform` (programmatic only) maps the handler's parsed JSON body; `headers` are set over the handler's;
 * `status` replaces the status (default: the handler's, or 200 before it).
 */
export interface AnswerOverride {
	status?: number;
	body?: unknown;
	raw?: string;
	contentType?: string;
	headers?: Record<string, string>;
	transform?: (body: unknown) => unknown;
}

/** Checks the `answer` members of an admin rule (untrusted JSON); `fail` throws the registry's refusal. */
export function readAnswerOverride(
	raw: Record<string, unknown>,
	fail: (message: string) => never,
): AnswerOverride {
	const status = raw.status;
	if (
		status !== undefined &&
		!(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599)
	)
		fail('status must be an integer from 200 to 599');
	if (raw.raw !== undefined && typeof raw.raw !== 'string') fail('raw must be a string');
	if ('body' in raw && raw.raw !== undefined) fail('give body or raw, not both');
	if (raw.transform !== undefined && typeof raw.transform !== 'function')
		fail('transform must be a function (programmatic rules only)');
	if (raw.contentType !== undefined && typeof raw.contentType !== 'string')
		fail('contentType must be a string');
	const headers = raw.headers;
	if (
		headers !== undefined &&
		(headers === null ||
			typeof headers !== 'object' ||
			!Object.values(headers).every((value) => typeof value === 'string'))
	)
		fail('headers must be an object of strings');
	return {
		status: status as number | undefined,
		...('body' in raw ? { body: raw.body } : {}),
		raw: raw.raw as string | undefined,
		contentType: raw.contentType as string | undefined,
		headers: headers as Record<string, string> | undefined,
		transform: raw.transform as AnswerOverride['transform'],
	};
}

function parsedJson(body: Buffer): unknown {
	const text = body.toString('utf8');
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** The answer an `answer` rule sends: over the handler's held answer (`after`), or from nothing (`before`). */
export function answerFor(
	rule: AnswerOverride,
	held?: Pick<HeldResponse, 'status' | 'headers' | 'body'>,
): { status: number; headers: OutgoingHttpHeaders; body: Buffer } {
	const headers: OutgoingHttpHeaders = { ...(held?.headers ?? {}) };
	let body = held?.body ?? Buffer.alloc(0);
	const json = (value: unknown): void => {
		body = Buffer.from(JSON.stringify(value) ?? '');
		headers['content-type'] = 'application/json; charset=utf-8';
	};
	if (rule.transform) json(rule.transform(parsedJson(body)));
	if ('body' in rule) json(rule.body);
	if (rule.raw !== undefined) {
		body = Buffer.from(rule.raw);
		headers['content-type'] = 'text/plain; charset=utf-8';
	}
	if (rule.contentType !== undefined) headers['content-type'] = rule.contentType;
	for (const [name, value] of Object.entries(rule.headers ?? {}))
		headers[name.toLowerCase()] = value;
	delete headers['content-length'];
	return { status: rule.status ?? held?.status ?? 200, headers, body };
}

/** The refusal a `status` rule answers before the handler (shape by status, see README). */
export function sendFaultStatus(
	sim: Simulator,
	res: ServerResponse,
	rule: Extract<FaultRule, { kind: 'status' }>,
	key: ApiKeyRecord | undefined,
): void {
	switch (rule.status) {
		case 423:
			return sendShape1(res, 'tenant_locked');
		case 503:
			return sendShape1(res, 'feature_disabled');
		case 429: {
			const retryAfterSeconds = rule.retryAfterSeconds ?? 1;
			const resetAtMs = sim.clock.now() + retryAfterSeconds * 1000;
			const limit = key ? sim.rateLimitFor(key) : sim.options.defaultRateLimitPerMinute;
			const body = rateLimitedError(limit, sim.rateLimiter.windowMs, resetAtMs, retryAfterSeconds);
			if (rule.errorType === 'quota_exceeded') {
				return sendShape3(res, 429, {
					...body,
					type: 'quota_exceeded',
					message: rule.message ?? 'The workspace model-usage quota is exhausted.',
					scope: 'workspace',
					metric: 'tokens',
				});
			}
			return sendShape3(res, 429, { ...body, message: rule.message ?? body.message });
		}
		case 500:
		case 502:
			return sendShape3(
				res,
				rule.status,
				upstreamError(
					rule.errorType ?? 'upstream_error',
					rule.message ?? 'The upstream model service failed (simulated fault).',
				),
			);
	}
}
