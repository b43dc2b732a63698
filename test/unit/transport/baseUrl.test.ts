import fc from 'fast-check';

import { normaliseBaseUrl, resolveServiceUrl } from '../../../nodes/shared/transport/baseUrl';

describe('normaliseBaseUrl', () => {
	it.each([
		['https://ws.example.com/api/', 'https://ws.example.com/api'],
		['https://ws.example.com/api', 'https://ws.example.com/api'],
		['  http://127.0.0.1:4010// ', 'http://127.0.0.1:4010'],
		['https://ws.example.com/?x=1#y', 'https://ws.example.com'],
	])('tolerates %p', (raw, expected) => expect(normaliseBaseUrl(raw)).toBe(expected));

	it.each(['', 'ws.example.com', 'ftp://ws.example.com', 'https://user:pw@ws.example.com', 'javascript:alert(1)'])(
		'refuses %p',
		(raw) => expect(normaliseBaseUrl(raw)).toBeUndefined(),
	);
});

describe('resolveServiceUrl (the key never leaves its origin)', () => {
	const base = 'https://ws.example.com/api';

	it.each([
		['/workflows', 'https://ws.example.com/api/workflows'],
		['workflows/runs', 'https://ws.example.com/api/workflows/runs'],
		['/api/workflows/runs/r1/files/s1/download', 'https://ws.example.com/api/workflows/runs/r1/files/s1/download'],
		['https://ws.example.com/api/documents/d1/content/pdf', 'https://ws.example.com/api/documents/d1/content/pdf'],
		['/workflows/runs?x=1', 'https://ws.example.com/api/workflows/runs?x=1'],
	])('resolves %p under the base URL', (path, expected) => expect(resolveServiceUrl(base, path)).toEqual({ ok: true, url: expected }));

	it.each([
		'https://evil.example.net/steal',
		'//evil.example.net/steal',
		'http://ws.example.com/api/workflows',
		'https://ws.example.com:8443/api/workflows',
		'\\\\evil.example.net\\steal',
		'data:text/plain,hello',
	])('refuses %p', (path) => expect(resolveServiceUrl(base, path)).toMatchObject({ ok: false, expectedOrigin: 'https://ws.example.com' }));

	it('keeps dot segments inside the origin', () => {
		const resolved = resolveServiceUrl(base, '/../../etc/passwd');
		expect(resolved.ok && new URL(resolved.url).origin).toBe('https://ws.example.com');
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
	const hosts = ['ws.example.com', '127.0.0.1:4010', 'evil.example.net', 'xn--bcher-kva.example', 'ws.example.com:8443'];
	const base = fc
		.tuple(fc.constantFrom('https://', 'http://', 'ftp://', ' https://', 'https://user:pw@'), fc.constantFrom(...hosts), fc.constantFrom('', '/', '/api', '/api/', '/a/b//', '?x=1', '#y'))
		.map(([scheme, host, rest]) => `${scheme}${host}${rest}`);
	const path = fc.constantFrom('/workflows', 'workflows/runs', '/api/workflows', 'https://ws.example.com/api/x', '//evil.example.net/x', '/../../etc', '\\evil\\x', '/a?b=1', '');

	it('gives the answers a fresh computation gives, whatever came before', () => {
		fc.assert(
			fc.property(fc.array(fc.tuple(base, path), { minLength: 1, maxLength: 40 }), (calls) => {
				for (const [raw, target] of calls) {
					const scratch = fresh();
					expect(normaliseBaseUrl(raw)).toBe(scratch.normaliseBaseUrl(raw));
					const normalised = scratch.normaliseBaseUrl(raw);
					if (normalised !== undefined) expect(resolveServiceUrl(normalised, target)).toEqual(scratch.resolveServiceUrl(normalised, target));
				}
			}),
			{ numRuns: 60 },
		);
	});
});
