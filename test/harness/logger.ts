/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

/** Replaces n8n's logger so tests can read (and scan for secrets) everything the nodes and engine log. */
export class CapturingLogger {
	readonly lines: string[] = [];

	private record(level: string, message: unknown, meta?: unknown): void {
		this.lines.push(
			`${level} ${String(message)}${meta === undefined ? '' : ` ${safeStringify(meta)}`}`,
		);
		if (process.env.HARNESS_LOG) process.stderr.write(`[n8n ${level}] ${String(message)}\n`);
	}

	error(message: unknown, meta?: unknown): void {
		this.record('error', message, meta);
	}

	warn(message: unknown, meta?: unknown): void {
		this.record('warn', message, meta);
	}

	info(message: unknown, meta?: unknown): void {
		this.record('info', message, meta);
	}

	debug(message: unknown, meta?: unknown): void {
		this.record('debug', message, meta);
	}

	scoped(): this {
		return this;
	}
}

function safeStringify(value: unknown): string {
	try {
		return JSON.stringify(value, (_key, inner: unknown) =>
			inner instanceof Error ? { name: inner.name, message: inner.message } : inner,
		);
	} catch {
		return String(value);
	}
}

let installed: CapturingLogger | undefined;

export function installCapturingLogger(): CapturingLogger {
	installed ??= new CapturingLogger();
	Container.set(Logger, installed as unknown as Logger);
	return installed;
}
