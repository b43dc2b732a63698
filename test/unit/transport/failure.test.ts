import fc from 'fast-check';
import {
	ACTIONABLE_CAUSES,
	TIMED_CAUSES,
	type Failure,
	type IDataObject,
	type INode,
} from 'n8n-workflow';

import { ERROR_CATALOGUE, type FailureCause } from '../../../nodes/shared/transport/errorCatalogue';
import {
	parseServiceError,
	serviceErrorToNodeApiError,
} from '../../../nodes/shared/transport/errors';
import { serviceCause, serviceFailure } from '../../../nodes/shared/transport/failure';
import { answer, contractRows } from './contractErrors';
import { runsOf } from '../../support/depth';

/**
 * Every error the service can answer declares why it failed in n8n's words (`failure`, n8n-workflow 2.41): the
 * catalogue is read from the contract's own text (contract-errors.md, its Errors section verbatim), each of its
 * rows is answered the way the contract shapes it, and the thrown error must carry the cause of this table.
 */
const node = {
	id: 'n1',
	name: 'Drafting Workspace',
	type: 'draftingWorkspace',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;

/** The table: every row of the contract's catalogue, and HTTP statuses answered without a code. */
const EXPECTED: Record<string, FailureCause> = {
	invalid_api_key: 'credential-invalid',
	no_tenant: 'credential-invalid',
	tenant_locked: 'temporarily-unavailable',
	feature_disabled: 'configuration-invalid',
	missing_scope: 'configuration-invalid',
	workflow_not_in_allowlist: 'configuration-invalid',
	workflows_disabled: 'configuration-invalid',
	review_required: 'configuration-invalid',
	http_404: 'configuration-invalid',
	run_terminal: 'configuration-invalid',
	'run input refusal': 'configuration-invalid',
	document_not_ready: 'temporarily-unavailable',
	document_field_invalid_format: 'configuration-invalid',
	unsupported_media_type: 'configuration-invalid',
	size_exceeded: 'configuration-invalid',
	too_many_pages: 'configuration-invalid',
	storage_limit_reached: 'configuration-invalid',
	invalid_encoding: 'node-defect',
	input_validation_failed: 'configuration-invalid',
	field_fixed: 'configuration-invalid',
	fields_missing: 'configuration-invalid',
	http_413: 'configuration-invalid',
	model_not_allowed: 'configuration-invalid',
	tools_not_supported_yet: 'configuration-invalid',
	structured_output_unsupported: 'configuration-invalid',
	rate_limited: 'rate-limited',
	quota_exceeded: 'quota-exhausted',
	no_healthy_instance: 'temporarily-unavailable',
	upstream_error: 'temporarily-unavailable',
	model_access_denied: 'configuration-invalid',
};

const BY_STATUS: Record<number, FailureCause> = {
	400: 'configuration-invalid',
	401: 'credential-invalid',
	402: 'configuration-invalid',
	403: 'configuration-invalid',
	404: 'configuration-invalid',
	405: 'configuration-invalid',
	408: 'temporarily-unavailable',
	409: 'configuration-invalid',
	410: 'configuration-invalid',
	413: 'configuration-invalid',
	415: 'configuration-invalid',
	422: 'configuration-invalid',
	423: 'temporarily-unavailable',
	425: 'temporarily-unavailable',
	429: 'rate-limited',
	500: 'temporarily-unavailable',
	501: 'temporarily-unavailable',
	502: 'temporarily-unavailable',
	503: 'temporarily-unavailable',
	504: 'temporarily-unavailable',
};

/** The cause of a status answered without a code the catalogue knows, for statuses the table does not list. */
const forStatus = (status: number): FailureCause =>
	BY_STATUS[status] ?? (status >= 500 ? 'temporarily-unavailable' : 'configuration-invalid');

const declared = (
	status: number,
	headers: IDataObject,
	body: unknown,
	keyRestMs?: number,
): Failure | undefined =>
	serviceErrorToNodeApiError(node, parseServiceError(status, headers, body), {
		request: 'GET /x',
		keyRestMs,
	}).failure;

describe('every error of the contract declares a failure n8n reads', () => {
	const rows = contractRows();

	it('the contract copy is read: its three shapes, every row', () => {
		expect(new Set(rows.map((row) => row.shape))).toEqual(new Set([1, 2, 3]));
		expect(rows.length).toBe(30);
	});

	it('the table names exactly the contract’s rows, and the catalogue explains every code of them', () => {
		expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(EXPECTED).sort());
		const codes = rows
			.map((row) => row.name)
			.filter((name) => /^[a-z_]+$/.test(name) && name !== 'workflows_disabled');
		expect(codes.filter((code) => !(code in ERROR_CATALOGUE))).toEqual([]);
		// Beyond the contract's codes the catalogue only names the statuses answered without one.
		expect(
			Object.keys(ERROR_CATALOGUE)
				.filter((code) => !codes.includes(code))
				.sort(),
		).toEqual(['not_found', 'payload_too_large']);
	});

	it.each(contractRows().map((row) => [row.name, row] as const))('%s', (name, row) => {
		const status = row.status ?? (row.shape === 3 ? 503 : 400);
		const { headers, body } = answer(row);
		expect(declared(status, headers, body)?.cause).toBe(EXPECTED[name]);
	});

	it('a code keeps its cause whatever status it comes with (the contract does not show every status)', () => {
		for (const row of rows.filter(
			(entry) => /^[a-z]+(_[a-z]+)+$/.test(entry.name) && !entry.name.startsWith('http_'),
		)) {
			for (const status of [400, 403, 404, 409, 422, 429, 500, 502, 503]) {
				const { headers, body } = answer(row);
				expect([row.name, status, declared(status, headers, body)?.cause]).toEqual([
					row.name,
					status,
					EXPECTED[row.name],
				]);
			}
		}
	});

	it.each(Object.entries(BY_STATUS))('http_%s without a code', (status, cause) => {
		expect(declared(Number(status), {}, '')?.cause).toBe(cause);
		expect(declared(Number(status), {}, { message: 'no code here' })?.cause).toBe(cause);
	});

	it('other feature-disabled codes are refused features, like workflows_disabled', () => {
		expect(declared(403, {}, { error: 'templates_disabled', message: 'off' })).toEqual({
			cause: 'configuration-invalid',
		});
	});
});

