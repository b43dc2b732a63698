/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * A CPU profile of a stretch of this process (node:inspector's Profiler, the same sampler as --cpu-prof), reduced
 * to self time per function, so a benchmark can say where a node's CPU goes: `npm run bench -- --only=overhead --profile`.
 */
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	hitCount?: number;
	children?: number[];
}

interface Profile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

const post = <T>(session: Session, method: string, params?: object): Promise<T> =>
	new Promise((resolve, reject) =>
		session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
	);

export async function profiled<T>(fn: () => Promise<T>): Promise<{ value: T; profile: Profile }> {
	const session = new Session();
	session.connect();
	await post(session, 'Profiler.enable');
	await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
	await post(session, 'Profiler.start');
	try {
		const value = await fn();
		const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
		return { value, profile };
	} finally {
		session.disconnect();
	}
}

/** Self time (ms) per function ("name file:line", the package path shortened), most first. */
export function selfTimes(
	profile: Profile,
	top = 15,
): Array<{ fn: string; ms: number; share: number }> {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const totals = new Map<string, number>();
	let all = 0;
	profile.samples.forEach((id, index) => {
		const node = byId.get(id);
		if (!node) return;
		const delta = (profile.timeDeltas[index] ?? 0) / 1000;
		const { functionName, url, lineNumber } = node.callFrame;
		const file = url
			.replace(/^.*node_modules\//, '')
			.replace(/^file:\/\/.*\/(nodes|dist)\//, '$1/');
		const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
		totals.set(key, (totals.get(key) ?? 0) + delta);
		all += delta;
	});
	return [...totals.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(([fn, ms]) => ({ fn, ms, share: ms / all }));
}

/**
 * The stack of a sample, by the id of its sampled node: the call frames from that node up to the root, leaf
 * first. The profile only links parents to children, so the links are reversed once per profile.
 */
function sampleStacks(profile: Profile): (id: number) => ProfileNode['callFrame'][] {
	const parent = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	return (id) => {
		const stack: ProfileNode['callFrame'][] = [];
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
			const frame = byId.get(at)?.callFrame;
			if (frame) stack.push(frame);
		}
		return stack;
	};
}

/** Inclusive time (ms) of every function whose name matches, summed over the profile (each sample counted once). */
export function inclusiveTime(profile: Profile, match: RegExp): number {
	const stackOf = sampleStacks(profile);
	let total = 0;
	profile.samples.forEach((id, index) => {
		if (stackOf(id).some((frame) => match.test(frame.functionName)))
			total += (profile.timeDeltas[index] ?? 0) / 1000;
	});
	return total;
}

/**
 * Where a profile's time went, for a node whose own code is told by `isNodeCode` (a script URL test):
 * - `node`: samples in the node's own code, or in built-ins it calls (URL parsing, JSON, strings);
 * - `calledFromNode`: samples in a package (n8n-core, n8n-workflow, axios…) called from the node's code, by the
 *   package's function the node called (`getNodeParameter`, `getCredentials`, `httpRequestWithAuthentication`…);
 * - `rest`: samples with no frame of the node: the engine, and the request's I/O and callbacks (axios, Node's
 *   http), which resume outside the node's stack;
 * - `gc`, `idle`, and `profiler` (the profiler serialising itself at the end), kept apart.
 */
export interface Attribution {
	node: number;
	calledFromNode: Record<string, number>;
	rest: number;
	gc: number;
	idle: number;
	profiler: number;
}

export function attribute(profile: Profile, isNodeCode: (url: string) => boolean): Attribution {
	const stackOf = sampleStacks(profile);
	const result: Attribution = { node: 0, calledFromNode: {}, rest: 0, gc: 0, idle: 0, profiler: 0 };
	profile.samples.forEach((id, index) => {
		const ms = (profile.timeDeltas[index] ?? 0) / 1000;
		const stack = stackOf(id);
		const leaf = stack[0]?.functionName;
		if (leaf === '(garbage collector)') result.gc += ms;
		else if (leaf === '(idle)' || leaf === '(program)') result.idle += ms;
		else if (stack.some((frame) => frame.url === 'node:inspector')) result.profiler += ms;
		else {
			const nodeAt = stack.findIndex((frame) => isNodeCode(frame.url));
			// The outermost package frame between the leaf and the node's own frame: what the node called.
			const called =
				nodeAt < 0
					? undefined
					: stack
							.slice(0, nodeAt)
							.reverse()
							.find((frame) => frame.url.includes('node_modules/'));
			if (nodeAt < 0) result.rest += ms;
			else if (!called) result.node += ms;
			else {
				const key = `${called.functionName || '(anonymous)'} (${called.url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')})`;
				result.calledFromNode[key] = (result.calledFromNode[key] ?? 0) + ms;
			}
		}
	});
	return result;
}

export function writeProfile(path: string, profile: Profile): void {
	writeFileSync(path, JSON.stringify(profile));
}
