/**
 * Where requests may go. The API key is only ever sent to the credential's own origin: every path the
 * service hands back (`downloadPath`, document links, `Location`) is resolved here and refused when it
 * points anywhere else. Pure functions that return results (the caller turns refusals into node errors).
 */

/** The user's base URL with or without a trailing slash, returned without one; undefined if not http(s). */
export function normaliseBaseUrl(raw: string): string | undefined {
	const value = (raw ?? '').trim();
	if (!URL.canParse(value)) return undefined;
	const parsed = new URL(value);
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
	if (parsed.username || parsed.password) return undefined;
	parsed.search = '';
	parsed.hash = '';
	return parsed.toString().replace(/\/+$/, '');
}

export type ResolvedUrl =
	| { ok: true; url: string }
	| { ok: false; target: string; expectedOrigin: string; reason: 'origin' | 'userinfo' };

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
 * information (refused as the credential's Base URL is, `normaliseBaseUrl`).
 */
export function resolveServiceUrl(normalisedBaseUrl: string, pathOrUrl: string): ResolvedUrl {
	const base = new URL(normalisedBaseUrl);
	const target = (pathOrUrl ?? '').trim();
	const refused = (reason: 'origin' | 'userinfo'): ResolvedUrl => ({ ok: false, target, expectedOrigin: base.origin, reason });
	if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('\\')) {
		if (!URL.canParse(target, base.toString())) return refused('origin');
		return accepted(new URL(target, base), base, refused);
	}
	const prefix = base.pathname.replace(/\/+$/, '');
	const path = target.startsWith('/') ? target : `/${target}`;
	const joined = prefix && (path === prefix || path.startsWith(`${prefix}/`)) ? path : `${prefix}${path}`;
	if (!URL.canParse(joined, base.origin)) return refused('origin');
	// `new URL` normalises `..` and backslashes: a crafted path must not leave the origin.
	return accepted(new URL(joined, base.origin), base, refused);
}

function accepted(resolved: URL, base: URL, refused: (reason: 'origin' | 'userinfo') => ResolvedUrl): ResolvedUrl {
	if (resolved.origin !== base.origin) return refused('origin');
	if (resolved.username || resolved.password) return refused('userinfo');
	return { ok: true, url: resolved.toString() };
}