describe('the waits n8n honours: milliseconds to wait, or the epoch milliseconds of a reset', () => {
	it('429: the Retry-After, or the rest the key still has when another refusal asked for longer', () => {
		const limited = { error: { type: 'rate_limited', retry_after_seconds: 7 } };
		expect(declared(429, { 'retry-after': '7' }, limited)).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 7_000,
		});
		expect(declared(429, { 'retry-after': '7' }, limited, 12_345)).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 12_345,
		});
		expect(declared(429, { 'retry-after': '7' }, limited, 3_000)).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 7_000,
		});
		expect(declared(429, {}, '')).toEqual({ cause: 'rate-limited' });
	});

	it('quota_exceeded: its reset_at, which n8n would put after a retryAfterMs, so that is left out', () => {
		const resetAt = '2026-12-01T00:00:00Z';
		expect(
			declared(
				429,
				{ 'retry-after': '60' },
				{ error: { type: 'quota_exceeded', reset_at: resetAt, retry_after_seconds: 60 } },
				5_000,
			),
		).toEqual({
			cause: 'quota-exhausted',
			resetsAtEpochMs: Date.parse(resetAt),
		});
		expect(
			declared(
				429,
				{ 'retry-after': '60' },
				{ error: { type: 'quota_exceeded', reset_at: 'soon' } },
			),
		).toEqual({ cause: 'quota-exhausted', retryAfterMs: 60_000 });
		expect(declared(429, {}, { error: { type: 'quota_exceeded' } })).toEqual({
			cause: 'quota-exhausted',
		});
	});

	it('423 and upstream failures: a wait only when one was asked for', () => {
		expect(declared(423, {}, { error: 'tenant_locked' })).toEqual({
			cause: 'temporarily-unavailable',
		});
		expect(declared(423, {}, { error: 'tenant_locked' }, 2_000)).toEqual({
			cause: 'temporarily-unavailable',
			retryAfterMs: 2_000,
		});
		expect(declared(502, { 'retry-after': '5' }, { error: { type: 'upstream_error' } })).toEqual({
			cause: 'temporarily-unavailable',
			retryAfterMs: 5_000,
		});
	});

	it('an actionable cause never carries a wait, even with a Retry-After or a resting key', () => {
		expect(declared(401, { 'retry-after': '120' }, { error: 'invalid_api_key' }, 9_000)).toEqual({
			cause: 'credential-invalid',
		});
		expect(
			declared(
				403,
				{ 'retry-after': '120' },
				{ error: 'missing_scope', message: 'workflows:run' },
				9_000,
			),
		).toEqual({ cause: 'configuration-invalid' });
	});
});

