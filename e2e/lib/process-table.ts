/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// What Linux's /proc says about a process (its start time, its descendants, its memory), and signals sent to a
// PID that may be gone already.
import { readdirSync, readFileSync } from 'node:fs';

/** Sends a signal (0: none, a liveness check); false when the process is gone. */
export function signal(pid: number, name: NodeJS.Signals | 0): boolean {
	try {
		process.kill(pid, name);
		return true;
	} catch {
		return false;
	}
}

/** The start time of a process (field 22 of /proc/<pid>/stat), to tell it from a later process with the same PID. */
export function startTime(pid: number): string | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The command name (2nd field) may hold spaces and parentheses: the fields after it start at the last ')'.
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
	} catch {
		return undefined;
	}
}

/** The PIDs of the live processes descending from `pid` (children, grandchildren, …), from /proc. */
export function descendants(pid: number): number[] {
	const parents = new Map<number, number[]>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
		} catch {
			// the process ended meanwhile
		}
	}
	const found: number[] = [];
	const queue = [pid];
	while (queue.length) {
		for (const child of parents.get(queue.shift() as number) ?? []) {
			found.push(child);
			queue.push(child);
		}
	}
	return found;
}

export interface ProcessMemory {
	/** Resident set size now, in MiB. */
	rssMiB: number;
	/** Peak resident set size, in MiB. */
	peakMiB: number;
}

/** VmRSS and VmHWM of a live process (from /proc/<pid>/status); undefined when it is gone. */
export function processMemory(pid: number): ProcessMemory | undefined {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const kib = (field: string) =>
			Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
		return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
	} catch {
		return undefined;
	}
}
