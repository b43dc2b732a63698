/**
 * The Simulator: owns the clock, state, fault rules, rate limiter, request log and both routers,
 * and exposes the extension API later modules use (route, routeOperation, adminRoute, slices).
 */
import { SimulatorAdmin } from './admin';
import { registerCoreAdminRoutes, type AdminRouteDefinition } from './admin-http';
import { Clock, TimerBag, type ClockOptions, type ClockSource } from './clock';
import { FaultRegistry } from './faults';
import { Latency } from './latency';
import type { LatencySetting } from './latency-profiles';
import { findOperation, toRoutePath, type OperationId } from './operations';
import { RateLimiter } from './rate-limiter';
import { RequestLog } from './request-log';
import type { RouteDefinition, RouteHandler } from './route-context';
import { Router } from './router';
import { SimulatorServer } from './server';
import { createFixtureState, type SimulatorState, type StateSlice } from './state';
import type { ApiKeyRecord } from './types';

export interface SimulatorOptions {
	/** 0 (default) picks an ephemeral port. */
	port?: number;
	/**
	 * The address to listen on. Default 127.0.0.1 (this machine only). '0.0.0.0' (or '::') listens on every
	 * interface, so an n8n in Docker or on another machine can reach the simulator; `url` then names 127.0.0.1.
	 */
	host?: string;
	/** Value of the x-admin-token header for /__admin/ (default 'sim-admin-token'). */
	adminToken?: string;
	/** Length of the rate-limit window (default 60,000 ms; tests scale it down). */
	rateLimitWindowMs?: number;
	/** Requests per window for keys without their own limit (default 300, the contract's default). */
	defaultRateLimitPerMinute?: number;
	/** A time source, or { source?, offsetMs? }. Default Date.now. */
	clock?: ClockSource | ClockOptions;
	/** Seed of the id generator (ids of created keys, runs, uploads...). */
	seed?: string;
	/** Multiplies every simulated run duration: queue time, step durations, delta spacing (default 1; 0 plays runs at once). */
	runTimeScale?: number;
	/** Interval of the `: keep-alive` comment on each open event stream (default 15,000 ms). */
	sseHeartbeatMs?: number;
	/** Line ending of SSE frames: '\n' (default) or '\r\n' (lets client tests prove CRLF parsing). */
	sseLineEnding?: SseLineEnding;
	/** Spacing of the chunks of a streamed chat completion (default 15 ms; 0 sends them back to back). */
	chatChunkDelayMs?: number;
	/** Upload size limit in decoded bytes (default 52,428,800 = 50 MB, Limits "Upload size"); tests set it small. */
	uploadMaxBytes?: number;
	/** PDF page limit of an upload (default 300, Limits "PDF pages"). */
	pdfPageLimit?: number;
	/** Time an upload spends `processing` before ingestion ends (default 400 ms, multiplied by runTimeScale). */
	ingestionMs?: number;
	/**
	 * How a run's status is shown. 'contract' (default): the five named statuses, the condition (queued, paused,
	 * stalled) in its own field. 'conditions': a run with a condition shows it as its status (Queued, Paused,
	 * Stalled), as a service that names its full status set might ("the exact full status value set: not shown").
	 */
	statusNames?: StatusNames;
	/**
	 * Service time per endpoint: 'zero' (default: answers at once, as the tests expect), 'realistic' (the pace of
	 * the real service), or an object of fields over one of them (README, "Latency profiles").
	 */
	latency?: LatencySetting;
}

export type StatusNames = 'contract' | 'conditions';

export type SseLineEnding = '\n' | '\r\n';

export interface ResolvedSimulatorOptions {
	port: number;
	host: string;
	adminToken: string;
	rateLimitWindowMs: number;
	defaultRateLimitPerMinute: number;
	seed: string;
	runTimeScale: number;
	sseHeartbeatMs: number;
	sseLineEnding: SseLineEnding;
	chatChunkDelayMs: number;
	uploadMaxBytes: number;
	pdfPageLimit: number;
	ingestionMs: number;
	statusNames: StatusNames;
}

export const DEFAULT_ADMIN_TOKEN = 'sim-admin-token';

/** A wrong option must fail at construction, not as a hung stream or a run that never ends. */
function checkOption<T>(value: T, name: string, valid: (value: T) => boolean): T {
	if (!valid(value)) throw new Error(`Invalid simulator option ${name}: ${JSON.stringify(value)}`);
	return value;
}

export class Simulator {
	readonly options: ResolvedSimulatorOptions;
	readonly clock: Clock;
	/** Real timers owned by the simulator; all cancelled by stop(). */
	readonly timers = new TimerBag();
	readonly faults = new FaultRegistry();
	readonly requestLog = new RequestLog();
	readonly rateLimiter: RateLimiter;
	readonly admin: SimulatorAdmin;
	/** The live latency profile; the admin API changes it, reset() restores the configured one. */
	readonly latency: Latency;
	readonly apiRoutes = new Router<RouteDefinition>();
	readonly adminRoutes = new Router<AdminRouteDefinition>();

	private currentState: SimulatorState;
	private readonly slices: StateSlice<unknown>[] = [];
	private readonly stopHooks: (() => void | Promise<void>)[] = [];
	private server: SimulatorServer | null = null;
	private baseUrl: string | null = null;

