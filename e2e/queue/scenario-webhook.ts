/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Scenario 1 of the queue file: a webhook workflow (Start Run → Wait For Run with the rendered PDF → Respond to
// Webhook with the PDF), called 40 times at once: every call answers the run's PDF, executions are spread over
// both workers, and the service counts exactly 40 runs.
import { runAdmin } from '../../test/simulator';
import { serviceRequest } from '../lib/service-api';
import { KEYS, runStarts, type QueueEnv } from './queue-env';
import { PATHS, WF } from './queue-workflows';
import { say, secs } from './timing';

export async function webhookScenario(env: QueueEnv): Promise<void> {
	const { simRuns, runsUrl, report, main, recordMemory } = env;
	const c = main();
	const since = simRuns.admin.requests().at(-1)?.seq ?? 0;
	const calls = 40;
	say(`scenario 1: ${calls} concurrent calls of GET /webhook/${PATHS.pdf}`);
	const started = Date.now();
	// Memory while the 40 executions run (VmHWM keeps each process's peak anyway).
	const sampler = setInterval(() => main().sampleMemory(), 500);
	const responses = await Promise.all(
		Array.from({ length: calls }, async (_, index) => {
			const t = Date.now();
			const response = await fetch(`${c.main.url}/webhook/${PATHS.pdf}?n=${index + 1}`);
			const body = Buffer.from(await response.arrayBuffer());
			return {
				n: index + 1,
				status: response.status,
				contentType: response.headers.get('content-type') ?? '',
				runId: response.headers.get('x-run-id') ?? '',
				executionId: response.headers.get('x-execution-id') ?? '',
				body,
				ms: Date.now() - t,
			};
		}),
	);
	const wallMs = Date.now() - started;
	clearInterval(sampler);
	recordMemory(`after scenario 1`);
	const latencies = responses.map((r) => r.ms).sort((a, b) => a - b);
	const failures = responses.filter((r) => r.status !== 200);
	say(`scenario 1: ${calls - failures.length}/${calls} answered 200 in ${secs(wallMs)}`);

	// Which worker ran which execution (their logs: the execution table has no worker column).
	const byExecution = c.executionsByWorker();
	const perWorker = new Map<string, number>();
	for (const r of responses)
		for (const worker of byExecution.get(r.executionId) ?? ['none'])
			perWorker.set(worker, (perWorker.get(worker) ?? 0) + 1);
	const starts = runStarts(simRuns, since);
	const inputs = starts.map((entry) =>
		String((entry.requestBody as { input?: unknown }).input ?? ''),
	);
	const statuses = c.main.executions(WF.pdf);

	report.s1.push(
		`${calls - failures.length}/${calls} HTTP 200 with the run's PDF in ${secs(wallMs)}: ${(calls / (wallMs / 1000)).toFixed(1)} executions/s; latency p50 ${latencies[Math.floor(calls / 2)]} ms, max ${latencies.at(-1)} ms`,
		`executions per worker: ${[...perWorker.entries()]
			.sort()
			.map(([w, n]) => `${w} ${n}`)
			.join(', ')} (worker concurrency 10 each)`,
		`service: ${starts.length} POST /workflows/runs, counter runsStarted(key_full) = ${simRuns.admin.counters().runsStarted?.[KEYS.full] ?? 0}; n8n executions: ${statuses.filter((e) => e.status === 'success').length} success of ${statuses.length}`,
	);

	expect(
		failures.map((r) => `${r.n}: ${r.status} ${r.body.toString('utf8').slice(0, 200)}`),
	).toEqual([]);
	for (const r of responses) {
		expect(r.contentType).toMatch(/^application\/pdf/);
		expect(r.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		// The bytes the service rendered for exactly that run.
		const record = runAdmin(simRuns).run(r.runId);
		const file = record?.steps.find((step) => step.renderedArtifact)?.renderedArtifact;
		expect(record?.input).toBe(`Queue request ${r.n}: summarise the termination rights.`);
		expect(file).toBeDefined();
		const direct = Buffer.from(
			await (await serviceRequest(runsUrl, String(file?.downloadPath))).arrayBuffer(),
		);
		expect(r.body.equals(direct)).toBe(true);
	}
	expect(new Set(responses.map((r) => r.runId)).size).toBe(calls);
	// Exactly one start per call: no duplicate start anywhere.
	expect(starts).toHaveLength(calls);
	expect(new Set(inputs).size).toBe(calls);
	expect(simRuns.admin.counters().runsStarted?.[KEYS.full]).toBe(calls);
	// Every execution ran on exactly one worker, and both workers took part.
	for (const r of responses) expect(byExecution.get(r.executionId)).toHaveLength(1);
	expect(perWorker.get('worker 1')).toBeGreaterThan(0);
	expect(perWorker.get('worker 2')).toBeGreaterThan(0);
	expect(perWorker.get('none')).toBeUndefined();
	expect(statuses.filter((e) => e.status === 'success')).toHaveLength(calls);
}
