/**
 * Fault injection rules (admin-set). The pipeline applies `status`, `delay`, `reset` and `answer`; the
 * streaming modules take `drop-stream` and `frame-delay` rules themselves through `take()`.
 *
 * Matching: a rule matches a request when every selector it has matches:
 *   method  - case-insensitive HTTP method;
 *   path    - exact pathname, a prefix ending with '*' ('/workflows/runs/*'), or a regular
 *             expression when it starts with '^' ('^/workflows/runs/[^/]+/events$');
 *   keyId   - the keyId of the presented key (fixtures: FIXTURE_IDS.keys.*).
 * Each matching request consumes one of the rule's `times` (default 1); at 0 the rule is gone.
 */
import { readAnswerOverride, type AnswerOverride } from './fault-answers';
import { SHAPE3_TYPES, type Shape3Type } from './responses';

export type FaultPhase = 'before' | 'after';

const FAULT_STATUSES = [423, 429, 500, 502, 503] as const;
type FaultStatus = (typeof FAULT_STATUSES)[number];

type FaultSpec =
	/** Answer this status before the handler runs (shape by status, see README). */
	| {
			kind: 'status';
			status: FaultStatus;
			errorType?: Shape3Type;
			retryAfterSeconds?: number;
			message?: string;
	  }
	/** Wait `ms` before the request is processed, or after the handler answered but before sending. */
	| { kind: 'delay'; ms: number; phase?: FaultPhase }
	/**
	 * After the handler answered: send the head at once and the body in small pieces spread over `ms` (a JSON
	 * body is led by spaces), so bytes keep coming and no idle timeout fires: a slow proxy, a slow link.
	 */
	| { kind: 'trickle'; ms: number }
	/** Destroy the socket with no response: before processing, or after the handler ran (effects kept). */
	| { kind: 'reset'; phase?: FaultPhase }
	/** For SSE modules: close the stream abruptly after `afterFrames` frames. */
	| { kind: 'drop-stream'; afterFrames: number }
	/** For SSE modules: wait `ms` before each frame. */
	| { kind: 'frame-delay'; ms: number }
	/**
	 * An answer the contract does not describe (every answer is untrusted input). `before`: sent instead of
	 * the handler's; `after`: the handler runs (a run is created) and its answer is rewritten (fault-answers.ts).
	 */
	| ({ kind: 'answer'; phase?: FaultPhase } & AnswerOverride);

export type FaultKind = FaultSpec['kind'];

interface FaultSelectors {
	method?: string;
	path?: string;
	keyId?: string;
}

export type FaultRuleInput = FaultSelectors & FaultSpec & { id?: string; times?: number };

export type FaultRule = FaultSelectors & FaultSpec & { id: string; times: number; hits: number };

/** What a rule is matched against: the request-log entry has exactly these fields. */
export interface FaultTarget {
	method: string;
	path: string;
	keyId: string | null;
}

type RuleOf<K extends FaultKind> = FaultRule & Extract<FaultSpec, { kind: K }>;

function pathMatcher(path: string | undefined): (pathname: string) => boolean {
	if (path === undefined) return () => true;
	if (path.startsWith('^')) {
		const regex = new RegExp(path);
		return (pathname) => regex.test(pathname);
	}
	if (path.endsWith('*')) {
		const prefix = path.slice(0, -1);
		return (pathname) => pathname.startsWith(prefix);
	}
	return (pathname) => pathname === path;
}

function phaseOf(rule: FaultRule): FaultPhase | null {
	if (rule.kind === 'delay' || rule.kind === 'reset' || rule.kind === 'answer')
		return rule.phase ?? 'before';
	if (rule.kind === 'trickle') return 'after';
	if (rule.kind === 'status') return 'before';
	return null;
}

interface RegisteredRule {
	rule: FaultRule;
	matchesPath: (pathname: string) => boolean;
}

export class FaultRegistry {
	private rules: RegisteredRule[] = [];
	private nextId = 1;

	add(input: FaultRuleInput): string {
		const validated = validateFaultRule(input);
		const id = validated.id || `flt_${this.nextId++}`;
		if (this.rules.some((entry) => entry.rule.id === id))
			throw new FaultRuleError(`A fault rule with id ${id} exists`);
		const rule = { ...validated, id, hits: 0 } as FaultRule;
		this.rules.push({ rule, matchesPath: pathMatcher(rule.path) });
		return id;
	}

	list(): FaultRule[] {
		return this.rules.map(({ rule }) => ({ ...rule }));
	}

	remove(id: string): boolean {
		const before = this.rules.length;
		this.rules = this.rules.filter((entry) => entry.rule.id !== id);
		return this.rules.length < before;
	}

	clear(): void {
		this.rules = [];
	}

	/**
	 * Finds the first rule of `kind` matching the request, consumes one use of it and returns a
	 * copy, or undefined. Modules pass their RouteContext (its `log` entry is the target).
	 */
	take<K extends FaultKind>(
		subject: FaultTarget | { log: FaultTarget },
		kind: K,
		phase?: FaultPhase,
	): RuleOf<K> | undefined {
		const target = 'log' in subject ? subject.log : subject;
		const entry = this.rules.find((candidate) => matches(candidate, target, kind, phase));
		return entry ? this.consume<K>(entry) : undefined;
	}

