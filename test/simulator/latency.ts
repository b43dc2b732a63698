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
import { HttpError, type Shape3Error } from './responses';
import {
	LatencySettingError,
	profileNameOf,
	resolveLatency,
	type LatencyProfile,
	type LatencyProfileName,
	type ServiceTime,
} from './latency-profiles';

export interface LatencyView extends LatencyProfile {
	/** The named profile these values equal, else 'custom'. */
	profile: LatencyProfileName | 'custom';
}

/**
 * A request refused because the service already serves its `capacity` at once (the 'capped' profile): a 429
 * with Retry-After 1, answered by the pipeline in the contract's shape 3, before the request did anything.
 */
export class ServiceBusyError extends HttpError {
	constructor(readonly capacity: number) {
		super(
			429,
			'rate_limited',
			`The service is serving ${capacity} requests at once; retry after 1 s.`,
			{},
			{ 'retry-after': '1' },
		);
		this.name = 'ServiceBusyError';
	}
}

/** The body of a capacity refusal: the contract's 429 shape, its limit the capacity, free again in a second. */
export function serviceBusyError(capacity: number, nowMs: number): Omit<Shape3Error, 'request_id'> {
	return {
		type: 'rate_limited',
		message: `The service is serving ${capacity} requests at once. Retry after 1 s.`,
		scope: 'service',
		metric: 'concurrent_requests',
		limit: capacity,
		window: null,
		reset_at: new Date(nowMs + 1000).toISOString(),
		retry_after_seconds: 1,
	};
}

/** A request's place in service: how much slower than its time it answers, and its release. */
export interface ServiceSlot {
	factor: number;
	release: () => void;
}

export class Latency {
	private current: LatencyProfile;
	/** Requests with a service time in service now (the load the 'capped' and 'slowing' profiles answer to). */
	private inService = 0;
	/** The most ever in service at once since the last reset (what bench scenario 9 reports as peak in flight). */
	private peak = 0;

	/** From the simulator's `latency` option: like the other options, a bad one fails at construction, named. */
	static fromOption(timers: TimerBag, setting: unknown): Latency {
		try {
			return new Latency(timers, resolveLatency(setting));
		} catch (error) {
			if (error instanceof LatencySettingError)
				throw new Error(`Invalid simulator option latency: ${error.message}`);
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
		this.peak = this.inService;
	}

	/** The most requests in service at once since the last reset. */
	get peakInService(): number {
		return this.peak;
	}

	/**
	 * Takes a place in service for a request: refused (ServiceBusyError) past the profile's capacity; slower by
	 * `factor` past its comfortable load. Release it when the request's service time is over.
	 */
	admit(): ServiceSlot {
		const { capacity, comfortableLoad } = this.current;
		if (capacity !== null && this.inService >= capacity) throw new ServiceBusyError(capacity);
		this.inService++;
		this.peak = Math.max(this.peak, this.inService);
		let released = false;
		const release = () => {
			if (!released) this.inService--;
			released = true;
		};
		return {
			factor: comfortableLoad === null ? 1 : Math.max(1, this.inService / comfortableLoad),
			release,
		};
	}

	/**
	 * The time this kind of request takes, spent on a real timer; resolves at once for 0 (the zero profile). A
	 * service time (not the round trip) takes a place in service first: refused past the capacity, slower past
	 * the comfortable load.
	 */
	async spend(kind: ServiceTime): Promise<void> {
		if (kind === 'roundTripMs') return this.timers.sleep(this.current[kind]);
		const slot = this.admit();
		try {
			await this.timers.sleep(this.current[kind] * slot.factor);
		} finally {
			slot.release();
		}
	}
}

/** One line for the CLI and the demo: the profile's name and, unless it is zero, what each request costs. */
export function describeLatency(view: LatencyView): string {
	const { profile, ...fields } = view;
	if (profile === 'zero') return 'zero (answers at once)';
	const parts = Object.entries(fields).flatMap(([field, value]) => {
		// The load fields: shown only where the profile sets them (capacity 8, comfortableLoad 8, rateLimitPerMinute 300).
		if (['capacity', 'comfortableLoad', 'rateLimitPerMinute'].includes(field))
			return value === null ? [] : [`${field} ${value}`];
		return [`${field} ${value === null ? 'from the options' : `${value} ms`}`];
	});
	return `${profile} (${parts.join(', ')})`;
}
