/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * What a service may answer that it should not (every answer is untrusted input): hostile file names, answers of the wrong shape, links
 * with user information. Shared by the unit/property tests and the engine tests, so both attack with the same
 * classes: fixed examples that name each way in, and fast-check arbitraries that generate many more.
 */
import { posix, win32 } from 'node:path';

import fc from 'fast-check';

// ---- File names ------------------------------------------------------------------------------------------------

/** One way in each: separators, dot names, control characters, direction overrides, length, odd Unicode. */
export const HOSTILE_NAMES = [
	'../../etc/passwd',
	'Q3/Q4 review.pdf',
	'..\\..\\Windows\\System32\\drivers\\etc\\hosts',
	'C:\\temp\\report.pdf',
	'/absolute/report.pdf',
	'report.pdf/',
	'..',
	'.',
	'. .',
	'',
	'   ',
	'a\r\nContent-Type: text/html\r\n\r\n.pdf',
	'nul\u0000byte.pdf',
	'tab\tand\u001bescape.docx',
	'del\u007fc1\u0085.pdf',
	'line\u2028separator.pdf',
	'invoice\u202Efdp.exe',
	'lone\ud800surrogate.pdf',
	`${'x'.repeat(300)}.pdf`,
	`${'é'.repeat(150)}.docx`,
	`${'😀'.repeat(80)}.pdf`,
	'../',
	'folder/..',
] as const;

/** A character a service's file name may carry: separators and controls among ordinary letters. */
const nameUnit = fc.oneof(
	{
		weight: 3,
		arbitrary: fc.constantFrom(
			'/',
			'\\',
			'.',
			'..',
			'\r',
			'\n',
			'\u0000',
			'\t',
			'\u001b',
			'\u007f',
			'\u0085',
			'\u2028',
			'\u202e',
			'\u2066',
			'\ud800',
			'\udc00',
			' ',
		),
	},
	{
		weight: 4,
		arbitrary: fc.constantFrom(
			'a',
			'Q',
			'3',
			'-',
			'_',
			'"',
			':',
			'*',
			'%2F',
			'é',
			'中',
			'😀',
			'.pdf',
			'.docx',
		),
	},
	{ weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);

/** Any name a service could send, short or far too long. */
export const hostileName = fc.oneof(
	{ weight: 5, arbitrary: fc.string({ unit: nameUnit, maxLength: 30 }) },
	{ weight: 1, arbitrary: fc.string({ unit: nameUnit, minLength: 120, maxLength: 400 }) },
	{ weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NAMES) },
);

/** Names a sound service sends: they must come through unchanged. */
export const ordinaryName = fc
	.tuple(
		fc.string({
			unit: fc.constantFrom(
				'a',
				'B',
				'3',
				' ',
				'-',
				'_',
				'(',
				')',
				'"',
				"'",
				',',
				'é',
				'Ü',
				'中',
				'😀',
				'.',
			),
			minLength: 1,
			maxLength: 40,
		}),
		fc.constantFrom('.pdf', '.docx', '.md', '.txt', ''),
	)
	.map(([stem, extension]) => `${stem.trim()}${extension}`)
	.filter((name) => !/^[.\s]*$/.test(name));

/** Whether a name is a bare name to n8n (`path.parse` on either system): no directory, itself its base. */
export function isBareName(name: string): boolean {
	return [posix, win32].every((path) => {
		const parsed = path.parse(name);
		return parsed.dir === '' && parsed.base === name;
	});
}

/** Control characters, separators, direction overrides or lone surrogates: none may remain in a name. */
export const FORBIDDEN_IN_NAMES =
	/[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

// ---- Answers of the wrong shape --------------------------------------------------------------------------------

/** An answer that is not an object: each kind once. */
export const NOT_OBJECTS: Array<{ label: string; body: unknown }> = [
	{ label: 'null', body: null },
	{
		label: 'an array of objects',
		body: [{ runId: 'run_x', status: 'Completed' }, { runId: 'run_y' }],
	},
	{ label: 'an empty array', body: [] },
	{ label: 'a string', body: 'accepted' },
	{ label: 'a number', body: 202 },
	{ label: 'true', body: true },
];

/** Any JSON value that is not an object (what a broken proxy or deployment might answer). */
export const notObject = fc.oneof(
	fc.constant(null),
	fc.boolean(),
	fc.integer(),
	fc.double({ noNaN: true, noDefaultInfinity: true }),
	fc.string({ maxLength: 60 }),
	fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
);

// ---- Links with user information --------------------------------------------------------------------------------

/** `user@`, `user:password@` and their odd spellings, in front of a host. */
export const USERINFO_PARTS = [
	'user@',
	'a@b@',
	'user:secret@',
	':secret@',
	'a%40b@',
	'user:@',
	'x:y:z@',
	'ü@',
] as const;

/**
 * A link to `origin` with user information in it: absolute, and scheme-relative. (`https:user@host/…` without
 * slashes is a path when the base has the same scheme, so it carries no user information there.)
 */
export function userinfoLinks(
	origin: string,
	path = '/workflows/runs/r1/files/s1/download',
): string[] {
	const { protocol, host } = new URL(origin);
	return USERINFO_PARTS.flatMap((userinfo) => [
		`${protocol}//${userinfo}${host}${path}`,
		`//${userinfo}${host}${path}`,
		`${protocol}/\\${userinfo}${host}${path}`,
	]);
}

/** Generated user information: letters, digits and the characters a user part may carry, with an optional password. */
export const userinfoPart = fc
	.tuple(
		fc.string({
			unit: fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '%41', '!', '$'),
			minLength: 1,
			maxLength: 8,
		}),
		fc.option(fc.string({ unit: fc.constantFrom('p', 'W', '9', '%40', ';'), maxLength: 8 })),
	)
	.map(([user, password]) => (password === null ? `${user}@` : `${user}:${password}@`));
