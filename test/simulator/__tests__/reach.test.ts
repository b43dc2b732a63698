/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The sandbox for one's own n8n: `--host 0.0.0.0` makes the simulator reachable from other addresses than
 * 127.0.0.1 (an n8n in Docker reaches it through host.docker.internal); the default stays this machine only.
 * Linux routes all of 127.0.0.0/8 to the loopback interface, so 127.0.0.2 stands in for "another address":
 * a socket bound to 127.0.0.1 does not answer it, one bound to 0.0.0.0 does. Nothing leaves the machine.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSimulator, FIXTURE_KEYS, type Simulator } from '../index';

const OTHER_LOOPBACK = '127.0.0.2';

function listWorkflows(host: string, port: string | number): Promise<Response> {
	return fetch(`http://${host}:${port}/workflows`, {
		headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
	});
}

/** The code of the error behind a failed fetch (undici wraps it in `cause`). */
async function connectErrorCode(request: Promise<Response>): Promise<string | undefined> {
	try {
		await request;
		return undefined;
	} catch (error) {
		return ((error as { cause?: { code?: string } }).cause ?? (error as { code?: string })).code;
	}
}

describe('Reach: the simulator for an n8n outside this process (--host)', () => {
	const started: Simulator[] = [];
	afterEach(async () => {
		for (const sim of started.splice(0)) await sim.stop();
	});

	async function start(host?: string): Promise<{ sim: Simulator; port: string }> {
		const sim = createSimulator(host === undefined ? {} : { host });
		started.push(sim);
		const url = await sim.start();
		return { sim, port: new URL(url).port };
	}

	test('host 0.0.0.0 answers an authenticated GET /workflows on 127.0.0.2; its url names 127.0.0.1', async () => {
		const { sim, port } = await start('0.0.0.0');
		expect(sim.url).toBe(`http://127.0.0.1:${port}`);
		const res = await listWorkflows(OTHER_LOOPBACK, port);
		expect(res.status).toBe(200);
		const workflows = (await res.json()) as { id: string }[];
		expect(workflows.length).toBeGreaterThan(0);
		expect(workflows.every((workflow) => typeof workflow.id === 'string')).toBe(true);
	});

	test('the default host (127.0.0.1) refuses a connection on 127.0.0.2 (ECONNREFUSED) and answers on 127.0.0.1', async () => {
		const { sim, port } = await start();
		expect(sim.options.host).toBe('127.0.0.1');
		expect(await connectErrorCode(listWorkflows(OTHER_LOOPBACK, port))).toBe('ECONNREFUSED');
		expect((await listWorkflows('127.0.0.1', port)).status).toBe(200);
	});

	test('the CLI: `cli.ts --host 0.0.0.0 --port 0` prints the Base URLs, the demo key and the Docker hint, answers on 127.0.0.2, stops on SIGTERM', async () => {
		const cli = join(__dirname, '..', 'cli.ts');
		const child: ChildProcessWithoutNullStreams = spawn(
			process.execPath,
			['--import', 'tsx', cli, '--host', '0.0.0.0', '--port', '0'],
			{
				cwd: join(__dirname, '..', '..', '..'),
				env: { ...process.env, SIM_PORT: '', SIM_HOST: '' },
			},
		);
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
		const exited = new Promise<number | null>((resolve) =>
			child.on('exit', (code) => resolve(code)),
		);
		try {
			const port = await new Promise<string>((resolve, reject) => {
				// Not a measure of speed: only what to print if it never listens (tsx compiles the CLI first, slowly on a busy machine).
				const timer = setTimeout(
					() =>
						reject(
							new Error(`The CLI printed no URL within 150 s.\nstdout: ${out}\nstderr: ${err}`),
						),
					150_000,
				);
				const check = (): void => {
					const match = /Stop with Ctrl\+C\./.test(out)
						? /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
						: null;
					if (match) {
						clearTimeout(timer);
						resolve(match[1]);
					}
				};
				child.stdout.on('data', check);
				void exited.then((code) =>
					reject(
						new Error(`The CLI exited (${code}) before listening.\nstdout: ${out}\nstderr: ${err}`),
					),
				);
			});
			expect(out).toContain('bound to 0.0.0.0');
			expect(out).toContain(`n8n on this machine:       http://127.0.0.1:${port}`);
			expect(out).toContain(`http://host.docker.internal:${port}`);
			expect(out).toContain('--add-host=host.docker.internal:host-gateway');
			expect(out).toContain(FIXTURE_KEYS.full);
			const res = await listWorkflows(OTHER_LOOPBACK, port);
			expect(res.status).toBe(200);
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
		expect(out).toContain('Simulator stopped (SIGTERM).');
		expect(err).toBe('');
	}, 180_000);
});

describe('docs/try-it.md\'s "Try it with your own n8n": what it tells to paste is what the simulator serves', () => {
	const root = join(__dirname, '..', '..', '..');
	const page = readFileSync(join(root, 'docs', 'try-it.md'), 'utf8');
	const start = page.indexOf('## Try it with your own n8n');
	const next = page.indexOf('\n## ', start + 1);
	const section = page.slice(start, next < 0 ? undefined : next);

	test('the demo key, the Base URLs for Docker and this machine, the --host and --add-host options', () => {
		expect(start).toBeGreaterThanOrEqual(0);
		expect(section).toContain(FIXTURE_KEYS.full);
		expect(section).toContain('`http://host.docker.internal:4010`');
		expect(section).toContain('`http://127.0.0.1:4010`');
		expect(section).toContain('npm run simulator -- --host 0.0.0.0');
		expect(section).toContain('--add-host=host.docker.internal:host-gateway');
	});

	test('no Base URL example in the documentation or the credential carries a path the simulator does not serve (/api)', () => {
		const credential = readFileSync(
			join(root, 'credentials', 'DraftingWorkspaceApi.credentials.ts'),
			'utf8',
		);
		const docs = readdirSync(join(root, 'docs'))
			.filter((name) => name.endsWith('.md'))
			.map((name) => readFileSync(join(root, 'docs', name), 'utf8'));
		for (const text of [readFileSync(join(root, 'README.md'), 'utf8'), ...docs, credential])
			expect(text).not.toMatch(/https?:\/\/[\w.:-]+\/api\b/);
	});

	test('a simulator answers the credential test (GET /v1/models) on the bare Base URL, and /api/... is not served', async () => {
		const sim = createSimulator();
		const url = await sim.start();
		try {
			const headers = { authorization: `Bearer ${FIXTURE_KEYS.full}` };
			expect((await fetch(`${url}/v1/models`, { headers })).status).toBe(200);
			expect((await fetch(`${url}/api/v1/models`, { headers })).status).toBe(404);
		} finally {
			await sim.stop();
		}
	});
});
