import type { INode, IPollFunctions } from 'n8n-workflow';

import { PollBudget } from '../../../nodes/DraftingWorkspaceTrigger/pollBudget';
import { isTransient, restAskedFor } from '../../../nodes/DraftingWorkspaceTrigger/transient';
import { networkError } from '../../../nodes/shared/transport/networkFailure';
import {
	parseServiceError,
	serviceErrorToNodeApiError,
} from '../../../nodes/shared/transport/errors';

const node = {
	id: 'n1',
	name: 'Run Finished',
	type: 't',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;
const T0 = Date.parse('2026-11-26T10:00:00Z');
const serviceError = (status: number, headers: Record<string, string> = {}, body: unknown = {}) =>
	serviceErrorToNodeApiError(node, parseServiceError(status, headers, body), {
		request: 'GET /workflows/runs',
	});
const noAnswer = (code: string, message: string) =>
	networkError(
		node,
		{ code, message },
		{ label: 'GET /workflows/runs', decision: { retry: false, reason: 'x' }, timeoutMs: 2_000 },
	);

describe('the trigger: which failures of a poll are transient', () => {
	it('a declared cause decides; without one, a 423, 429 or 5xx, or a request that got no answer', () => {
		expect(isTransient(serviceError(429, { 'retry-after': '120' }))).toBe(true);
		expect(isTransient(serviceError(423, {}, { error: 'tenant_locked' }))).toBe(true);
		expect(isTransient(serviceError(500))).toBe(true);
		// API keys switched off on the deployment: a setting to fix, not a passing failure.
		expect(isTransient(serviceError(503, {}, { error: 'feature_disabled' }))).toBe(false);
		expect(
			isTransient(
				serviceError(
					401,
					{ 'www-authenticate': 'Bearer error="invalid_api_key"' },
					{ error: 'invalid_api_key' },
				),
			),
		).toBe(false);
		expect(isTransient(serviceError(400, {}, { error: 'invalid_status' }))).toBe(false);
		expect(isTransient(noAnswer('ECONNREFUSED', 'connect ECONNREFUSED'))).toBe(true);
		// The poll's own deadline cut the request: a slow service, tried again at the next poll.
		expect(isTransient(noAnswer('ECONNABORTED', 'timeout of 2000ms exceeded'))).toBe(true);
		// A wrong host name is a setting to fix, not a passing failure.
		expect(isTransient(noAnswer('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.example'))).toBe(false);
		expect(isTransient({ failure: { cause: 'credential-invalid' }, httpCode: '429' })).toBe(false);
		expect(isTransient(new Error('something else'))).toBe(false);
	});

	it('the wait the service asked for: a Retry-After, a quota reset; at most an hour; none otherwise', () => {
		expect(restAskedFor(serviceError(429, { 'retry-after': '120' }), T0)).toBe(120_000);
		expect(
			restAskedFor({ failure: { cause: 'quota-exhausted', resetsAtEpochMs: T0 + 600_000 } }, T0),
		).toBe(600_000);
		expect(
			restAskedFor({ failure: { cause: 'quota-exhausted', resetsAtEpochMs: T0 + 86_400_000 } }, T0),
		).toBe(3_600_000);
		expect(
			restAskedFor({ failure: { cause: 'quota-exhausted', resetsAtEpochMs: T0 - 1 } }, T0),
		).toBe(0);
		expect(restAskedFor(serviceError(500), T0)).toBe(0);
	});
});

describe("PollBudget: a poll ends within 30 s, or n8n's budget when smaller", () => {
	const context = (budgetMs?: number) =>
		({
			getPollBudgetMs: budgetMs === undefined ? undefined : () => budgetMs,
		}) as unknown as IPollFunctions;
	afterEach(() => jest.restoreAllMocks());
	const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(T0 + ms);

	it("every request of the poll ends at the poll's end; optional work starts only in its first two thirds", () => {
		at(0);
		const budget = PollBudget.for(context(300_000), T0);
		expect(budget.retry()).toMatchObject({ deadlineAt: T0 + 30_000, totalBudgetMs: 30_000 });
		at(19_999);
		expect(budget.allows()).toBe(true);
		at(20_000);
		expect(budget.allows()).toBe(false);
		expect(budget.retry()).toMatchObject({ deadlineAt: T0 + 30_000, totalBudgetMs: 10_000 });
	});

	it('under the durable scheduler (36 s by default) and with a smaller budget the smaller bound applies', () => {
		at(0);
		expect(PollBudget.for(context(36_000), T0).retry()).toMatchObject({ deadlineAt: T0 + 30_000 });
		expect(PollBudget.for(context(6_000), T0).retry()).toMatchObject({ deadlineAt: T0 + 6_000 });
		expect(PollBudget.for(context(), T0).retry()).toMatchObject({ deadlineAt: T0 + 30_000 });
	});

	it('100 requests at most for optional work', () => {
		at(0);
		const budget = PollBudget.for(context(), T0);
		budget.spend(99);
		expect(budget.allows()).toBe(true);
		budget.spend();
		expect(budget.allows()).toBe(false);
	});
});
