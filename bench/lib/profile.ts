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
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));

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
export function selfTimes(profile: Profile, top = 15): Array<{ fn: string; ms: number; share: number }> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(nodes|dist)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + delta);
    all += delta;
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, ms]) => ({ fn, ms, share: ms / all }));
}

/** Inclusive time (ms) of every function whose name matches, summed over the profile (each sample counted once). */
export function inclusiveTime(profile: Profile, match: RegExp): number {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let total = 0;
  profile.samples.forEach((id, index) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (match.test(byId.get(at)?.callFrame.functionName ?? '')) {
        total += (profile.timeDeltas[index] ?? 0) / 1000;
        break;
      }
    }
  });
  return total;
}

export function writeProfile(path: string, profile: Profile): void {
  writeFileSync(path, JSON.stringify(profile));
}
