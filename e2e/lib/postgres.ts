/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// n8n on PostgreSQL (queue mode needs a shared database): the environment that points n8n at it, and
// read-only queries for the tests, through the server's own `psql` (no client library in the package).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface PostgresConnection {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	/** Folder of the PostgreSQL binaries (psql); default: the newest /usr/lib/postgresql/<version>/bin. */
	binDir?: string;
}

/** The newest /usr/lib/postgresql/<version>/bin holding `initdb` (Debian's layout), or undefined. */
export function postgresBinDir(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const versions = readdirSync(root)
		.filter((entry) => /^\d+$/.test(entry) && existsSync(join(root, entry, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? join(root, versions[0], 'bin') : undefined;
}

/** n8n's database settings for this connection (every n8n process of a queue-mode setup gets the same). */
export function postgresEnv(connection: PostgresConnection): Record<string, string> {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: connection.host,
		DB_POSTGRESDB_PORT: String(connection.port),
		DB_POSTGRESDB_DATABASE: connection.database,
		DB_POSTGRESDB_USER: connection.user,
		DB_POSTGRESDB_PASSWORD: connection.password,
	};
}

/**
 * Runs one read-only query and returns its rows as JSON objects. `params` are psql variables, referenced in
 * the SQL as :'name' (quoted as a literal by psql, so values are never spliced into the SQL text).
 */
export function queryPostgres<T>(
	connection: PostgresConnection,
	sql: string,
	params: Record<string, string> = {},
): T[] {
	const binDir = connection.binDir ?? postgresBinDir();
	const psql = binDir ? join(binDir, 'psql') : 'psql';
	const variables = Object.entries(params).flatMap(([name, value]) => ['-v', `${name}=${value}`]);
	const script = `SELECT coalesce(json_agg(row_to_json(q)), '[]'::json) FROM (${sql.trim().replace(/;$/, '')}) q;\n`;
	const run = spawnSync(
		psql,
		[
			'-X',
			'-q',
			'-A',
			'-t',
			'-v',
			'ON_ERROR_STOP=1',
			'-h',
			connection.host,
			'-p',
			String(connection.port),
			'-U',
			connection.user,
			'-d',
			connection.database,
			...variables,
		],
		{
			input: script,
			encoding: 'utf8',
			env: { ...process.env, PGPASSWORD: connection.password },
			maxBuffer: 256 * 1024 * 1024,
		},
	);
	if (run.status !== 0)
		throw new Error(`psql failed (exit ${run.status ?? run.signal}): ${run.stderr.trim()}`);
	return JSON.parse(run.stdout.trim() || '[]') as T[];
}
