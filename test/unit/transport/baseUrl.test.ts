import fc from 'fast-check';

import {
	carriesUserinfo,
	normaliseBaseUrl,
	redactUserinfo,
	resolveServiceUrl,
} from '../../../nodes/shared/transport/baseUrl';
import { USERINFO_PARTS, userinfoLinks, userinfoPart } from '../../expectations/untrusted';
import { runsOf } from '../../support/depth';

describe('normaliseBaseUrl', () => {
	it.each([
		['https://ws.example.com/api/', 'https://ws.example.com/api'],
		['https://ws.example.com/api', 'https://ws.example.com/api'],
		['  http://127.0.0.1:4010// ', 'http://127.0.0.1:4010'],
		['https://ws.example.com/?x=1#y', 'https://ws.example.com'],
	])('tolerates %p', (raw, expected) => expect(normaliseBaseUrl(raw)).toBe(expected));

	it.each([
		'',
		'ws.example.com',
		'ftp://ws.example.com',
		'https://user:pw@ws.example.com',
		'javascript:alert(1)',
	])('refuses %p', (raw) => expect(normaliseBaseUrl(raw)).toBeUndefined());
});

describe('resolveServiceUrl (the key never leaves its origin)', () => {
	const base = 'https://ws.example.com/api';

	it.each([
		['/workflows', 'https://ws.example.com/api/workflows'],
		['workflows/runs', 'https://ws.example.com/api/workflows/runs'],
		[
			'/api/workflows/runs/r1/files/s1/download',
			'https://ws.example.com/api/workflows/runs/r1/files/s1/download',
		],
		[
			'https://ws.example.com/api/documents/d1/content/pdf',
			'https://ws.example.com/api/documents/d1/content/pdf',
		],
		['/workflows/runs?x=1', 'https://ws.example.com/api/workflows/runs?x=1'],
	])('resolves %p under the base URL', (path, expected) =>
		expect(resolveServiceUrl(base, path)).toEqual({ ok: true, url: expected }),
	);

	it.each([
		'https://evil.example.net/steal',
		'//evil.example.net/steal',
		'http://ws.example.com/api/workflows',
		'https://ws.example.com:8443/api/workflows',
		'\\\\evil.example.net\\steal',
		'data:text/plain,hello',
	])('refuses %p', (path) =>
		expect(resolveServiceUrl(base, path)).toMatchObject({
			ok: false,
			expectedOrigin: 'https://ws.example.com',
		}),
	);

	it.each([
		'/../../etc/passwd',
		'/workflows/runs/..',
		'/workflows/runs/./cancel',
		'/workflows/runs/%2E%2e',
		'/workflows/runs/.%2E/files',
		'https://ws.example.com/api/documents/..',
		'/a\\..\\b',
		'/workflows/runs/..?x=1',
	])('refuses %p: a dot segment would reach another endpoint', (path) =>
		expect(resolveServiceUrl(base, path)).toMatchObject({ ok: false, reason: 'dotSegment' }),
	);

	it('an id in a path is refused exactly when it is only dots, whatever else it holds', () => {
		const id = fc.oneof(
			fc.string({ minLength: 1, maxLength: 6 }),
			fc.stringMatching(/^[.]{1,3}$/),
			fc.constantFrom('run_1', '...', 'a.b', '.x', '%2e'),
		);
		fc.assert(
			fc.property(id, (raw) => {
				const resolved = resolveServiceUrl(
					base,
					`/workflows/runs/${encodeURIComponent(raw)}/cancel`,
				);
				const onlyDots = raw === '.' || raw === '..';
				expect(resolved.ok).toBe(!onlyDots);
				if (resolved.ok)
					expect(new URL(resolved.url).pathname).toBe(
						`/api/workflows/runs/${encodeURIComponent(raw)}/cancel`,
					);
			}),
			{ numRuns: runsOf(2000, 200) },
		);
	});
});

