/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The package's source as a graph of files and relative imports (static and dynamic), and its code without
// comments: what the layout test reads. Plain text reading, no compiler: the imports are written one way.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const REPO = resolve(__dirname, '..', '..');

/** Every `.ts` file under `folder` (relative to the repository), sorted. */
export function sourceFiles(folder: string): string[] {
	const found: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(join(REPO, dir), { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) walk(path);
			else if (entry.name.endsWith('.ts')) found.push(path);
		}
	};
	walk(folder);
	return found.sort();
}

export function read(file: string): string {
	return readFileSync(join(REPO, file), 'utf8');
}

/** A relative specifier as the file it names (`x` → `x.ts` or `x/index.ts`), or undefined when it is no file here. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
	const base = resolve(REPO, dirname(from), specifier);
	for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
		if (existsSync(candidate) && statSync(candidate).isFile()) return relative(REPO, candidate);
	}
	return undefined;
}

/** The files each file imports: `from './x'`, `import('./x')` (type-only imports included). */
export function importGraph(files: string[]): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const targets = [...read(file).matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)]
			.map((match) => resolveSpecifier(file, match[1]))
			.filter((target): target is string => target !== undefined);
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/** Every file reachable from `start` through the graph, `start` included. */
export function reachable(graph: Map<string, string[]>, start: string): Set<string> {
	const seen = new Set<string>();
	const pending = [start];
	while (pending.length) {
		const file = pending.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		pending.push(...(graph.get(file) ?? []));
	}
	return seen;
}

/** The import cycles, each as the files around it (the first file again at the end). */
export function cycles(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const path: string[] = [];
	const visit = (file: string) => {
		state.set(file, 'open');
		path.push(file);
		for (const target of graph.get(file) ?? []) {
			if (state.get(target) === 'open') found.push([...path.slice(path.indexOf(target)), target]);
			else if (!state.has(target)) visit(target);
		}
		path.pop();
		state.set(file, 'done');
	};
	for (const file of graph.keys()) if (!state.has(file)) visit(file);
	return found;
}

/**
 * The string literals of a TypeScript source ('…', "…", `…` with its `${…}` kept as written), comments left out:
 * where the code writes a path, as opposed to where a comment mentions one.
 */
export function stringLiterals(source: string): string[] {
	const literals: string[] = [];
	let index = 0;
	while (index < source.length) {
		const char = source[index];
		const next = source[index + 1];
		if (char === '/' && next === '/')
			index = source.indexOf('\n', index) === -1 ? source.length : source.indexOf('\n', index);
		else if (char === '/' && next === '*') index = source.indexOf('*/', index + 2) + 2;
		else if (char === "'" || char === '"' || char === '`') {
			let end = index + 1;
			while (end < source.length && source[end] !== char) end += source[end] === '\\' ? 2 : 1;
			literals.push(source.slice(index + 1, end));
			index = end + 1;
		} else index++;
	}
	return literals;
}
