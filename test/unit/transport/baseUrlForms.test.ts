import fc from 'fast-check';

import {
	normaliseBaseUrl,
	parseBaseUrl,
	resolveServiceUrl,
} from '../../../nodes/shared/transport/baseUrl';
import { runsOf } from '../../support/depth';

/** Every path of the contract's Endpoints table, ids filled in (encoded as the nodes encode them). */
function contractPaths(id: string): string[] {
	const e = encodeURIComponent(id);
	return [
		'/workflows',
		`/workflows/${e}`,
		'/workflows/runs',
		`/workflows/runs/${e}`,
		`/workflows/runs/${e}/cancel`,
		`/workflows/runs/${e}/events`,
		`/workflows/runs/${e}/files/${e}/download`,
		`/workflows/runs/${e}/input-documents/${e}/download`,
		'/workflow-inputs/documents',
		`/workflow-inputs/documents/${e}`,
		'/document-templates',
		`/document-templates/${e}`,
		`/document-templates/${e}/documents`,
		'/v1/chat/completions',
		'/v1/models',
	];
}

const origin = fc
	.tuple(
		fc.constantFrom('https://', 'http://', 'HTTPS://'),
		fc.domain(),
		fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
	)
	.map(([scheme, host, port]) => `${scheme}${host}${port === undefined ? '' : `:${port}`}`);
/** Where the API may live under its origin: at the root, or under a prefix of its own (not one ending in v1). */
const prefix = fc
	.array(
		fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/).filter((segment) => segment !== 'v1'),
		{ maxLength: 2 },
	)
	.map((segments) => segments.map((s) => `/${s}`).join(''));
const slashes = fc.integer({ min: 0, max: 3 }).map((n) => '/'.repeat(n));
/** How a user may type the end of it: nothing, slashes, /v1 (any case) with or without slashes around it, a query. */
const ending = fc
	.tuple(
		slashes,
		fc.constantFrom('', 'v1', 'V1', 'v1/v1'),
		slashes,
		fc.constantFrom('', '?x=1', '#top'),
	)
	.map(([before, v1, after, rest]) =>
		v1 ? `${before || '/'}${v1}${after}${rest}` : `${before}${rest}`,
	);
// An id of dots alone is a dot segment, which URL resolution removes whatever the base.
const id = fc.stringMatching(/^[A-Za-z0-9_.~-]{1,16}$/).filter((value) => !/^\.+$/.test(value));

describe('a Base URL typed with or without /v1', () => {
	it.each([
		['https://ws.example.com/v1', 'https://ws.example.com'],
		['https://ws.example.com/v1/', 'https://ws.example.com'],
		['https://ws.example.com//V1//', 'https://ws.example.com'],
		['http://127.0.0.1:4010/api/v1', 'http://127.0.0.1:4010/api'],
		['https://ws.example.com/v1/v1/', 'https://ws.example.com'],
		['https://v1/v1', 'https://v1'],
		['https://ws.example.com/v10', 'https://ws.example.com/v10'],
		['https://ws.example.com/apiv1', 'https://ws.example.com/apiv1'],
	])('%p is the base %p', (typed, base) => expect(normaliseBaseUrl(typed)).toBe(base));

	it('property: every form of a base resolves every contract path to the same absolute URL, /v1 paths with exactly one /v1', () => {
		fc.assert(
			fc.property(origin, prefix, ending, id, (host, path, end, anId) => {
				const plain = normaliseBaseUrl(`${host}${path}`);
				const typed = normaliseBaseUrl(`${host}${path}${end}`);
				expect(plain).toBeDefined();
				expect(typed).toBe(plain);
				for (const contractPath of contractPaths(anId)) {
					const resolved = resolveServiceUrl(typed!, contractPath);
					expect(resolved).toEqual(resolveServiceUrl(plain!, contractPath));
					if (!resolved.ok) throw new Error(`refused ${contractPath}`);
					const url = new URL(resolved.url);
					expect(url.origin).toBe(new URL(plain!).origin);
					expect(url.pathname).toBe(`${path}${contractPath}`);
				}
			}),
			{ numRuns: runsOf(500, 50) },
		);
	});

	it('property: a /v1 base and its root are one origin: links the service gives resolve alike, other origins are refused by both', () => {
		const link = fc.oneof(fc.webPath(), fc.webUrl(), fc.constant('https://evil.example.net/x'));
		fc.assert(
			fc.property(origin, ending, link, (host, end, target) => {
				const root = normaliseBaseUrl(host)!;
				expect(resolveServiceUrl(normaliseBaseUrl(`${host}${end}`)!, target)).toEqual(
					resolveServiceUrl(root, target),
				);
			}),
			{ numRuns: runsOf(500, 50) },
		);
	});
});

describe('parseBaseUrl says what is wrong with a Base URL it refuses', () => {
	it.each([
		[
			'',
			/^The Base URL is empty: enter the address of the service, e\.g\. https:\/\/workspace\.example\.com$/,
		],
		[
			'ws.example.com',
			/^The Base URL "ws\.example\.com" does not start with https:\/\/ or http:\/\/: type it in full, e\.g\. https:\/\/ws\.example\.com$/,
		],
		[
			'localhost:4010/v1',
			/does not start with https:\/\/ or http:\/\/: type it in full, e\.g\. https:\/\/localhost:4010\/v1$/,
		],
		['ftp://ws.example.com', /starts with ftp:\/\/: use https:\/\/ \(or http:\/\/\)/],
		['https://ws example.com', /is not a valid address: check it for spaces and typos/],
		[
			'https://user:secret@ws.example.com',
			/^The Base URL "https:\/\/\*\*\*@ws\.example\.com" names a user before its host/,
		],
	])('%p', (typed, problem) => {
		const parsed = parseBaseUrl(typed);
		expect(parsed).toEqual({ ok: false, problem: expect.stringMatching(problem) });
		expect(JSON.stringify(parsed)).not.toContain('secret');
	});

	it('property: a base is http(s), bare (no user, query, fragment, trailing / or /v1) and its own normal form; a refusal names the Base URL', () => {
		const typed = fc.oneof(
			fc.string(),
			fc.webUrl({ withQueryParameters: true, withFragments: true }),
			fc.domain(),
			origin.chain((host) => ending.map((end) => `${host}${end}`)),
		);
		fc.assert(
			fc.property(typed, (raw) => {
				const parsed = parseBaseUrl(raw);
				if (!parsed.ok) return expect(parsed.problem).toMatch(/^The Base URL /);
				const url = new URL(parsed.url);
				expect(['http:', 'https:']).toContain(url.protocol);
				expect([url.username, url.password, url.search, url.hash]).toEqual(['', '', '', '']);
				expect(parsed.url).not.toMatch(/(\/|\/v1)$/i);
				expect(parseBaseUrl(parsed.url)).toEqual(parsed);
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});