describe('remembered per base URL (computed once, not once per item)', () => {
	/** A fresh copy of the module: nothing remembered, so its answer is the one computed from scratch. */
	type BaseUrlModule = typeof import('../../../nodes/shared/transport/baseUrl');
	function fresh(): BaseUrlModule {
		let module: BaseUrlModule | undefined;
		jest.isolateModules(() => {
			module = jest.requireActual<BaseUrlModule>('../../../nodes/shared/transport/baseUrl');
		});
		return module!;
	}

	// More bases than are remembered (16), so the memory is cleared and refilled while the sequence runs.
	const hosts = [
		'ws.example.com',
		'127.0.0.1:4010',
		'evil.example.net',
		'xn--bcher-kva.example',
		'ws.example.com:8443',
	];
	const base = fc
		.tuple(
			fc.constantFrom('https://', 'http://', 'ftp://', ' https://', 'https://user:pw@'),
			fc.constantFrom(...hosts),
			fc.constantFrom('', '/', '/api', '/api/', '/a/b//', '?x=1', '#y'),
		)
		.map(([scheme, host, rest]) => `${scheme}${host}${rest}`);
	const path = fc.constantFrom(
		'/workflows',
		'workflows/runs',
		'/api/workflows',
		'https://ws.example.com/api/x',
		'//evil.example.net/x',
		'/../../etc',
		'\\evil\\x',
		'/a?b=1',
		'',
	);

	it('gives the answers a fresh computation gives, whatever came before', () => {
		fc.assert(
			fc.property(fc.array(fc.tuple(base, path), { minLength: 1, maxLength: 40 }), (calls) => {
				for (const [raw, target] of calls) {
					const scratch = fresh();
					expect(normaliseBaseUrl(raw)).toBe(scratch.normaliseBaseUrl(raw));
					const normalised = scratch.normaliseBaseUrl(raw);
					if (normalised !== undefined)
						expect(resolveServiceUrl(normalised, target)).toEqual(
							scratch.resolveServiceUrl(normalised, target),
						);
				}
			}),
			{ numRuns: 60 },
		);
	});
});

describe('links with user information (user@) are refused like a Base URL with it', () => {
	const base = 'https://ws.example.com/api';

	it.each(
		userinfoLinks('https://ws.example.com', '/api/workflows/runs/r1/files/s1/download').map(
			(link) => [link],
		),
	)('refuses %p', (link) => {
		expect(carriesUserinfo(link)).toBe(true);
		expect(resolveServiceUrl(base, link)).toMatchObject({ ok: false, reason: 'userinfo' });
	});

	it('still refuses other origins as such, and accepts the same link without user information', () => {
		expect(resolveServiceUrl(base, 'https://user@evil.example.net/x')).toMatchObject({
			ok: false,
			reason: 'origin',
		});
		expect(
			resolveServiceUrl(base, 'https://ws.example.com/api/documents/d1/content/pdf'),
		).toMatchObject({ ok: true });
	});

	it.each([
		'/workflows/runs/r@1',
		'documents/a@b/content/pdf',
		'mailto:someone@example.com',
		'/api/x?user=a@b',
	])('%p has no user information', (link) => expect(carriesUserinfo(link)).toBe(false));

	it.each(USERINFO_PARTS.map((part) => [part]))('redacts %p in what an error shows', (part) => {
		const shown = redactUserinfo(`https://${part}ws.example.com/api/x`);
		expect(shown).toBe('https://***@ws.example.com/api/x');
	});

	it('property: a link to the base origin with any user information is refused; without it, it resolves with none', () => {
		const path = fc.webPath();
		fc.assert(
			fc.property(
				userinfoPart,
				path,
				fc.constantFrom('https://', '//', 'https:\\\\', 'HTTPS://'),
				(userinfo, rest, front) => {
					const link = `${front}${userinfo}ws.example.com${rest}`;
					expect(resolveServiceUrl(base, link)).toMatchObject({ ok: false, reason: 'userinfo' });
					expect(redactUserinfo(link)).toBe(link.replace(userinfo, '***@'));
					const clean = resolveServiceUrl(base, `https://ws.example.com${rest}`);
					if (clean.ok) expect(new URL(clean.url).username).toBe('');
				},
			),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: whatever path or link the service gives, a resolved URL never carries user information', () => {
		const anyLink = fc.oneof(
			fc.webUrl({ withQueryParameters: true }),
			fc.webPath(),
			fc.string(),
			userinfoPart.map((part) => `http://${part}ws.example.com/x`),
		);
		fc.assert(
			fc.property(anyLink, (link) => {
				const resolved = resolveServiceUrl(base, link);
				if (resolved.ok) {
					const url = new URL(resolved.url);
					expect([url.username, url.password, url.origin]).toEqual([
						'',
						'',
						'https://ws.example.com',
					]);
				}
			}),
			{ numRuns: runsOf(2000, 200) },
		);
	});
});
