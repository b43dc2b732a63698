/**
 * GET /workflows/runs filters (contract, Query parameters of the run list). Every filter applies to
 * the whole history BEFORE the cut to the most recent 50 ("startedFrom searches history, not only
 * the latest page"); a value the simulator cannot read is 400 invalid_query naming the parameter.
 */
import { HttpError } from '../responses';
import { isCalendarDate } from './input-schema';
import type { StatusNames } from '../simulator';
import { CONDITION_STATUS_NAMES, shownStatus } from './projection';
import { RUN_STATUSES, type RunState } from './types';

export const RUN_LIST_LIMIT = 50;

export interface RunListFilters {
	workflowId?: string;
	status?: string;
	startedFromMs?: number;
	startedToMs?: number;
	initiatorUserId?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function invalidQuery(parameter: string, message: string): HttpError {
	return new HttpError(400, 'invalid_query', `Query parameter ${parameter} ${message}.`, {
		details: [{ field: parameter, message }],
	});
}

/** A yyyy-MM-dd date (UTC midnight) or an ISO 8601 date-time with a zone, as epoch ms. */
function parseInstant(parameter: string, value: string): number {
	// An unencoded '+' of a zone offset arrives as a space ('…T10:00:00 01:00'): read it as the '+' it was.
	const raw = value.replace(/^(.{10}[Tt].*\d) (\d{2}:?\d{2})$/, '$1+$2');
	// Date.parse rolls 2026-02-30 over to March: check the calendar date first.
	const validDay = isCalendarDate(raw.slice(0, 10));
	const ms = !validDay
		? NaN
		: DATE.test(raw)
			? Date.parse(`${raw}T00:00:00.000Z`)
			: DATE_TIME.test(raw)
				? Date.parse(raw)
				: NaN;
	if (Number.isNaN(ms))
		throw invalidQuery(
			parameter,
			'must be a date (yyyy-MM-dd) or an ISO 8601 date-time with a time zone',
		);
	return ms;
}

/** The last millisecond of the UTC day holding `ms`. */
function endOfUtcDay(ms: number): number {
	return Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS - 1;
}

export function parseRunListQuery(
	query: URLSearchParams,
	names: StatusNames = 'contract',
): RunListFilters {
	const filters: RunListFilters = {};
	const text = (name: string): string | undefined => query.get(name) ?? undefined;

	filters.workflowId = text('workflowId');
	filters.initiatorUserId = text('initiatorUserId');

	const status = text('status');
	if (status !== undefined) {
		const known: readonly string[] =
			names === 'conditions' ? [...RUN_STATUSES, ...CONDITION_STATUS_NAMES] : RUN_STATUSES;
		const named = known.find((name) => name.toLowerCase() === status.toLowerCase());
		if (!named) throw invalidQuery('status', `must be one of ${known.join(', ')}`);
		filters.status = named;
	}

	const from = text('startedFrom');
	if (from !== undefined) filters.startedFromMs = parseInstant('startedFrom', from);

	const to = text('startedTo');
	// "startedTo: the end date runs to the end of that day": a date or a date-time reaches 23:59:59.999 UTC of its day.
	if (to !== undefined) filters.startedToMs = endOfUtcDay(parseInstant('startedTo', to));
	return filters;
}

export function matchesFilters(
	run: RunState,
	filters: RunListFilters,
	names: StatusNames = 'contract',
): boolean {
	const started = Date.parse(run.startedAt);
	return (
		(filters.workflowId === undefined || run.workflowId === filters.workflowId) &&
		(filters.status === undefined || shownStatus(run, names) === filters.status) &&
		(filters.startedFromMs === undefined || started >= filters.startedFromMs) &&
		(filters.startedToMs === undefined || started <= filters.startedToMs) &&
		(filters.initiatorUserId === undefined || run.initiator.userId === filters.initiatorUserId)
	);
}

/** Most recent first; runs started in the same millisecond: the later created first. */
export function byMostRecent(a: RunState, b: RunState): number {
	return Date.parse(b.startedAt) - Date.parse(a.startedAt) || b.seq - a.seq;
}
