/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Debian packages the suites need and install when missing: Redis and PostgreSQL for the queue-mode test,
// Chromium for the browser test. One helper, so that every suite installs the same way (non-interactive,
// without recommended packages, `apt-get update` only when the install fails).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

export type Log = (line: string) => void;

/** The path `command -v` gives for a command, or undefined. */
function commandPath(name: string): string | undefined {
	const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
	return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * `apt-get install -y --no-install-recommends <packages>`, non-interactive, as root (or through `sudo -n`).
 * Services are kept from starting during the install (Debian's policy-rc.d "exit 101", added only for the
 * install when the machine has none), so that no system Redis or PostgreSQL is left running on the default port.
 */
export function aptInstall(packages: string[], log: Log): void {
	const sudo = isRoot() ? [] : commandPath('sudo') ? ['sudo', '-n'] : undefined;
	if (!sudo)
		throw new Error(
			`${packages.join(', ')} missing and this user cannot install packages: install ${packages.join(' ')} (apt-get) and run again`,
		);
	const policy = '/usr/sbin/policy-rc.d';
	const addedPolicy = isRoot() && !existsSync(policy);
	if (addedPolicy)
		writeFileSync(
			policy,
			'#!/bin/sh\n# added by the e2e suites for the time of one apt-get install\nexit 101\n',
			{ mode: 0o755 },
		);
	try {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		const apt = (args: string[]) => {
			const [command, ...rest] = [...sudo, 'apt-get', ...args];
			return spawnSync(command, rest, {
				env,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
				timeout: 900_000,
				maxBuffer: 64 * 1024 * 1024,
			});
		};
		log(
			`installing ${packages.join(', ')} from Debian's packages (apt-get install --no-install-recommends)`,
		);
		let install = apt(['install', '-y', '--no-install-recommends', ...packages]);
		if (install.status !== 0) {
			log('apt-get install failed; running apt-get update and trying again');
			const update = apt(['update']);
			if (update.status !== 0)
				throw new Error(`apt-get update failed: ${update.stderr.slice(-2000)}`);
			install = apt(['install', '-y', '--no-install-recommends', ...packages]);
		}
		if (install.status !== 0)
			throw new Error(
				`apt-get install ${packages.join(' ')} failed: ${install.stderr.slice(-2000)}`,
			);
		// "Setting up <package> (<version>) ..." lines: what the install added, dependencies included.
		const added = [...install.stdout.matchAll(/^Setting up (\S+) \(([^)]+)\)/gm)].map(
			(match) => `${match[1]} ${match[2]}`,
		);
		if (added.length) log(`apt-get set up ${added.length} package(s): ${added.join(', ')}`);
	} finally {
		if (addedPolicy) rmSync(policy, { force: true });
	}
}

/**
 * A command's path, installing the Debian package that brings it when `command -v` finds none;
 * `installedInMs` says how long the install took (undefined when it was there).
 */
export function ensureCommand(
	command: string,
	debianPackage: string,
	log: Log,
): { binary: string; installedInMs?: number } {
	const existing = commandPath(command);
	if (existing) return { binary: existing };
	const started = Date.now();
	aptInstall([debianPackage], log);
	const installed = commandPath(command);
	if (!installed)
		throw new Error(`${command} is still missing after apt-get install ${debianPackage}`);
	const installedInMs = Date.now() - started;
	log(`${command} installed (${debianPackage}) in ${(installedInMs / 1000).toFixed(1)} s`);
	return { binary: installed, installedInMs };
}
