/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * What a V8 heap snapshot holds, by constructor (object) or kind (closure, string, array…): count and self size,
 * largest first, and for the largest groups what holds them (the constructor and edge name of their retainers).
 * Two snapshots side by side (this package's and HTTP Request's at the same N) show what one holds per item that
 * the other does not.
 *
 *   node --require tsx/cjs bench/lib/heapSummary.ts ours.heapsnapshot http.heapsnapshot [top]
 *
 * A sampled allocation profile (growthChild's `allocationsPath`, `.heapprofile`) is summed by function instead:
 * what each function allocated during the execution, garbage included.
 *
 *   node --require tsx/cjs bench/lib/heapSummary.ts ours.heapprofile [top]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
	snapshot: {
		meta: {
			node_fields: string[];
			node_types: [string[]];
			edge_fields: string[];
			edge_types: [string[]];
		};
	};
	nodes: number[];
	edges: number[];
	strings: string[];
}

export interface Group {
	key: string;
	count: number;
	selfBytes: number;
	/** The most frequent holders of this group's objects: "<holder group> .<edge name>". */
	heldBy: Array<{ holder: string; count: number }>;
}

export function summarise(path: string): { totalBytes: number; groups: Map<string, Group> } {
	const data = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
	const meta = data.snapshot.meta;
	const nodeFields = meta.node_fields.length;
	const edgeFields = meta.edge_fields.length;
	const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map(
		(field) => meta.node_fields.indexOf(field),
	);
	const [edgeTypeAt, edgeNameAt, edgeToAt] = ['type', 'name_or_index', 'to_node'].map((field) =>
		meta.edge_fields.indexOf(field),
	);
	const nodeTypes = meta.node_types[0];
	const edgeTypes = meta.edge_types[0];
	const count = data.nodes.length / nodeFields;
	const keyOf = new Array<string>(count);
	for (let index = 0; index < count; index++) {
		const base = index * nodeFields;
		const type = nodeTypes[data.nodes[base + typeAt]];
		const name = data.strings[data.nodes[base + nameAt]];
		keyOf[index] =
			type === 'object' || type === 'native'
				? name
				: type === 'closure'
					? `(closure ${name || 'anonymous'})`
					: `(${type})`;
	}
	const groups = new Map<string, Group>();
	let totalBytes = 0;
	for (let index = 0; index < count; index++) {
		const size = data.nodes[index * nodeFields + sizeAt];
		totalBytes += size;
		const group = groups.get(keyOf[index]) ?? {
			key: keyOf[index],
			count: 0,
			selfBytes: 0,
			heldBy: [],
		};
		group.count++;
		group.selfBytes += size;
		groups.set(group.key, group);
	}
	// Retainers: for each edge from -> to (not weak), count "<from's group> .<edge name>" per target group.
	const holders = new Map<string, Map<string, number>>();
	let edgeBase = 0;
	for (let from = 0; from < count; from++) {
		const edges = data.nodes[from * nodeFields + edgeCountAt];
		for (let edge = 0; edge < edges; edge++, edgeBase += edgeFields) {
			const edgeType = edgeTypes[data.edges[edgeBase + edgeTypeAt]];
			if (edgeType === 'weak' || edgeType === 'shortcut') continue;
			const to = data.edges[edgeBase + edgeToAt] / nodeFields;
			const rawName = data.edges[edgeBase + edgeNameAt];
			const edgeName =
				edgeType === 'element' || edgeType === 'hidden' ? `[${edgeType}]` : data.strings[rawName];
			const byHolder = holders.get(keyOf[to]) ?? new Map<string, number>();
			const holder = `${keyOf[from]} .${edgeName}`;
			byHolder.set(holder, (byHolder.get(holder) ?? 0) + 1);
			holders.set(keyOf[to], byHolder);
		}
	}
	for (const group of groups.values())
		group.heldBy = [...(holders.get(group.key) ?? new Map<string, number>()).entries()]
			.map(([holder, n]) => ({ holder, count: n }))
			.sort((a, b) => b.count - a.count)
			.slice(0, 3);
	return { totalBytes, groups };
}

interface ProfileNode {
	callFrame: { functionName: string; url: string; lineNumber: number };
	selfSize: number;
	children: ProfileNode[];
}

/** Bytes allocated per function (name, file and line), largest first. */
export function allocationsByFunction(path: string): Array<{ frame: string; bytes: number }> {
	const { head } = JSON.parse(readFileSync(path, 'utf8')) as { head: ProfileNode };
	const totals = new Map<string, number>();
	const walk = (node: ProfileNode): void => {
		const { functionName, url, lineNumber } = node.callFrame;
		const frame = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
		totals.set(frame, (totals.get(frame) ?? 0) + node.selfSize);
		node.children.forEach(walk);
	};
	walk(head);
	return [...totals.entries()]
		.map(([frame, bytes]) => ({ frame, bytes }))
		.sort((a, b) => b.bytes - a.bytes);
}

function main(): void {
	const [oursPath, otherPath, topArg] = process.argv.slice(2);
	if (oursPath.endsWith('.heapprofile')) {
		const rows = allocationsByFunction(oursPath);
		const total = rows.reduce((sum, row) => sum + row.bytes, 0);
		console.log(`allocated (sampled): ${(total / 2 ** 20).toFixed(0)} MB`);
		for (const row of rows.slice(0, Number(otherPath ?? 25)))
			console.log(`${(row.bytes / 2 ** 20).toFixed(1).padStart(9)} MB  ${row.frame}`);
		return;
	}
	const top = Number(topArg ?? 30);
	const ours = summarise(oursPath);
	const other = otherPath ? summarise(otherPath) : undefined;
	const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
	console.log(
		`heap: ${mb(ours.totalBytes)}${other ? ` against ${mb(other.totalBytes)} (${mb(ours.totalBytes - other.totalBytes)} more)` : ''}`,
	);
	const rows = [...ours.groups.values()].map((group) => {
		const theirs = other?.groups.get(group.key);
		return {
			group,
			extraBytes: group.selfBytes - (theirs?.selfBytes ?? 0),
			extraCount: group.count - (theirs?.count ?? 0),
		};
	});
	rows.sort((a, b) =>
		other ? b.extraBytes - a.extraBytes : b.group.selfBytes - a.group.selfBytes,
	);
	for (const { group, extraBytes, extraCount } of rows.slice(0, top)) {
		const held = group.heldBy.map((entry) => `${entry.holder} ×${entry.count}`).join('; ');
		console.log(
			`${group.key.slice(0, 60).padEnd(60)} ${String(group.count).padStart(8)} ${mb(group.selfBytes).padStart(9)}${other ? ` | +${extraCount} +${mb(extraBytes)}` : ''} | held by ${held.slice(0, 220)}`,
		);
	}
}

if (require.main === module) main();
