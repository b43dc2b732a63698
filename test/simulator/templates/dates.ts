/**
 * Date answers (contract, Template production 3):
 * - `yyyy-MM-dd` is the form;
 * - a date-time is accepted and its date is taken AS WRITTEN, whatever the zone
 *   (`2026-03-01T23:30:00-08:00` is 2026-03-01, although it is already 2 March in UTC);
 * - a date whose month is a word is read as written (`1 March 2026`, `March 1, 2026`, `1 Mar 2026`);
 * - any other numeric form is refused (`01/03/2026` is 1 March or 3 January depending on the reader),
 *   and so is an impossible calendar date (`2026-02-30`).
 */

export type DateResult = { ok: true; date: string } | { ok: false; message: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 / ISO 8601 date-time; the zone is optional (a local time is still "as written"). */
const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-](\d{2}):(\d{2}))?$/;

const MONTHS = [
	'january',
	'february',
	'march',
	'april',
	'may',
	'june',
	'july',
	'august',
	'september',
	'october',
	'november',
	'december',
];

/** Full English month names and their usual abbreviations ('Sept' included), case-insensitive. */
function monthNumber(word: string): number | null {
	const lower = word.toLowerCase().replace(/\.$/, '');
	if (lower === 'sept') return 9;
	const index = MONTHS.findIndex(
		(name) => name === lower || (lower.length === 3 && name.startsWith(lower)),
	);
	return index === -1 ? null : index + 1;
}

const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const MONTH_WORD = '([A-Za-z]+\\.?)';
const SEPARATOR = '[\\s\\-/]+';
/** 1 March 2026, 1st Mar 2026, 1-Mar-2026. */
const DAY_MONTH_YEAR = new RegExp(`^${DAY}${SEPARATOR}${MONTH_WORD}${SEPARATOR}(\\d{4})$`, 'i');
/** March 1, 2026, Mar 1 2026. */
const MONTH_DAY_YEAR = new RegExp(`^${MONTH_WORD}${SEPARATOR}${DAY},?\\s+(\\d{4})$`, 'i');

function pad(value: number, width: number): string {
	return String(value).padStart(width, '0');
}

/** yyyy-MM-dd when the three numbers make a real calendar date, else null. */
function calendarDate(year: number, month: number, day: number): string | null {
	const date = new Date(Date.UTC(year, month - 1, day));
	date.setUTCFullYear(year); // years 0-99 would otherwise map to 1900-1999
	if (
		date.getUTCFullYear() !== year ||
		date.getUTCMonth() !== month - 1 ||
		date.getUTCDate() !== day
	)
		return null;
	return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const FORM_MESSAGE =
	'must be a date written yyyy-MM-dd (e.g. 2026-03-01); a date-time or a date with the month as a word (1 March 2026) is accepted too, other numeric forms (01/03/2026, 2026/03/01, 01.03.2026, 20260301) are refused as ambiguous';

function impossible(value: string): DateResult {
	return {
		ok: false,
		message: `must be a real calendar date (${JSON.stringify(value)} does not exist)`,
	};
}

export function readDate(raw: string): DateResult {
	const value = raw.trim();
	const iso = ISO_DATE.exec(value) ?? ISO_DATE_TIME.exec(value);
	if (iso) {
		const date = calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
		if (!date) return impossible(value);
		if (iso[4] !== undefined) {
			const [hours, minutes, seconds, zoneHours, zoneMinutes] = [
				iso[4],
				iso[5],
				iso[6] ?? '0',
				iso[7] ?? '0',
				iso[8] ?? '0',
			].map(Number);
			if (hours > 23 || minutes > 59 || seconds > 60 || zoneHours > 23 || zoneMinutes > 59) {
				return {
					ok: false,
					message: `must be a valid date-time (${JSON.stringify(value)} has an impossible time or offset)`,
				};
			}
		}
		// "its date is taken as written whatever the time zone": no conversion to UTC.
		return { ok: true, date };
	}

	const dayFirst = DAY_MONTH_YEAR.exec(value);
	const monthFirst = dayFirst ? null : MONTH_DAY_YEAR.exec(value);
	if (dayFirst || monthFirst) {
		const [dayText, monthText, yearText] = dayFirst
			? [dayFirst[1], dayFirst[2], dayFirst[3]]
			: [monthFirst![2], monthFirst![1], monthFirst![3]];
		const month = monthNumber(monthText);
		if (month === null)
			return {
				ok: false,
				message: `must name a month in English (${JSON.stringify(monthText)} is not a month); ${FORM_MESSAGE}`,
			};
		const date = calendarDate(Number(yearText), month, Number(dayText));
		return date ? { ok: true, date } : impossible(value);
	}
	return { ok: false, message: FORM_MESSAGE };
}
