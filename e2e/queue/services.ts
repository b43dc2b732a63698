/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The two services n8n's queue mode needs, run privately for the test: Redis (the Bull job queue) and
// PostgreSQL (the database every n8n process shares). Both listen on 127.0.0.1 on free (never the default)
// ports and keep their data in one temporary folder, which is removed at the end. Redis is installed from
// Debian's packages when it is missing; PostgreSQL is Debian's (already on these machines, installed the same
// way otherwise). See /work/shared/notes/n8n-queue-mode.md for the measured facts behind each step.
import { spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import {
	chmodSync,
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { aptInstall, ensureCommand, isRoot, type Log } from '../lib/apt';
import { postgresBinDir, type PostgresConnection } from '../lib/postgres';
import { registerCleanup } from '../lib/process-registry';
import { freePort, spawnTracked, terminate } from '../lib/processes';
import { waitUntil } from '../lib/waiting';

/**
 * The redis-server binary, installed from Debian's `redis-server` package when `command -v` finds none;
 * `installedInMs` says how long the install took (undefined when it was there).
 */
function ensureRedis(log: Log): { binary: string; installedInMs?: number } {
	return ensureCommand('redis-server', 'redis-server', log);
}

/** The PostgreSQL binaries folder (Debian: /usr/lib/postgresql/<version>/bin), installed when missing. */
function ensurePostgres(log: Log): string {
	const existing = postgresBinDir();
	if (existing) return existing;
	aptInstall(['postgresql'], log);
	const installed = postgresBinDir();
	if (!installed)
		throw new Error(
			'PostgreSQL binaries (initdb, pg_ctl) are still missing after apt-get install postgresql',
		);
	return installed;
}

/** Sends PING to a Redis server; resolves true on +PONG. */
function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect({ host: '127.0.0.1', port });
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.once('error', () => done(false));
		socket.on('data', (chunk) => {
			answer += chunk.toString('utf8');
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
		socket.once('connect', () => socket.write('PING\r\n'));
	});
}

interface RedisServer {
	host: string;
	port: number;
	pid: number;
	log(): string;
	stop(): Promise<void>;
}

async function startRedis(binary: string, dir: string): Promise<RedisServer> {
	const port = await freePort();
	const child: ChildProcess = spawnTracked(
		binary,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
			'--dir',
			dir,
			'--protected-mode',
			'yes',
		],
		{ stdio: ['ignore', 'pipe', 'pipe'], what: 'redis-server' },
	);
	let output = '';
	child.stdout?.on(
		'data',
		(chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-100_000)),
	);
	child.stderr?.on(
		'data',
		(chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-100_000)),
	);
	await waitUntil(
		'Redis to answer PING',
		async () => {
			if (child.exitCode !== null)
				throw new Error(`redis-server exited (${child.exitCode}): ${output.slice(-2000)}`);
			return await redisPing(port);
		},
		20_000,
	);
	return {
		host: '127.0.0.1',
		port,
		pid: child.pid as number,
		log: () => output,
		stop: () => terminate(child, 10_000),
	};
}

/** The uid/gid of the `postgres` system user: PostgreSQL refuses to run as root. */
function postgresUser(): { uid: number; gid: number } {
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('postgres:'));
	if (!line)
		throw new Error('There is no postgres system user (PostgreSQL refuses to run as root)');
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

interface PostgresServer {
	connection: PostgresConnection;
	/** The postmaster's PID (first line of postmaster.pid). */
	pid: number;
	log(): string;
	stop(): void;
}

/**
 * initdb in `<dir>/data` (trust authentication, loopback only), `pg_ctl start` on a free port with its
 * socket in `<dir>/sock`, then a role and a database for n8n. As root, every PostgreSQL command runs as the
 * `postgres` system user. Stop: `pg_ctl -m fast stop` (also registered as an exit clean-up).
 */
