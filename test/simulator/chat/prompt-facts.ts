/**
 * What a structured (json_schema) answer is filled from: the facts a simple, deterministic reading of the
 * last user message finds. No model: regular expressions over the text, always the same result for the same
 * prompt, so an answer reads like an answer to the question asked and tests can still pin it.
 *
 * - names: quoted strings ("…", “…”, '…'), then runs of capitalised words ("Acme Ltd", "Initech GmbH"); a
 *   sentence's first word is dropped when it is a common opener ("This", "Either", "Extract"…) or stands
 *   alone, and lone generic words ("Agreement", "NDA") and month names are not names;
 * - dates: ISO dates (2026-02-02), "2 February 2026", "February 2, 2026", as yyyy-MM-dd;
 * - numbers: the numbers outside those dates, each with where it stands in the text;
 * - emails and http(s) URLs;
 * - sentences: the text's sentences, for the short phrases of other string fields.
 */

interface PromptNumber {
	value: number;
	/** Offset of the number in the prompt (numbers near a field's words are chosen for that field). */
	at: number;
}

export interface PromptFacts {
	text: string;
	names: string[];
	dates: string[];
	numbers: PromptNumber[];
	emails: string[];
	urls: string[];
	sentences: string[];
}

export const NO_FACTS: PromptFacts = {
	text: '',
	names: [],
	dates: [],
	numbers: [],
	emails: [],
	urls: [],
	sentences: [],
};

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
const MONTH =
	'(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?';

/** Words that open a sentence with a capital without naming anyone. */
const OPENERS = new Set(
	'a an the this that these those either each every any all both neither no not if in on at for from by to under upon with it its we you they he she i our your their my please extract summarise summarize list find give return show tell draft write what who when where which why how and but or so then also here there'.split(
		' ',
	),
);

/** Capitalised words that are not names of anyone on their own. */
const GENERIC = new Set(
	'agreement contract clause clauses section schedule annex article appendix exhibit party parties company customer supplier buyer seller employer employee nda json api pdf docx usd eur gbp chf monday tuesday wednesday thursday friday saturday sunday'.split(
		' ',
	),
);

function isoDate(year: number, month: number, day: number): string | undefined {
	const date = new Date(Date.UTC(year, month - 1, day));
	if (
		date.getUTCFullYear() !== year ||
		date.getUTCMonth() !== month - 1 ||
		date.getUTCDate() !== day
	)
		return undefined;
	return date.toISOString().slice(0, 10);
}

/** 1-12 for a month name or its abbreviation (the MONTH pattern only lets those through). */
function monthNumber(name: string): number {
	const prefix = name.toLowerCase().replace(/\.$/, '').slice(0, 3);
	return MONTHS.findIndex((month) => month.startsWith(prefix)) + 1;
}

/** Replaces each match with spaces of the same length, so offsets stay right for what is read next. */
function blank(text: string, start: number, length: number): string {
	return text.slice(0, start) + ' '.repeat(length) + text.slice(start + length);
}