	/** Consumes every matching rule of `kind` in `phase`, once each (delays add up). */
	takeAll<K extends FaultKind>(target: FaultTarget, kind: K, phase: FaultPhase): RuleOf<K>[] {
		return this.rules
			.filter((candidate) => matches(candidate, target, kind, phase))
			.map((entry) => this.consume<K>(entry));
	}

	private consume<K extends FaultKind>(entry: RegisteredRule): RuleOf<K> {
		entry.rule.times -= 1;
		entry.rule.hits += 1;
		if (entry.rule.times <= 0) this.rules = this.rules.filter((candidate) => candidate !== entry);
		return { ...entry.rule } as RuleOf<K>;
	}
}

function matches(
	{ rule, matchesPath }: RegisteredRule,
	target: FaultTarget,
	kind: FaultKind,
	phase: FaultPhase | undefined,
): boolean {
	return (
		rule.kind === kind &&
		(phase === undefined || phaseOf(rule) === phase) &&
		(rule.method === undefined || rule.method === target.method.toUpperCase()) &&
		(rule.keyId === undefined || rule.keyId === target.keyId) &&
		matchesPath(target.path)
	);
}

// ---- Validation (admin HTTP bodies are untrusted JSON) -----------------------------------------

function fail(message: string): never {
	throw new FaultRuleError(message);
}

export class FaultRuleError extends Error {}

function optionalString(value: unknown, name: string): string | undefined {
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || value === '') fail(`${name} must be a non-empty string`);
	return value;
}

function nonNegativeNumber(value: unknown, name: string): number {
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
		fail(`${name} must be a number >= 0`);
	return value;
}

function optionalPhase(value: unknown): FaultPhase | undefined {
	if (value === undefined) return undefined;
	if (value !== 'before' && value !== 'after') fail(`phase must be 'before' or 'after'`);
	return value;
}

/** Checks a rule and returns a normalised copy (id may still be empty: the registry assigns it). */
function validateFaultRule(
	input: unknown,
): FaultSelectors & FaultSpec & { id: string; times: number } {
	if (input === null || typeof input !== 'object') fail('a fault rule must be an object');
	const raw = input as Record<string, unknown>;
	const selectors: FaultSelectors = {
		method: optionalString(raw.method, 'method')?.toUpperCase(),
		path: optionalString(raw.path, 'path'),
		keyId: optionalString(raw.keyId, 'keyId'),
	};
	if (selectors.path?.startsWith('^')) {
		try {
			new RegExp(selectors.path);
		} catch (error) {
			fail(`path is not a valid regular expression: ${(error as Error).message}`);
		}
	}
	const times = raw.times === undefined ? 1 : raw.times;
	if (typeof times !== 'number' || !(times >= 1))
		fail('times must be a number >= 1 (Infinity allowed programmatically)');
	const id = optionalString(raw.id, 'id') ?? '';

	let spec: FaultSpec;
	switch (raw.kind) {
		case 'status': {
			const status = raw.status;
			if (!FAULT_STATUSES.includes(status as FaultStatus))
				fail(`status must be one of ${FAULT_STATUSES.join(', ')}`);
			const errorType = raw.errorType;
			if (errorType !== undefined && !SHAPE3_TYPES.includes(errorType as Shape3Type))
				fail(`errorType must be one of ${SHAPE3_TYPES.join(', ')}`);
			spec = {
				kind: 'status',
				status: status as FaultStatus,
				errorType: errorType as Shape3Type | undefined,
				retryAfterSeconds:
					raw.retryAfterSeconds === undefined
						? undefined
						: Math.max(1, Math.ceil(nonNegativeNumber(raw.retryAfterSeconds, 'retryAfterSeconds'))),
				message: optionalString(raw.message, 'message'),
			};
			break;
		}
		case 'delay':
			spec = {
				kind: 'delay',
				ms: nonNegativeNumber(raw.ms, 'ms'),
				phase: optionalPhase(raw.phase),
			};
			break;
		case 'reset':
			spec = { kind: 'reset', phase: optionalPhase(raw.phase) };
			break;
		case 'trickle':
			spec = { kind: 'trickle', ms: nonNegativeNumber(raw.ms, 'ms') };
			break;
		case 'drop-stream':
			spec = {
				kind: 'drop-stream',
				afterFrames: nonNegativeNumber(raw.afterFrames, 'afterFrames'),
			};
			break;
		case 'frame-delay':
			spec = { kind: 'frame-delay', ms: nonNegativeNumber(raw.ms, 'ms') };
			break;
		case 'answer':
			spec = { kind: 'answer', phase: optionalPhase(raw.phase), ...readAnswerOverride(raw, fail) };
			break;
		default:
			fail(`kind must be one of status, delay, trickle, reset, drop-stream, frame-delay, answer`);
	}
	// Drop undefined members so listings stay clean JSON (a transform is a function: kept as given).
	const rule = JSON.parse(JSON.stringify({ id, ...selectors, ...spec })) as FaultSelectors &
		FaultSpec & { id: string };
	if (spec.kind === 'answer' && spec.transform) Object.assign(rule, { transform: spec.transform });
	return { ...rule, times };
}
