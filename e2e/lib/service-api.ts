// Direct requests to a simulator with an API key, beside n8n: to set a case up (start a run) or to compare with
// what n8n got.
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';

/** The simulator's answer to a request with `key` (the full fixture key unless said); an error answer throws. */
export async function serviceRequest(
	baseUrl: string,
	path: string,
	init: RequestInit = {},
	key: string = FIXTURE_KEYS.full,
): Promise<Response> {
	const headers = {
		authorization: `Bearer ${key}`,
		...(init.body ? { 'content-type': 'application/json' } : {}),
	};
	const response = await fetch(`${baseUrl}${path}`, {
		...init,
		headers: { ...headers, ...init.headers },
	});
	if (!response.ok)
		throw new Error(
			`${init.method ?? 'GET'} ${path} → ${response.status}: ${await response.text()}`,
		);
	return response;
}

/** Starts a run of the fixtures' agent-summary workflow through the API, as another automation would; its runId. */
export async function startSummaryRun(
	baseUrl: string,
	input = 'Summarise the lease.',
): Promise<string> {
	const response = await serviceRequest(baseUrl, '/workflows/runs', {
		method: 'POST',
		body: JSON.stringify({ workflowId: FIXTURE_IDS.workflows.agentSummary, input }),
	});
	return ((await response.json()) as { runId: string }).runId;
}
