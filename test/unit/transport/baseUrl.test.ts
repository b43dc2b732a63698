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
