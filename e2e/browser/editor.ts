/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The browser suite's world: the demo's set-up (`npm run demo -- --ui`: the packed package in `n8n start`, the
// service simulator, the credential "Drafting Workspace account" with the full-access key, the example
// workflows, the owner account), and headless Chromium (Debian's, installed through apt when missing) driven
// by playwright-core. The global set-up starts it once for every test file; each file connects its own browser
// context, signed in to the editor. Everything listens on 127.0.0.1 on free ports; everything
// temporary lives under the run's TMPDIR (set by test/setup/jest-summary.js), Chromium's profile included.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';

import { createSimulator } from '../../test/simulator';
import { ensureCommand } from '../lib/apt';
import {
	DEMO_N8N_ENV,
	DEMO_OWNER,
	EXAMPLE_WORKFLOWS,
	importDemoData,
	setUpOwner,
} from '../lib/demo-setup';
import { E2E_DIR, REPO_DIR } from '../lib/host';
import { N8n } from '../lib/n8n';
import { packageTarball } from '../lib/pack';
import { trackChild } from '../lib/process-registry';

/** Every step's screenshot (git-ignored). */
const ARTIFACTS_DIR = join(E2E_DIR, '.artifacts', 'browser');
/** The documentation's pictures (committed). */
const DOCS_SCREENSHOTS_DIR = join(REPO_DIR, 'docs', 'screenshots');
const VIEWPORT = { width: 1440, height: 900 };

export type Log = (line: string) => void;

/** The suite's progress lines. */
export const say: Log = (line) => process.stdout.write(`[browser] ${line}\n`);

/** What the test files need of the shared world (the global set-up passes it in the environment). */
interface WorldAddresses {
	url: string;
	simulatorUrl: string;
	/** The Chromium server's endpoint: each test file connects its own browser context to it. */
	wsEndpoint: string;
}

/** The shared world: started once by the global set-up (jest.global-setup.ts), for every test file. */
export interface World extends WorldAddresses {
	close(): Promise<void>;
}

/** One test file's view of the world: its own browser context, signed in, and a page. */
export interface Editor {
	url: string;
	simulatorUrl: string;
	context: BrowserContext;
	page: Page;
	close(): Promise<void>;
}

const WORLD_ENV = 'BROWSER_WORLD';

/** /usr/bin/chromium, from Debian's `chromium` package when missing (the same apt helper as the queue suite's Redis). */
function ensureChromium(log: Log): { binary: string; description: string } {
	const { binary, installedInMs } = ensureCommand('chromium', 'chromium', log);
	const version =
		/[\d.]+/.exec(spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[0] ?? '?';
	return {
		binary,
		description: `Chromium ${version} (${installedInMs === undefined ? 'already installed' : `installed now from Debian's packages in ${(installedInMs / 1000).toFixed(1)} s`})`,
	};
}

/**
 * Starts the simulator and n8n with the demo's data, sets up the owner and starts a Chromium server, once for
 * every test file (the global set-up), and tells the test files where they are (process.env, which Jest copies
 * into each test file's environment). `close()` stops all of it; a failure half-way stops what was started.
 */
export async function startWorld(log: Log): Promise<World> {
	const stops: Array<() => Promise<void>> = [];
	const stopAll = async () => {
		for (const stop of stops.reverse()) await stop().catch(() => undefined);
	};
	try {
		const found = ensureChromium(log);
		const sim = createSimulator({ runTimeScale: 0.3, ingestionMs: 300 });
		const simulatorUrl = await sim.start();
		stops.push(() => sim.stop());
		const n8n = await N8n.create({ tarball: packageTarball(), env: DEMO_N8N_ENV });
		stops.push(() => n8n.dispose());
		await importDemoData(n8n, simulatorUrl);
		await n8n.publishWorkflow(EXAMPLE_WORKFLOWS.runFinished);
		let started = Date.now();
		const url = await n8n.start();
		log(
			`n8n started on ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s; simulator on ${simulatorUrl}`,
		);
		const owner = await setUpOwner(url);
		if (!owner.ok) throw new Error(`POST /rest/owner/setup answered ${owner.status}`);

		started = Date.now();
		// A browser server rather than launch(): its process is a ChildProcess the registry can kill on Ctrl+C, and
		// every test file connects to it.
		const server: BrowserServer = await chromium.launchServer({
			executablePath: found.binary,
			headless: true,
			// Chromium's profile and its other temporary files go to the run's TMPDIR, as everything else.
			env: { ...process.env, HOME: process.env.TMPDIR ?? process.env.HOME },
			args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-gpu'],
		});
		trackChild(server.process(), 'chromium');
		stops.push(() => server.close());
		log(`${found.description} started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		// This run's screenshots only.
		rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
		mkdirSync(ARTIFACTS_DIR, { recursive: true });
		const addresses: WorldAddresses = { url, simulatorUrl, wsEndpoint: server.wsEndpoint() };
		process.env[WORLD_ENV] = JSON.stringify(addresses);
		return { ...addresses, close: stopAll };
	} catch (error) {
		await stopAll();
		throw error;
	}
}

/** A test file's editor: a new browser context on the shared Chromium, signed in to the shared n8n as the owner. */
export async function openEditor(): Promise<Editor> {
	const given = process.env[WORLD_ENV];
	if (!given)
		throw new Error(
			`${WORLD_ENV} is not set: run the browser tests with npm run test:browser (its global set-up starts n8n and Chromium)`,
		);
	const { url, simulatorUrl, wsEndpoint } = JSON.parse(given) as WorldAddresses;
	const browser = await chromium.connect(wsEndpoint);
	try {
		const context = await browser.newContext({
			viewport: VIEWPORT,
			baseURL: url,
			locale: 'en-US',
			timezoneId: 'UTC',
		});
		// Generous: the machine is small and may be shared (n8n, its task runner and Chromium on 2 cores).
		context.setDefaultTimeout(60_000);
		// Signing in through the REST API puts the session cookie in the context: pages open signed in.
		const login = await context.request.post('/rest/login', {
			data: { emailOrLdapLoginId: DEMO_OWNER.email, password: DEMO_OWNER.password },
		});
		if (!login.ok()) throw new Error(`POST /rest/login answered ${login.status()}`);
		const page = await context.newPage();
		return { url, simulatorUrl, context, page, close: () => browser.close() };
	} catch (error) {
		await browser.close();
		throw error;
	}
}

let shots = 0;

/** Saves a screenshot of the page as e2e/.artifacts/browser/<nn>-<name>.png (numbered in the file's order), and as docs/screenshots/<docs>.png when given. */
export async function screenshot(page: Page, name: string, docs?: string): Promise<void> {
	await screenshotAs(page, `${String(++shots).padStart(2, '0')}-${name}`, docs);
}

/** Saves a screenshot of the page as e2e/.artifacts/browser/<file>.png, and as docs/screenshots/<docs>.png when given. */
export async function screenshotAs(page: Page, file: string, docs?: string): Promise<void> {
	await page.screenshot({ path: join(ARTIFACTS_DIR, `${file}.png`) });
	if (docs) {
		mkdirSync(DOCS_SCREENSHOTS_DIR, { recursive: true });
		await page.screenshot({ path: join(DOCS_SCREENSHOTS_DIR, `${docs}.png`) });
	}
}
