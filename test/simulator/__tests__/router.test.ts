import { Router } from '../router';

describe('Router', () => {
	const router = new Router<string>();
	router.add('GET', '/workflows', 'list');
	router.add('GET', '/workflows/:id', 'detail');
	router.add('GET', '/workflows/runs', 'runs');
	router.add('POST', '/workflows/runs', 'start');
	router.add('POST', '/workflows/runs/:runId/cancel', 'cancel');

	test('literal segments win over parameters: /workflows/runs never matches /workflows/:id', () => {
		expect(router.match('GET', '/workflows/runs')).toEqual({
			kind: 'found',
			value: 'runs',
			params: {},
		});
		expect(router.match('GET', '/workflows/wf_1')).toEqual({
			kind: 'found',
			value: 'detail',
			params: { id: 'wf_1' },
		});
	});

	test('the most specific pattern owns the path: DELETE /workflows/runs is 405 with the literal route methods', () => {
		expect(router.match('DELETE', '/workflows/runs')).toEqual({
			kind: 'method-not-allowed',
			allow: ['GET', 'POST'],
		});
	});

	test('parameters are decoded; malformed escapes and empty segments do not match', () => {
		expect(router.match('POST', '/workflows/runs/run%201/cancel')).toMatchObject({
			params: { runId: 'run 1' },
		});
		expect(router.match('GET', '/workflows/%E0%A4%A')).toEqual({ kind: 'not-found' });
		expect(router.match('GET', '/workflows//')).toEqual({ kind: 'not-found' });
	});

	test('one trailing slash is tolerated; unknown paths are not found', () => {
		expect(router.match('GET', '/workflows/')).toMatchObject({ value: 'list' });
		expect(router.match('GET', '/nothing')).toEqual({ kind: 'not-found' });
	});

	test('registering the same method and path twice is an error', () => {
		expect(() => router.add('GET', '/workflows', 'again')).toThrow(/already registered/);
	});
});
