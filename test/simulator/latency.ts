/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The simulator's live latency profile (`sim.latency`): the one configured at construction, changed at run
 * time by the admin API, back to the configured one on reset (like faults, a test's change must not leak
 * into the next test).
 *
 * Every wait is its own timer from the simulator's TimerBag: concurrent requests wait side by side, as a
 * real service serves them in parallel (nothing queues behind another request), and stop() cancels them.
 */
import type { TimerBag } from './clock';
import { LatencySettingError, profileNameOf, resolveLatency, type LatencyProfile, type LatencyProfileName, type ServiceTime } from './latency-profiles';

export interface LatencyView extends LatencyProfile {
  /** The named profile these values equal, else 'custom'. */
  profile: LatencyProfileName | 'custom';
}

export class Latency {
  private current: LatencyProfile;

  /** From the simulator's `latency` option: like the other options, a bad one fails at construction, named. */
  static fromOption(timers: TimerBag, setting: unknown): Latency {
    try {
      return new Latency(timers, resolveLatency(setting));
    } catch (error) {
      if (error instanceof LatencySettingError) throw new Error(`Invalid simulator option latency: ${error.message}`);
      throw error;
    }
  }

  constructor(
    private readonly timers: TimerBag,
    private readonly configured: LatencyProfile,
  ) {
    this.current = { ...configured };
  }

  /** The live values; read them at the moment of use (the admin API may change them at any time). */
  get profile(): Readonly<LatencyProfile> {
    return this.current;
  }

  view(): LatencyView {
    return { profile: profileNameOf(this.current), ...this.current };
  }

  /** Replaces the live profile; throws LatencySettingError for a bad setting (nothing changes then). */
  set(setting: unknown): LatencyView {
    this.current = resolveLatency(setting);
    return this.view();
  }

  /** Back to the profile given at construction (reset). */
  restore(): void {
    this.current = { ...this.configured };
  }

  /** The time this kind of request takes, spent on a real timer; resolves at once for 0 (the zero profile). */
  spend(kind: ServiceTime): Promise<void> {
    return this.timers.sleep(this.current[kind]);
  }
}

/** One line for the CLI and the demo: the profile's name and, unless it is zero, what each request costs. */
export function describeLatency(view: LatencyView): string {
  const { profile, ...fields } = view;
  if (profile === 'zero') return 'zero (answers at once)';
  const parts = Object.entries(fields).map(([field, value]) => `${field} ${value === null ? 'from the options' : `${value} ms`}`);
  return `${profile} (${parts.join(', ')})`;
}
