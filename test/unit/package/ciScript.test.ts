/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// .ci/run's own control flow, with stand-ins for npm and node on the PATH: its exit code is the suites' (0 when
// all pass, not the clean-up's), a failed host install stops it with the install's log, and a failing step ends
// the host installs still under way. The suites themselves are tested by the suites.
import { spawnSync } from 'node:child_process';
import {
	chmodSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..');

interface CiRun {
	status: number | null;
	stdout: string;
	/** npm's arguments, one call a line, in order. */
	npm: string[];
	/** The PIDs the stand-in host installs wrote. */
	installs: number[];
	/** The temporary folders the host installs were given (TMPDIR). */
	installTmp: string[];
}

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'ci-run-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs a copy of .ci/run in a folder of its own. `npmFails`: the npm arguments that exit 1; `install`: what the
 * stand-in `node` (the host installs) does. With `failOnceInstalling`, the failing npm step exits only once an
 * install has begun (it waits for the install's record, 10 s at most): a case about what an install was given
 * must not depend on which process the machine starts first.
 */
function runCi(
	npmFails: string,
	install: 'ok' | 'fail' | 'slow',
	failOnceInstalling = false,
): CiRun {
	const project = join(dir, 'project');
	const bin = join(dir, 'bin');
	for (const folder of [
		join(dir, 'tmp'),
		join(project, '.ci'),
		join(project, 'e2e', 'matrix', 'hosts', 'n8n-a'),
		join(project, 'e2e', 'matrix', 'hosts', 'n8n-b'),
		bin,
	]) {
		mkdirSync(folder, { recursive: true });
	}
	copyFileSync(join(REPO, '.ci', 'run'), join(project, '.ci', 'run'));
	const calls = join(dir, 'npm.calls');
	const pids = join(dir, 'install.pids');
	const tmps = join(dir, 'install.tmpdirs');
	const stand = (name: string, body: string) => {
		writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
		chmodSync(join(bin, name), 0o755);
	};
	const waitForInstall = failOnceInstalling
		? `for look in $(seq 100); do [ -s '${tmps}' ] && break; sleep 0.1; done; `
		: '';
	stand(
		'npm',
		`echo "$*" >> '${calls}'\n[ "$*" = '${npmFails}' ] && { ${waitForInstall}exit 1; }\nexit 0`,
	);
	const installBody = {
		ok: 'exit 0',
		fail: 'echo "host install: registry unreachable"; exit 1',
		slow: 'exec sleep 30',
	}[install];
	stand('node', `echo $$ >> '${pids}'\necho "$TMPDIR" >> '${tmps}'\n${installBody}`);
	const run = spawnSync('bash', [join(project, '.ci', 'run')], {
		encoding: 'utf8',
		env: { PATH: `${bin}:${process.env.PATH}`, HOME: dir, TMPDIR: join(dir, 'tmp') },
		timeout: 20000,
	});
	const lines = (file: string) =>
		existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
	return {
		status: run.status,
		stdout: run.stdout,
		npm: lines(calls),
		installs: lines(pids).map(Number),
		installTmp: lines(tmps),
	};
}

/** Whether the process runs: gone, or a zombie (ended, not yet reaped by whoever adopted it), is not running. */
const running = (pid: number): boolean => {
	try {
		return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return false;
	}
};

/** A signal is delivered in its own time: whether the process still runs after a moment's grace (at most 5 s). */
const alive = (pid: number): boolean => {
	for (let look = 0; look < 50 && running(pid); look++) spawnSync('sleep', ['0.1']);
	return running(pid);
};

describe('.ci/run', () => {
	it('exits 0 when every suite passes, after running them in order', () => {
		const run = runCi('none', 'ok');
		expect(run.npm).toEqual([
			'ci',
			'test',
			'run test:deep',
			'run test:e2e',
			'run test:matrix',
			'run test:browser',
			'run test:queue',
		]);
		expect(run.installs).toHaveLength(3);
		expect(run.status).toBe(0);
	});

	it('gives the host installs a temporary folder of their own and leaves nothing in the temporary folder, run green or failed', () => {
		for (const [npmFails, install] of [
			['none', 'ok'],
			['none', 'fail'],
			['test', 'slow'],
		] as const) {
			const run = runCi(npmFails, install, true);
			expect(run.installTmp.length).toBeGreaterThan(0);
			for (const folder of run.installTmp) {
				expect(folder.startsWith(join(dir, 'tmp') + '/')).toBe(true);
				expect(existsSync(folder)).toBe(false);
			}
			expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
			rmSync(join(dir, 'install.tmpdirs'), { force: true });
		}
	});

	it('exits 1 as soon as a suite fails, and runs none after it', () => {
		const run = runCi('run test:matrix', 'ok');
		expect(run.npm).toEqual(['ci', 'test', 'run test:deep', 'run test:e2e', 'run test:matrix']);
		expect(run.status).toBe(1);
	});

	it('stops before the n8n suites when a host install failed, printing its log', () => {
		const run = runCi('none', 'fail');
		expect(run.npm).toEqual(['ci', 'test', 'run test:deep']);
		expect(run.stdout).toContain('host install: registry unreachable');
		expect(run.status).toBe(1);
	});

	it('ends the host installs still under way when a step fails, even one that was starting as the step failed', () => {
		// The step fails at once, so the trap runs while the installs' shell may be starting its first install:
		// ten runs give the race its chances (an install started after the trap looked would outlive the run).
		for (let round = 0; round < 10; round++) {
			const run = runCi('test', 'slow');
			expect(run.npm).toEqual(['ci', 'test']);
			expect(run.status).toBe(1);
			expect(run.installs.length).toBeLessThanOrEqual(1);
			for (const pid of run.installs) expect(alive(pid)).toBe(false);
			for (const file of ['npm.calls', 'install.pids', 'install.tmpdirs'])
				rmSync(join(dir, file), { force: true });
		}
	});
});
