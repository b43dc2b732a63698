/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The environment of every n8n command the driver runs in a user folder: offline, quiet, inside the folder,
// steered by nothing the caller's environment holds.
import { dirname } from 'node:path';

import { hostHasModule, type N8nHost } from './host';
import type { N8nOptions } from './n8n-types';
import { postgresEnv } from './postgres';

/** Environment that keeps n8n offline, quiet and inside its user folder (see /work/shared/notes/n8n-host.md). */
const HEADLESS_ENV: Record<string, string> = {
	N8N_DIAGNOSTICS_ENABLED: 'false',
	N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
	N8N_PERSONALIZATION_ENABLED: 'false',
	N8N_TEMPLATES_ENABLED: 'false',
	N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
	// `n8n execute` prints its result through the logger: below info there is nothing to read.
	N8N_LOG_LEVEL: 'info',
	N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
};

/** `brokerPort`: the folder's own task-broker port; `extra`: the command's own settings, on top of everything. */
export function n8nEnv(
	host: N8nHost,
	userFolder: string,
	options: N8nOptions,
	brokerPort: number,
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	// Nothing inherited may steer n8n: N8N_* of the caller, npm's settings, and NODE_ENV=test (Jest sets
	// it; n8n then refuses to load nodes).
	const inherited = Object.fromEntries(
		Object.entries(process.env).filter(
			([key]) =>
				!/^(N8N_|npm_|DB_|EXECUTIONS_|QUEUE_)/i.test(key) &&
				!['NODE_ENV', 'JEST_WORKER_ID', 'NODE_OPTIONS'].includes(key),
		),
	);
	return {
		...inherited,
		PATH: `${dirname(host.nodeBin)}:${process.env.PATH ?? ''}`,
		...HEADLESS_ENV,
		// Off where this n8n has it (2.41 does; 1.123, 2.0 and 2.16 refuse a module they do not know).
		...(hostHasModule(host, 'mcp-registry') ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: options.encryptionKey ?? 'drafting-workspace-e2e-encryption-key',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		...(options.database ? postgresEnv(options.database) : {}),
		...options.env,
		...extra,
	};
}