describe('property: any answer, however odd, declares one valid failure and never a wait n8n would drop', () => {
	const causes: readonly string[] = [...TIMED_CAUSES, ...ACTIONABLE_CAUSES];
	const status = fc.integer({ min: 400, max: 599 });
	const code = fc.oneof(
		fc.constantFrom(
			...Object.keys(EXPECTED),
			'constructor',
			'__proto__',
			'toString',
			'hasOwnProperty',
			'x_disabled',
		),
		fc.string({ maxLength: 12 }),
	);
	const retryAfter = fc.oneof(
		fc.constant(undefined),
		fc.nat({ max: 10_000 }).map(String),
		fc.constantFrom('soon', '-3', '1e400', 'Wed, 21 Oct 2015 07:28:00 GMT', ''),
	);
	const body = fc.oneof(
		code.map((value) => ({ error: value, message: 'm' })),
		fc.record({
			error: fc.record({
				type: code,
				reset_at: fc.oneof(
					fc.constant(undefined),
					fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
					fc.string(),
				),
			}),
		}),
		fc.oneof(fc.string(), fc.constant(undefined), fc.constant(null)),
	);

	it('a cause of n8n’s six; timed waits are positive finite numbers; the cause of a known code whatever the status', () => {
		fc.assert(
			fc.property(
				status,
				retryAfter,
				body,
				fc.nat({ max: 200_000 }),
				(answered, header, sent, restMs) => {
					const info = parseServiceError(
						answered,
						header === undefined ? {} : { 'retry-after': header },
						sent,
					);
					const failure = serviceFailure(info, restMs);
					expect(causes).toContain(failure.cause);
					expect(failure.cause).toBe(serviceCause(info));
					if (Object.hasOwn(ERROR_CATALOGUE, info.code))
						expect(failure.cause).toBe(ERROR_CATALOGUE[info.code].cause);
					else
						expect(failure.cause).toBe(
							/_disabled$/.test(info.code) ? 'configuration-invalid' : forStatus(answered),
						);
					for (const [key, value] of Object.entries(failure)) {
						if (key === 'cause') continue;
						expect(['retryAfterMs', 'resetsAtEpochMs']).toContain(key);
						expect(TIMED_CAUSES).toContain(failure.cause);
						expect(Number.isFinite(value) && (value as number) > 0).toBe(true);
					}
					if ('retryAfterMs' in failure && failure.retryAfterMs !== undefined)
						expect(failure.retryAfterMs).toBeGreaterThanOrEqual(
							restMs && failure.cause !== 'quota-exhausted' ? restMs : 0,
						);
				},
			),
			{ numRuns: runsOf(2_000, 200) },
		);
	});
});
