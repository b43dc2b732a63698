/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The summary the queue file prints at its end: setup, each scenario's findings, memory, teardown, the time taken.
import type { QueueCluster } from './cluster';
import { FILE_STARTED_AT, RUN_STARTED_AT, secs } from './timing';

/** What the summary prints, filled in by each scenario. */
export interface QueueReport {
	setup: string[];
	s1: string[];
	s2: string[];
	s3: string[];
	memory: string[];
	teardown: string[];
}

export function printSummary(report: QueueReport, cluster: QueueCluster | undefined): void {
	const peaks = [...(cluster?.peaks.values() ?? [])].map(
		(p) =>
			`  ${p.name.padEnd(9)} RSS max ${String(p.own.rssMiB).padStart(4)} MiB, VmHWM ${String(p.own.peakMiB).padStart(4)} MiB; task runner RSS max ${p.runner.rssMiB} MiB, VmHWM ${p.runner.peakMiB} MiB`,
	);
	const lines = [
		'',
		'================ n8n queue mode: summary ================',
		'Setup:',
		...report.setup.map((line) => `  ${line}`),
		'Scenario 1 (webhook → Start Run → Wait For Run + PDF → Respond, 40 calls at once):',
		...report.s1.map((line) => `  ${line}`),
		'Scenario 2 (Run Finished trigger, 60 runs in 3 bursts, main restarted in the middle):',
		...report.s2.map((line) => `  ${line}`),
		'Scenario 3 (a worker killed with SIGKILL during Wait For Run):',
		...report.s3.map((line) => `  ${line}`),
		'Memory (VmRSS / VmHWM from /proc/<pid>/status):',
		...report.memory.map((line) => `  ${line}`),
		...peaks,
		'Teardown:',
		...report.teardown.map((line) => `  ${line}`),
		`Total: ${secs(Date.now() - FILE_STARTED_AT)} for this file, ${secs(Date.now() - RUN_STARTED_AT)} for npm run test:queue so far (build, pack and host check included)`,
		'==========================================================',
		'',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}
