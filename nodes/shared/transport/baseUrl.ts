/**
 * Where requests may go. The API key is only ever sent to the credential's own origin: every path the
 * service hands back (`downloadPath`, document links, `Location`) is resolved here and refused when it
 * points anywhere else. Pure functions that return results (the caller turns refusals into node errors).
 *
 * Every request of an execution starts from the same base URL, so what is derived from it (its normal form,
 * its origin and path prefix) is computed once per distinct base URL, not once per item: a few entries are
 * kept (one per credential in use), cleared when full. The credential itself is still read per request.
 */

const REMEMBERED_BASES = 16;

/** `compute` with its results remembered by input: only for pure functions of a string with immutable results. */
function rememberedByInput<T>(compute: (input: string) => T): (input: string) => T {
	const results = new Map<string, T>();
	return (input) => {
		if (results.has(input)) return results.get(input) as T;
		const result = compute(input);
		if (results.size >= REMEMBERED_BASES) results.clear();
		results.set(input, result);
		return result;
	};
}

/** A Base URL as typed, read: its normal form, or what is wrong with it in words a user can act on. */
export type ParsedBaseUrl = { ok: true; url: string } | { ok: false; problem: string };

const EXAMPLE_BASE = 'https://workspace.example.com';

/**
 * The rule for the credential's Base URL. Surrounding spaces, a query, a fragment, trailing slashes and trailing
 * `/v1` segments (what OpenAI-style credentials ask for; only the chat adapter lives under it, and the
 * node adds `/v1` to its own paths) are dropped, so `https://host`, `https://host/` and `https://host/v1/` are the
 * same base. Only http(s) without user information is accepted (n8n would send `user@` as Basic authentication).
 */
export function parseBaseUrl(raw: string): ParsedBaseUrl {
	const value = (raw ?? '').trim();
	const refused = (problem: string): ParsedBaseUrl => ({ ok: false, problem });
	if (value === '')
		return refused(`The Base URL is empty: enter the address of the service, e.g. ${EXAMPLE_BASE}`);
	const shown = redactUserinfo(value);
	// `host:4010` parses as a URL whose scheme is `host:`, so the scheme is judged by its `://`, not by the parser.
	const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
	if (scheme === undefined) {
		// A bare host (`ws.example.com:4010/api`) is shown with its scheme added; anything else gets the example.
		const example = /^[a-z0-9.-]+(:\d+)?(\/[^@]*)?$/i.test(value)
			? `https://${value}`
			: EXAMPLE_BASE;
		return refused(
			`The Base URL "${shown}" does not start with https:// or http://: type it in full, e.g. ${example}`,
		);
	}
	if (scheme !== 'http' && scheme !== 'https')
		return refused(
			`The Base URL "${shown}" starts with ${scheme}://: use https:// (or http://), e.g. ${EXAMPLE_BASE}`,
		);
	if (!URL.canParse(value))
		return refused(
			`The Base URL "${shown}" is not a valid address: check it for spaces and typos, e.g. ${EXAMPLE_BASE}`,
		);
	const parsed = new URL(value);
	if (parsed.username || parsed.password)
		return refused(
			`The Base URL "${shown}" names a user before its host (user@): remove it; the API key is the only credential sent`,
		);
	// The path alone loses its trailing slashes and /v1 segments (all of them: the rule is its own normal form).
	return { ok: true, url: `${parsed.origin}${parsed.pathname.replace(/(?:\/+v1)*\/*$/i, '')}` };
}

/** The user's base URL in its normal form (`parseBaseUrl`); undefined if it is refused. */
export const normaliseBaseUrl = rememberedByInput((raw: string): string | undefined => {
	const parsed = parseBaseUrl(raw);
	return parsed.ok ? parsed.url : undefined;
});

interface Base {
	href: string;
	origin: string;
	/** The base URL's path without a trailing slash ('' at the root). */
	prefix: string;
}

const baseOf = rememberedByInput((normalisedBaseUrl: string): Readonly<Base> => {
	const base = new URL(normalisedBaseUrl);
	return Object.freeze({
		href: base.toString(),
		origin: base.origin,
		prefix: base.pathname.replace(/\/+$/, ''),
	});
});

export type ResolvedUrl =
	| { ok: true; url: string }
	| { ok: false; target: string; expectedOrigin: string; reason: RefusalReason };

/** Why a link is refused: another origin, user information before the host, a `.` or `..` segment in its path. */
export type RefusalReason = 'origin' | 'userinfo' | 'dotSegment';

/**
 * Whether a path or link has a `.` or `..` segment (also percent-encoded: URL parsers decode `%2e` there). `new URL`
 * would resolve it, so an id typed as `..` (`/workflows/runs/..`) would reach another endpoint (`/workflows/`). No
 * path of the contract has one, and no id is only dots.
 */
function hasDotSegment(pathOrUrl: string): boolean {
	const path = pathOrUrl
		.replace(/^[a-z][a-z0-9+.-]*:/i, '')
		.replace(/^[/\\]{2}[^/\\?#]*/, '')
		.split(/[?#]/)[0];
	return path.split(/[/\\]/).some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/**
 * Whether a link carries user information (`user@`, `user:password@`). It is not part of the origin, so such a link
 * passes an origin check, and n8n's HTTP client then sends it as Basic authentication instead of the Bearer key.
 */
export function carriesUserinfo(link: string): boolean {
	const target = (link ?? '').trim();
	if (!URL.canParse(target, 'http://relative.invalid')) return false;
	const parsed = new URL(target, 'http://relative.invalid');
	return parsed.username !== '' || parsed.password !== '';
}

/** A link as errors may show it: its user information, if any, replaced by `***`. */
export function redactUserinfo(link: string): string {
	return carriesUserinfo(link) ? link.replace(/^([^@]*[/\\]{2})?[^/\\]*@/, '$1***@') : link;
}

/**
 * Turns an API path (`/workflows`) or a server-given path or link into an absolute URL under the base URL.
 * A base URL may carry a path prefix (`https://host/api`): a server path that already starts with that
 * prefix is not prefixed twice. Absolute links are accepted only on the base URL's origin, and never with user
 * information (refused as the credential's Base URL is, `normaliseBaseUrl`), nor with a dot segment.
 */
export function resolveServiceUrl(normalisedBaseUrl: string, pathOrUrl: string): ResolvedUrl {
	const { href, origin, prefix } = baseOf(normalisedBaseUrl);
	const target = (pathOrUrl ?? '').trim();
	const refused = (reason: RefusalReason): ResolvedUrl => ({
		ok: false,
		target,
		expectedOrigin: origin,
		reason,
	});
	if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('\\')) {
		if (!URL.canParse(target, href)) return refused('origin');
		return accepted(new URL(target, href), origin, refused, target);
	}
	const path = target.startsWith('/') ? target : `/${target}`;
	const joined =
		prefix && (path === prefix || path.startsWith(`${prefix}/`)) ? path : `${prefix}${path}`;
	if (!URL.canParse(joined, origin)) return refused('origin');
	// `new URL` normalises backslashes and dot segments (refused in `accepted`): a crafted path must not leave the origin.
	return accepted(new URL(joined, origin), origin, refused, target);
}

function accepted(
	resolved: URL,
	origin: string,
	refused: (reason: RefusalReason) => ResolvedUrl,
	target: string,
): ResolvedUrl {
	if (resolved.origin !== origin) return refused('origin');
	if (resolved.username || resolved.password) return refused('userinfo');
	if (hasDotSegment(target)) return refused('dotSegment');
	return { ok: true, url: resolved.toString() };
}
