/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Peak memory growth of this process while something runs: resident set size sampled every millisecond
 * against a baseline taken right before (after a full GC when `--expose-gc` is on). Sampling can miss a
 * spike shorter than a millisecond, but a request body lives for the whole request, so it is caught.
 *
 * Beside it, the peak growth of V8's ArrayBuffer memory (Buffers: socket reads, file chunks), which does not
 * depend on what the allocator kept from earlier work: freed pages the allocator still holds are reused without
 * growing the resident set, so the same garbage shows as RSS growth in one process and not in another.
 */
export interface MemoryProbe {
	stop(): {
		baselineBytes: number;
		peakBytes: number;
		growthBytes: number;
		buffersGrowthBytes: number;
		samples: number;
	};
}

function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	gc?.();
}

export function startMemoryProbe(): MemoryProbe {
	collectGarbage();
	const { rss: baselineBytes, arrayBuffers: baselineBuffers } = process.memoryUsage();
	let peakBytes = baselineBytes;
	let peakBuffers = baselineBuffers;
	let samples = 0;
	const sample = (): void => {
		samples++;
		const { rss, arrayBuffers } = process.memoryUsage();
		if (rss > peakBytes) peakBytes = rss;
		if (arrayBuffers > peakBuffers) peakBuffers = arrayBuffers;
	};
	const timer = setInterval(sample, 1);
	return {
		stop() {
			sample();
			clearInterval(timer);
			return {
				baselineBytes,
				peakBytes,
				growthBytes: peakBytes - baselineBytes,
				buffersGrowthBytes: peakBuffers - baselineBuffers,
				samples,
			};
		},
	};
}
