/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { IntegrationContext } from '../../integration/support';
import type { Simulator } from '../../simulator';

/**
 * Every reliability test file writes what it tried and what it found to `.results/<part>.json` (git-ignored);
 * `npm run reliability:report` prints the tables of docs/RELIABILITY.md from these files. The figures are
 * measured by the runs, then asserted: a failing assertion still leaves the measured file behind.
 */

const RESULTS_DIR = join(__dirname, '..', '.results');

export interface SecretScan {
	/** Texts scanned: outputs, errors and log lines of every execution, the simulator's request log, foreign servers' logs. */
	textsScanned: number;
	executions: number;
	leaks: string[];
}

export function writeResults(part: string, data: Record<string, unknown>): void {
	mkdirSync(RESULTS_DIR, { recursive: true });
	writeFileSync(
		join(RESULTS_DIR, `${part}.json`),
		`${JSON.stringify({ part, writtenAt: new Date().toISOString(), ...data }, null, 2)}\n`,
	);
}

export function readAllResults(): Array<Record<string, unknown>> {
	let names: string[] = [];
	try {
		names = readdirSync(RESULTS_DIR).filter((name) => name.endsWith('.json'));
	} catch {
		return [];
	}
	return names
		.sort()
		.map(
			(name) =>
				JSON.parse(readFileSync(join(RESULTS_DIR, name), 'utf8')) as Record<string, unknown>,
		);
}

/**
 * The secret scan of a test file: every transcript the context recorded (outputs, error messages and
 * descriptions, n8n's log lines), the simulator's request logs (saved before every reset) and any extra texts
 * (a foreign server's log), searched for every fixture key, its base64 and the base64 of its Bearer header.
 */
export class ReliabilityContext extends IntegrationContext {
	readonly serviceLogs: string[] = [];

	/** Saves the request log for the scan, then puts the simulator back to its fixtures. */
	reset(): void {
		this.saveServiceLog(this.sim);
		this.sim.admin.reset();
	}

	saveServiceLog(sim: Simulator): void {
		this.serviceLogs.push(JSON.stringify(sim.admin.requests()));
	}

	async stop(): Promise<void> {
		if (this.sim) this.saveServiceLog(this.sim);
		await super.stop();
	}

	scan(extraTexts: string[] = []): SecretScan {
		const texts = [...this.transcripts, ...this.serviceLogs, ...extraTexts];
		const secrets = IntegrationContext.secrets();
		const leaks = texts.flatMap((text, index) =>
			secrets
				.filter((secret) => text.includes(secret))
				.map((secret) => `text ${index}: ${secret.slice(0, 6)}…`),
		);
		return { textsScanned: texts.length, executions: this.transcripts.length / 3, leaks };
	}
}

/** The columns of the fault matrix: the test runs them, the report prints them in this order. */
export const FAULTS = [
	'drop after 0 frames',
	'drop after 1 frame',
	'drop after 5 frames',
	'423 burst',
	'429 burst + Retry-After',
	'503 feature_disabled',
	'delayed past timeout',
	'reset after receipt',
] as const;

export type Fault = (typeof FAULTS)[number];
