/** Date answers of template fields (the API's Template production, section 3). Pure: no I/O. */

const MONTH_WORD = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\b/i;

export type DateAnswer = { ok: true; value: string } | { ok: false; problem: string };

/**
 * yyyy-MM-dd as is; a date-time → its date as written (no time-zone shift); a date object → its calendar
 * date; a date with the month as a word → passed on as written (the service reads it); any other numeric form
 * is refused here, as the service would refuse it. Without `monthAsWord` (a run input's JSON Schema `format: date`,
 * which is RFC 3339's full-date) only yyyy-MM-dd and date-times are taken.
 */
export function normaliseDateAnswer(
	value: unknown,
	options: { monthAsWord?: boolean } = {},
): DateAnswer {
	const monthAsWord = options.monthAsWord ?? true;
	if (value && typeof value === 'object') {
		const candidate = value as { toISODate?: () => string | null; toISOString?: () => string };
		if (typeof candidate.toISODate === 'function') {
			const date = candidate.toISODate();
			if (date) return { ok: true, value: date };
		}
		if (typeof candidate.toISOString === 'function')
			return { ok: true, value: candidate.toISOString().slice(0, 10) };
	}
	const text = String(value).trim();
	const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
	if (iso) {
		const [, year, month, day] = iso;
		const probe = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
		if (
			probe.getUTCFullYear() === Number(year) &&
			probe.getUTCMonth() === Number(month) - 1 &&
			probe.getUTCDate() === Number(day)
		)
			return { ok: true, value: `${year}-${month}-${day}` };
		return { ok: false, problem: `"${text}" is not a calendar date` };
	}
	if (monthAsWord && MONTH_WORD.test(text) && /\d/.test(text)) return { ok: true, value: text };
	const others = monthAsWord ? ', or write the month as a word' : '';
	return {
		ok: false,
		problem: `"${text}" is not a date the service accepts: use yyyy-MM-dd (e.g. 2026-03-01)${others}`,
	};
}