	constructor(options: SimulatorOptions = {}) {
		this.options = {
			port: options.port ?? 0,
			host: options.host ?? '127.0.0.1',
			adminToken: options.adminToken ?? DEFAULT_ADMIN_TOKEN,
			rateLimitWindowMs: options.rateLimitWindowMs ?? 60_000,
			defaultRateLimitPerMinute: options.defaultRateLimitPerMinute ?? 300,
			seed: options.seed ?? 'drafting-workspace-simulator',
			runTimeScale: checkOption(
				options.runTimeScale ?? 1,
				'runTimeScale',
				(value) => Number.isFinite(value) && value >= 0,
			),
			sseHeartbeatMs: checkOption(
				options.sseHeartbeatMs ?? 15_000,
				'sseHeartbeatMs',
				(value) => Number.isFinite(value) && value > 0,
			),
			sseLineEnding: checkOption(
				options.sseLineEnding ?? '\n',
				'sseLineEnding',
				(value) => value === '\n' || value === '\r\n',
			),
			chatChunkDelayMs: checkOption(
				options.chatChunkDelayMs ?? 15,
				'chatChunkDelayMs',
				(value) => Number.isFinite(value) && value >= 0,
			),
			uploadMaxBytes: checkOption(
				options.uploadMaxBytes ?? 52_428_800,
				'uploadMaxBytes',
				(value) => Number.isInteger(value) && value >= 1,
			),
			pdfPageLimit: checkOption(
				options.pdfPageLimit ?? 300,
				'pdfPageLimit',
				(value) => Number.isInteger(value) && value >= 1,
			),
			ingestionMs: checkOption(
				options.ingestionMs ?? 400,
				'ingestionMs',
				(value) => Number.isFinite(value) && value >= 0,
			),
			statusNames: checkOption(
				options.statusNames ?? 'contract',
				'statusNames',
				(value) => value === 'contract' || value === 'conditions',
			),
		};
		this.clock = new Clock(
			typeof options.clock === 'function' ? { source: options.clock } : options.clock,
		);
		this.rateLimiter = new RateLimiter(this.options.rateLimitWindowMs);
		this.latency = Latency.fromOption(this.timers, options.latency ?? 'zero');
		this.admin = new SimulatorAdmin(this);
		this.currentState = createFixtureState(this.options.seed, this.clock.now(), this.slices);
		registerCoreAdminRoutes(this);
	}

	/** The live state. Replaced by reset(): read it through this getter (or ctx.state), never cache it. */
	get state(): SimulatorState {
		return this.currentState;
	}

	/**
	 * Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). Only after start(). A simulator listening on
	 * every interface (host '0.0.0.0' or '::') answers the loopback address (127.0.0.1 or [::1]): a client can
	 * connect to it, which it cannot do portably to 0.0.0.0.
	 */
	get url(): string {
		if (!this.baseUrl) throw new Error('The simulator is not started');
		return this.baseUrl;
	}

	get started(): boolean {
		return this.server !== null;
	}

	// ---- Extension API ----------------------------------------------------------------------

	/** Registers an API route; it runs behind the whole pipeline (faults, auth, lock, rate, scope, feature). */
	route(definition: RouteDefinition): void {
		this.apiRoutes.add(definition.method, definition.path, definition);
	}

	/** Registers the handler of an operation of the contract (method, path, scope, feature from operations.ts). */
	routeOperation(operationId: OperationId, handler: RouteHandler): void {
		const operation = findOperation(operationId);
		this.route({
			method: operation.method,
			path: toRoutePath(operation.path),
			scope: operation.scope,
			feature: operation.feature,
			operationId: operation.operationId,
			handler,
		});
	}

	/** Registers an admin endpoint below /__admin (token-guarded, not logged). */
	adminRoute(definition: AdminRouteDefinition): void {
		this.adminRoutes.add(definition.method, `/__admin${definition.path}`, definition);
	}

	/** Adds a module's state slice; it is created now and rebuilt on every reset. */
	registerSlice<T>(slice: StateSlice<T>): void {
		this.slices.push(slice as StateSlice<unknown>);
		this.currentState.slice(slice);
	}

	/** Runs on stop(), before sockets close (e.g. end SSE streams politely). */
	onStop(hook: () => void | Promise<void>): void {
		this.stopHooks.push(hook);
	}

	/** The request rate of a key: its own override, else the deployment default. */
	rateLimitFor(key: ApiKeyRecord): number {
		// A service profile may set the default limit (the 'rate-limited' profile's 300, the others' lifted one).
		return (
			key.rateLimitPerMinute ??
			this.latency.profile.rateLimitPerMinute ??
			this.options.defaultRateLimitPerMinute
		);
	}

	// ---- Lifecycle -----------------------------------------------------------------------------

	/** Rebuilds state from the fixtures; clears fault rules, rate-limit logs and the request log; restores the configured latency. */
	reset(): void {
		this.currentState.disposeSlices();
		this.currentState = createFixtureState(this.options.seed, this.clock.now(), this.slices);
		this.faults.clear();
		this.rateLimiter.clear();
		this.requestLog.reset();
		this.latency.restore();
	}

	async start(): Promise<string> {
		if (this.server) return this.url;
		const server = new SimulatorServer(this);
		const address = await server.listen(this.options.port, this.options.host);
		this.server = server;
		this.baseUrl = `http://${clientHost(address)}:${address.port}`;
		return this.baseUrl;
	}

	/** Closes every socket (keep-alive and SSE included) and cancels the simulator's timers. */
	async stop(): Promise<void> {
		for (const hook of this.stopHooks) await hook();
		this.timers.clearAll();
		this.currentState.disposeSlices();
		const server = this.server;
		this.server = null;
		this.baseUrl = null;
		if (server) await server.close();
	}
}

/** The host a client on this machine uses to reach a listening address: the loopback one for a wildcard. */
function clientHost(address: { address: string; family: string }): string {
	if (address.address === '0.0.0.0') return '127.0.0.1';
	if (address.address === '::') return '[::1]';
	return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}
