/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// An n8n user folder's database, read (and once written) beside n8n: the folder's SQLite file through Node 24's
// built-in node:sqlite, or the PostgreSQL database main and workers share in queue mode.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { queryPostgres, type PostgresConnection } from './postgres';

export class N8nDatabase {
	/** `nodeBin`: a Node 24 (node:sqlite); `postgres`: the shared database instead of the folder's SQLite file. */
	constructor(
		private readonly nodeBin: string,
		private readonly userFolder: string,
		private readonly postgres?: PostgresConnection,
	) {}

	/** One read-only SQL query. Parameters are `?` placeholders, in order. */
	query<T>(sql: string, ...params: string[]): T[] {
		if (this.postgres) {
			let index = 0;
			const named = sql.replace(/\?/g, () => `:'p${index++}'`);
			return queryPostgres<T>(
				this.postgres,
				named,
				Object.fromEntries(params.map((value, i) => [`p${i}`, value])),
			);
		}
		return JSON.parse(this.sqlite(sql, ...params)) as T[];
	}

	/** One SQL statement on the folder's SQLite file (Node 24's node:sqlite); a query's rows as JSON text. */
	sqlite(sql: string, ...params: string[]): string {
		const write = !/^\s*SELECT/i.test(sql);
		const script = [
			"const { DatabaseSync } = require('node:sqlite');",
			`const db = new DatabaseSync(process.argv[1], { readOnly: ${!write} });`,
			`const statement = db.prepare(process.argv[2]);`,
			`process.stdout.write(JSON.stringify(${write ? 'statement.run' : 'statement.all'}(...process.argv.slice(3))));`,
		].join('\n');
		const database = join(this.userFolder, '.n8n', 'database.sqlite');
		const run = spawnSync(this.nodeBin, ['--no-warnings', '-e', script, database, sql, ...params], {
			encoding: 'utf8',
		});
		if (run.status !== 0)
			throw new Error(`Could not ${write ? 'write to' : 'query'} the n8n database: ${run.stderr}`);
		return run.stdout;
	}

	/** A workflow's static data as saved in the database (a poll trigger's memory). */
	readStaticData(workflowId: string): Record<string, unknown> | undefined {
		const [row] = this.query<{ staticData: string | Record<string, unknown> | null }>(
			'SELECT "staticData" FROM workflow_entity WHERE id = ?',
			workflowId,
		);
		if (!row?.staticData) return undefined;
		// SQLite keeps it as text, PostgreSQL as json.
		return (
			typeof row.staticData === 'string' ? JSON.parse(row.staticData) : row.staticData
		) as Record<string, unknown>;
	}

	/** The executions n8n saved for a workflow (a published trigger's runs), oldest first. */
	executions(workflowId: string): Array<{ id: string; status: string; mode: string }> {
		// ids are integers: PostgreSQL returns them as numbers, SQLite as numbers too; callers get strings.
		return this.query<{ id: string | number; status: string; mode: string }>(
			'SELECT id, status, mode FROM execution_entity WHERE "workflowId" = ? ORDER BY id',
			workflowId,
		).map((row) => ({ ...row, id: String(row.id) }));
	}
}
