/**
 * A small path router. Patterns are '/'-separated segments; a segment starting with ':' captures.
 * When several patterns match, the one with a literal segment at the first position where they
 * differ wins, so `/workflows/runs` is never taken by `/workflows/:id`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CompiledPattern {
	segments: { literal: string | null; param: string | null }[];
}

export type RouteMatch<T> =
	| { kind: 'found'; value: T; params: Record<string, string> }
	| { kind: 'method-not-allowed'; allow: HttpMethod[] }
	| { kind: 'not-found' };

interface Entry<T> {
	method: HttpMethod;
	path: string;
	pattern: CompiledPattern;
	value: T;
}

function compile(path: string): CompiledPattern {
	if (!path.startsWith('/')) throw new Error(`Route path must start with '/': ${path}`);
	const parts = path === '/' ? [] : path.slice(1).split('/');
	return {
		segments: parts.map((part) =>
			part.startsWith(':')
				? { literal: null, param: part.slice(1) }
				: { literal: part, param: null },
		),
	};
}

function splitPath(pathname: string): string[] | null {
	// Tolerate one trailing slash ('/workflows/'), nothing else: '//workflows' stays unknown.
	const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
	if (trimmed === '/') return [];
	return trimmed.slice(1).split('/');
}

function matchPattern(pattern: CompiledPattern, parts: string[]): Record<string, string> | null {
	if (pattern.segments.length !== parts.length) return null;
	const params: Record<string, string> = {};
	for (let i = 0; i < parts.length; i++) {
		const segment = pattern.segments[i];
		if (segment.literal !== null) {
			if (segment.literal !== parts[i]) return null;
			continue;
		}
		if (parts[i] === '') return null;
		try {
			params[segment.param as string] = decodeURIComponent(parts[i]);
		} catch {
			return null; // malformed %-escape: no route can own it
		}
	}
	return params;
}

/** Negative when `a` is more specific than `b` (literal earlier). */
function compareSpecificity(a: CompiledPattern, b: CompiledPattern): number {
	for (let i = 0; i < a.segments.length; i++) {
		const aLiteral = a.segments[i].literal !== null;
		const bLiteral = b.segments[i].literal !== null;
		if (aLiteral !== bLiteral) return aLiteral ? -1 : 1;
	}
	return 0;
}

export class Router<T> {
	private readonly entries: Entry<T>[] = [];

	add(method: HttpMethod, path: string, value: T): void {
		const pattern = compile(path);
		if (this.entries.some((entry) => entry.method === method && entry.path === path)) {
			throw new Error(`Route already registered: ${method} ${path}`);
		}
		this.entries.push({ method, path, pattern, value });
	}

	list(): { method: HttpMethod; path: string; value: T }[] {
		return this.entries.map(({ method, path, value }) => ({ method, path, value }));
	}

	match(method: string, pathname: string): RouteMatch<T> {
		const parts = splitPath(pathname);
		if (parts === null) return { kind: 'not-found' };
		const candidates: { entry: Entry<T>; params: Record<string, string> }[] = [];
		for (const entry of this.entries) {
			const params = matchPattern(entry.pattern, parts);
			if (params) candidates.push({ entry, params });
		}
		if (candidates.length === 0) return { kind: 'not-found' };
		// The path's owner is the most specific pattern; methods of less specific ones do not apply.
		candidates.sort((a, b) => compareSpecificity(a.entry.pattern, b.entry.pattern));
		const owner = candidates.filter(
			(c) => compareSpecificity(c.entry.pattern, candidates[0].entry.pattern) === 0,
		);
		const hit =
			owner.find((c) => c.entry.method === method) ??
			(method === 'HEAD' ? owner.find((c) => c.entry.method === 'GET') : undefined);
		if (hit) return { kind: 'found', value: hit.entry.value, params: hit.params };
		return { kind: 'method-not-allowed', allow: [...new Set(owner.map((c) => c.entry.method))] };
	}
}