export function readPromptFacts(prompt: string): PromptFacts {
	const text = prompt.trim();
	let rest = text;
	const found = <T>(pattern: RegExp, read: (match: RegExpExecArray) => T | undefined): T[] => {
		const values: T[] = [];
		for (const match of [...rest.matchAll(pattern)]) {
			const value = read(match);
			if (value === undefined) continue;
			values.push(value);
			rest = blank(rest, match.index, match[0].length);
		}
		return values;
	};

	const emails = found(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, (match) => match[0]);
	const urls = found(/https?:\/\/[^\s"'<>]+[^\s"'<>.,;:!?)]/g, (match) => match[0]);
	// Dates first (with their positions), so their digits are not read as numbers and their months not as names.
	const dated: { at: number; iso: string }[] = [];
	const date = (match: RegExpExecArray, iso: string | undefined): string | undefined => {
		if (iso !== undefined) dated.push({ at: match.index, iso });
		return iso;
	};
	found(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (match) =>
		date(match, isoDate(Number(match[1]), Number(match[2]), Number(match[3]))),
	);
	found(
		new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\s+(\\d{4})\\b`, 'gi'),
		(match) => date(match, isoDate(Number(match[3]), monthNumber(match[2]), Number(match[1]))),
	);
	found(new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'), (match) =>
		date(match, isoDate(Number(match[3]), monthNumber(match[1]), Number(match[2]))),
	);
	const dates = [...new Set(dated.sort((a, b) => a.at - b.at).map((entry) => entry.iso))];

	const quoted = found(
		/"([^"\n]{1,80})"|“([^”\n]{1,80})”|(?<![\w’'])'([^'\n]{1,80})'(?![\w])/g,
		(match) => (match[1] ?? match[2] ?? match[3]).trim() || undefined,
	);
	const numbers = found(/(?<![\w.])-?\d+(?:,\d{3})*(?:\.\d+)?(?![\w])/g, (match) => ({
		value: Number(match[0].replace(/,/g, '')),
		at: match.index,
	}));

	const capitalised: string[] = [];
	// A word of a name: a capital, then letters, digits, apostrophes, hyphens, ampersands ("AT&T"); a period ends
	// it ("Acme Ltd." is "Acme Ltd"), so a name never runs into the next sentence.
	for (const match of rest.matchAll(
		/\p{Lu}[\p{L}\p{N}'’&-]*(?:[ \t]+(?:\p{Lu}[\p{L}\p{N}'’&-]*|&))*/gu,
	)) {
		const sentenceStart = /(^|[.!?:;\n]\s*)$/.test(rest.slice(0, match.index));
		let words = match[0].replace(/['’&-]+$/, '').split(/[ \t]+/);
		// A sentence's first word has its capital anyway: an opener is dropped, and a lone first word is no name.
		if (sentenceStart && (OPENERS.has(words[0].toLowerCase()) || words.length === 1))
			words = words.slice(1);
		while (words.length > 0 && words[words.length - 1] === '&') words = words.slice(0, -1);
		const name = words.join(' ');
		if (
			name === '' ||
			(words.length === 1 &&
				(GENERIC.has(name.toLowerCase()) || MONTHS.includes(name.toLowerCase())))
		)
			continue;
		capitalised.push(name);
	}
	const names = [...new Set([...quoted, ...capitalised])];

	const sentences = text
		.split(/(?<=[.!?])\s+|\n+/)
		.map((sentence) =>
			sentence
				.trim()
				.replace(/[.!?:;,]+$/, '')
				.trim(),
		)
		.filter((sentence) => sentence !== '');
	return { text, names, dates, numbers, emails, urls, sentences };
}

/** The words of a property name: `effective_date` → effective, date; `noticeDays` → notice, days. */
function nameWords(name: string): string[] {
	return name
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word !== '');
}

/** Singular-ish stem, so "days" finds "day" and "parties" finds "party". */
function stem(word: string): string {
	if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
	if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
	return word;
}

const NAME_WORDS = new Set(
	'party name counterparty company signatory person people client customer supplier vendor buyer seller employer employee entity organisation organization who licensor licensee landlord tenant lender borrower'.split(
		' ',
	),
);
const DATE_WORDS = new Set('date dated deadline expiry expiration when'.split(' '));

export function isNameLike(name: string): boolean {
	return nameWords(name).some((word) => NAME_WORDS.has(stem(word)));
}

export function isDateLike(name: string): boolean {
	return nameWords(name).some((word) => DATE_WORDS.has(stem(word)));
}

/** Where the words of `name` stand in the prompt (case-insensitive, by stem). */
function wordOffsets(facts: PromptFacts, name: string): number[] {
	const offsets: number[] = [];
	const stems = nameWords(name)
		.filter((word) => word.length >= 3)
		.map(stem);
	for (const match of facts.text.matchAll(/[\p{L}\p{N}]+/gu)) {
		if (stems.includes(stem(match[0].toLowerCase()))) offsets.push(match.index);
	}
	return offsets;
}

/** The prompt's numbers, those nearest a word of the property's name first (then in order of appearance). */
export function numbersFor(facts: PromptFacts, name: string): number[] {
	const offsets = wordOffsets(facts, name);
	const distance = (at: number) =>
		offsets.length === 0 ? 0 : Math.min(...offsets.map((offset) => Math.abs(offset - at)));
	return [...facts.numbers]
		.sort((a, b) => distance(a.at) - distance(b.at) || a.at - b.at)
		.map((number) => number.value);
}

/** A short phrase for a string property: the first sentence naming one of its words, else the first sentence. */
export function phraseFor(facts: PromptFacts, name: string, maxWords = 10): string | undefined {
	const stems = nameWords(name)
		.filter((word) => word.length >= 3)
		.map(stem);
	const named = facts.sentences.find((sentence) =>
		sentence
			.toLowerCase()
			.match(/[\p{L}\p{N}]+/gu)
			?.some((word) => stems.includes(stem(word))),
	);
	const sentence = named ?? facts.sentences[0];
	if (sentence === undefined) return undefined;
	return sentence
		.split(/\s+/)
		.slice(0, maxWords)
		.join(' ')
		.replace(/[\s,;:(-]+$/, '');
}