async function startPostgres(binDir: string, dir: string): Promise<PostgresServer> {
	const port = await freePort();
	const data = join(dir, 'data');
	const sock = join(dir, 'sock');
	const logFile = join(dir, 'postgres.log');
	mkdirSync(sock, { recursive: true });
	const asUser: SpawnSyncOptions & { uid?: number; gid?: number } = {};
	if (isRoot()) {
		const { uid, gid } = postgresUser();
		chownSync(dir, uid, gid);
		chownSync(sock, uid, gid);
		Object.assign(asUser, { uid, gid, env: { ...process.env, HOME: dir } });
	}
	const run = (binary: string, args: string[]) => {
		const result = spawnSync(join(binDir, binary), args, {
			...asUser,
			cwd: dir,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
			timeout: 60_000,
		});
		if (result.status !== 0)
			throw new Error(
				`${binary} ${args[0] ?? ''} failed (exit ${result.status ?? result.signal}): ${`${result.stdout}\n${result.stderr}`.trim().slice(-2000)}`,
			);
		return result;
	};
	run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
	const stopArgs = ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'];
	const stop = () => {
		if (!existsSync(join(data, 'postmaster.pid'))) return;
		spawnSync(join(binDir, 'pg_ctl'), stopArgs, {
			...asUser,
			cwd: dir,
			stdio: 'ignore',
			timeout: 40_000,
		});
	};
	// pg_ctl starts the server as a daemon (not our child): an early end of the test stops it this way.
	const unregister = registerCleanup({
		command: join(binDir, 'pg_ctl'),
		args: stopArgs,
		uid: asUser.uid,
		gid: asUser.gid,
		what: 'pg_ctl -m fast stop',
	});
	run('pg_ctl', [
		'-D',
		data,
		'-l',
		logFile,
		'-w',
		'-t',
		'60',
		'-o',
		`-p ${port} -k ${sock} -c listen_addresses=127.0.0.1`,
		'start',
	]);
	const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
	const connection: PostgresConnection = {
		host: '127.0.0.1',
		port,
		database: 'n8n',
		user: 'n8n',
		password: 'n8n-queue-test',
		binDir,
	};
	run('psql', [
		'-X',
		'-q',
		'-v',
		'ON_ERROR_STOP=1',
		'-h',
		'127.0.0.1',
		'-p',
		String(port),
		'-U',
		'postgres',
		'-d',
		'postgres',
		'-c',
		`CREATE USER ${connection.user} WITH PASSWORD '${connection.password}'`,
		'-c',
		`CREATE DATABASE ${connection.database} OWNER ${connection.user}`,
	]);
	return {
		connection,
		pid,
		log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
		stop: () => {
			stop();
			unregister();
		},
	};
}

export interface Services {
	/** The temporary folder holding the data of both (removed by stop()). */
	dir: string;
	redis: RedisServer;
	postgres: PostgresServer;
	/** How Redis and PostgreSQL were found, e.g. "redis-server 7.0.15 (installed now in 4.5 s)". */
	versions: string;
	/** Stops Redis (SIGTERM) and PostgreSQL (pg_ctl -m fast stop) and removes the folder. */
	stop(): Promise<void>;
}

export async function startServices(log: Log): Promise<Services> {
	const redis0 = ensureRedis(log);
	const redisBinary = redis0.binary;
	const pgBin = ensurePostgres(log);
	const redisVersion =
		/v=(\S+)/.exec(spawnSync(redisBinary, ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? '?';
	const pgVersion =
		/(\d+\.\d+)/.exec(
			spawnSync(join(pgBin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout,
		)?.[1] ?? '?';
	const versions = `redis-server ${redisVersion} (${redis0.installedInMs === undefined ? 'already installed' : `installed now from Debian's packages in ${(redis0.installedInMs / 1000).toFixed(1)} s`}), PostgreSQL ${pgVersion}`;
	const dir = mkdtempSync(join(tmpdir(), 'dw-queue-'));
	// The postgres user must reach <dir>/pg.
	chmodSync(dir, 0o711);
	const removeDir = () => rmSync(dir, { recursive: true, force: true });
	const unregisterRemove = registerCleanup({ remove: dir, what: `the services' folder ${dir}` });
	const pgDir = join(dir, 'pg');
	mkdirSync(pgDir);
	const redisDir = join(dir, 'redis');
	mkdirSync(redisDir);
	let started = Date.now();
	const postgres = await startPostgres(pgBin, pgDir);
	log(
		`PostgreSQL ${pgBin.split('/').at(-2)} on 127.0.0.1:${postgres.connection.port} (postmaster PID ${postgres.pid}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
	started = Date.now();
	let redis: RedisServer;
	try {
		redis = await startRedis(redisBinary, redisDir);
	} catch (error) {
		postgres.stop();
		throw error;
	}
	log(
		`Redis on 127.0.0.1:${redis.port} (PID ${redis.pid}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
	return {
		dir,
		redis,
		postgres,
		versions,
		stop: async () => {
			await redis.stop();
			postgres.stop();
			if (process.env.E2E_KEEP_USER_FOLDER !== '1') removeDir();
			unregisterRemove();
		},
	};
}
