/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Peak memory growth of this process while something runs: resident set size sampled every millisecond
 * against a baseline taken right before (after a full GC when `--expose-gc` is on). Sampling can miss a
 * spike shorter than a millisecond, but a request body lives for the whole request, so it is caught.
 */
export interface MemoryProbe {
  stop(): { baselineBytes: number; peakBytes: number; growthBytes: number; samples: number };
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

export function startMemoryProbe(): MemoryProbe {
  collectGarbage();
  const baselineBytes = process.memoryUsage.rss();
  let peakBytes = baselineBytes;
  let samples = 0;
  const sample = (): void => {
    samples++;
    const rss = process.memoryUsage.rss();
    if (rss > peakBytes) peakBytes = rss;
  };
  const timer = setInterval(sample, 1);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return { baselineBytes, peakBytes, growthBytes: peakBytes - baselineBytes, samples };
    },
  };
}

