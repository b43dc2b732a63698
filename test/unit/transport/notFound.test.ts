import fc from 'fast-check';

import { explainServiceError, parseServiceError } from '../../../nodes/shared/transport/errors';
import { explainNotFound } from '../../../nodes/shared/transport/notFound';
import { runsOf } from '../../support/depth';

/** A 404 as the transport sees it: the request label and the answer read by parseServiceError. */
const explain = (request: string, body: unknown = { error: 'not_found', message: 'Not found.' }) =>
	explainServiceError(parseServiceError(404, {}, body), request);

describe('a 404 says what was not found, for that endpoint', () => {
	it.each([
		[
			'GET /workflows/runs/run_1',
			'Run "run_1" was not found (404)',
			/^Check the id: map it from the output of the node that started the run, e\.g\. \{\{ \$json\.runId \}\}\. A key sees only runs started through the API in its own workspace/,
		],
		[
			'POST /workflows/runs/run_1/cancel',
			'Run "run_1" was not found (404)',
			/\{\{ \$json\.runId \}\}/,
		],
		['GET /workflows/runs/run_1/events', 'Run "run_1" was not found (404)', /never visible\.$/],
		[
			'GET /workflows/wf_1',
			'Workflow "wf_1" was not found (404)',
			/^Either no workflow has this id, or this key cannot see it: keys see only workflows with an active version/,
		],
		['POST /workflows/runs', 'The workflow to start was not found (404)', /active version/],
		[
			'GET /document-templates/tpl_1',
			'Template "tpl_1" was not found (404)',
			/^Either no template has this id, or this key cannot use it/,
		],
		[
			'POST /document-templates/tpl_1/documents',
			'Template "tpl_1" was not found (404)',
			/Template list/,
		],
		[
			'GET /workflow-inputs/documents/doc_1',
			'Uploaded document "doc_1" was not found (404)',
			/^Only the key that uploaded a document can read its status/,
		],
		[
			'GET /workflows/runs/run_1/input-documents/docv_1/download',
			'Input document version "docv_1" was not found on run "run_1" (404)',
			/run's own input/,
		],
		[
			'GET /workflows/runs/run_1/files/stp_1/download',
			'Run "run_1" has no rendered file for step "stp_1" (404)',
			/rendered successfully/,
		],
		[
			'GET /documents/doc_1/content/pdf',
			'The document link /documents/doc_1/content/pdf was not found (404)',
			/its own user produced through the API/,
		],
		[
			'GET /files/abc',
			"The link /files/abc from the service's answer was not found (404)",
			/a path the service gave/,
		],
		[
			'GET /workflows',
			'No endpoint at GET /workflows (404): the Base URL may point at the wrong place',
			/^Set the credential's Base URL to the root of the service's API/,
		],
		[
			'GET /workflows/runs',
			'No endpoint at GET /workflows/runs (404): the Base URL may point at the wrong place',
			/with or without \/v1/,
		],
		[
			'POST /workflow-inputs/documents',
			'No endpoint at POST /workflow-inputs/documents (404): the Base URL may point at the wrong place',
			/Base URL/,
		],
		[
			'GET /document-templates',
			'No endpoint at GET /document-templates (404): the Base URL may point at the wrong place',
			/Base URL/,
		],
		[
			'GET /v1/models',
			'No endpoint at GET /v1/models (404): the Base URL may point at the wrong place',
			/Base URL/,
		],
		[
			'POST /v1/chat/completions',
			'No endpoint at POST /v1/chat/completions (404): the Base URL may point at the wrong place',
			/Base URL/,
		],
		[
			'GET /v1/workflows/wf_1',
			'No endpoint at GET /v1/workflows/wf_1 (404): the Base URL may point at the wrong place',
			/Base URL/,
		],
	])('%s', (request, message, fix) => {
		const explained = explain(request);
		expect(explained.message).toBe(message);
		expect(explained.fix).toMatch(fix);
	});

	it('names ids as the user typed them (decoded), under a Base URL with a path of its own', () => {
		expect(explain('GET /api/workflows/runs/..%2F..%2Fv1%2Fmodels').message).toBe(
			'Run "../../v1/models" was not found (404)',
		);
		expect(explain('GET /api/workflows/runs/bad%E0').message).toBe(
			'Run "bad%E0" was not found (404)',
		);
		expect(explain(`GET /workflows/runs/${'r'.repeat(300)}`).message).toBe(
			`Run "${'r'.repeat(120)}…" was not found (404)`,
		);
	});

	it('a route the service says does not exist is "No endpoint", whatever the path (the issue\'s /v1 case)', () => {
		for (const message of [
			'No endpoint at GET /v1/workflows.',
			'Cannot GET /api/workflows/runs/r1',
			'Route not found',
		]) {
			expect(explain('GET /workflows/runs/r1', { error: 'not_found', message }).message).toBe(
				'No endpoint at GET /workflows/runs/r1 (404): the Base URL may point at the wrong place',
			);
		}
		expect(
			explain('POST /workflows/runs', {
				error: 'not_found',
				message: 'No endpoint at POST /workflows/runs.',
			}).message,
		).toMatch(/^No endpoint/);
	});

	it("an answer that is not the service's (a page, an empty body) keeps the subject and adds the Base URL hint", () => {
		for (const body of ['<html><body>404</body></html>', '', null, '[]']) {
			const explained = explain('GET /workflows/wf_1', body);
			expect(explained.message).toBe('Workflow "wf_1" was not found (404)');
			expect(explained.fix).toMatch(
				/The answer was not the service's own \(no error code\): if every request answers 404, the Base URL may point at the wrong place\.$/,
			);
		}
		expect(explain('POST /workflows/runs', '').message).toMatch(
			/^No endpoint at POST \/workflows\/runs/,
		);
	});

	it('any code the service sends with 404 (or a nested shape) is tolerated: the endpoint decides', () => {
		for (const body of [
			{ error: 'run_not_found' },
			{ error: { type: 'not_found', message: 'gone' } },
			{ message: 'missing' },
			{ error: 'not_found', details: [] },
		]) {
			expect(explain('GET /workflows/runs/run_9', body).message).toBe(
				'Run "run_9" was not found (404)',
			);
		}
	});

	it("without a request (a caller that does not say), the service's words", () => {
		expect(
			explainNotFound(undefined, { body: { message: 'Run r was not found.' }, shape: 2 }),
		).toEqual({
			message: 'Not found (404): Run r was not found.',
			fix: 'Check the ids this node was given.',
		});
	});

	it('property: never the old boilerplate; an id endpoint names its ids; a collection always says No endpoint', () => {
		const id = fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/).filter((value) => !/^\.+$/.test(value));
		const prefix = fc.constantFrom('', '/api', '/a/b');
		const body = fc.oneof(
			fc.constant(undefined),
			fc.string(),
			fc.jsonValue(),
			fc.record({ error: fc.string(), message: fc.string() }, { requiredKeys: [] }),
		);
		fc.assert(
			fc.property(prefix, id, id, body, (base, a, b, answer) => {
				const byId: Array<[string, string[]]> = [
					[`GET ${base}/workflows/runs/${a}`, [a]],
					[`GET ${base}/workflows/${a}`, [a]],
					[`GET ${base}/document-templates/${a}`, [a]],
					[`GET ${base}/workflow-inputs/documents/${a}`, [a]],
					[`GET ${base}/workflows/runs/${a}/files/${b}/download`, [a, b]],
					[`GET ${base}/workflows/runs/${a}/input-documents/${b}/download`, [a, b]],
				];
				for (const [request, ids] of byId) {
					// `/workflows/runs` is the run list, not a workflow named "runs".
					if (a === 'runs' && request.endsWith(`/workflows/${a}`)) continue;
					const { message, fix } = explain(request, { error: 'not_found', message: 'gone' });
					for (const shown of ids) expect(message).toContain(`"${shown}"`);
					expect(`${message} ${fix}`).not.toMatch(
						/^Not found|Check the id\. API keys see only workflows/,
					);
				}
				// Under a Base URL that ends in /v1 (the issue's case), nothing but the chat adapter exists.
				for (const [request] of byId)
					expect(explain(request.replace(' ', ' /v1')).message).toMatch(
						/^No endpoint at GET \/v1\//,
					);
				// Whatever the body, a run's 404 names the run, unless the answer says the route does not exist.
				expect(explain(`GET ${base}/workflows/runs/${a}`, answer).message).toMatch(
					new RegExp(
						`^(Run "${a.replace(/[.]/g, '\\.')}" was not found \\(404\\)|No endpoint at GET )`,
					),
				);
				for (const collection of [
					'GET /workflows',
					'GET /workflows/runs',
					'GET /document-templates',
					'POST /workflow-inputs/documents',
					'GET /v1/models',
				]) {
					const [method, path] = collection.split(' ');
					expect(
						explain(`${method} ${base}${path}`, { error: 'not_found', message: 'gone' }).message,
					).toBe(
						`No endpoint at ${method} ${base}${path} (404): the Base URL may point at the wrong place`,
					);
				}
			}),
			{ numRuns: runsOf(300, 50) },
		);
	});
});
