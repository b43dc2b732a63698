/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
export interface Summary {
	n: number;
	median: number;
	min: number;
	max: number;
	p90: number;
	values: number[];
}

function quantile(sorted: number[], q: number): number {
	if (!sorted.length) return Number.NaN;
	const position = (sorted.length - 1) * q;
	const low = Math.floor(position);
	const high = Math.ceil(position);
	return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

export function summarize(values: number[]): Summary {
	const sorted = [...values].sort((a, b) => a - b);
	return {
		n: sorted.length,
		median: quantile(sorted, 0.5),
		min: sorted[0] ?? Number.NaN,
		max: sorted.at(-1) ?? Number.NaN,
		p90: quantile(sorted, 0.9),
		values,
	};
}

export const sleep = (ms: number): Promise<void> =>
	new Promise((resolve) => setTimeout(resolve, ms));
