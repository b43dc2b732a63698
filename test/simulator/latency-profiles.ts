/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Latency profiles: how long the simulated service takes, per endpoint (the package seen at the service's pace).
 * Without them the simulator answers in about a millisecond, which hides what sequential item processing
 * costs against the real service. `zero` is today's behaviour (every test depends on it: the default);
 * `realistic` is the pace a user meets; a custom profile is an object of fields over one of them.
 *
 * Parsing and checking live here, apart from the runtime holder (latency.ts), so the CLI can reject a bad
 * `--latency` value before it starts anything.
 */

export interface LatencyProfile {
	/** Network round trip, added to every API response (refusals and the OpenAPI document too; not /__admin). */
	roundTripMs: number;
	/** POST /document-templates/{templateId}/documents: assembling and rendering DOCX, PDF and markdown. */
	produceDocumentMs: number;
	/** GET /documents/{documentId}/content/{format}: fetching a produced document's content. */
	documentContentMs: number;
	/** GET /workflows/runs/{runId}/files/{stepId}/download: fetching a run's rendered file. */
	runFileMs: number;
	/** POST /v1/chat/completions: the model's answer time (a stream spreads its pieces over it). */
	chatAnswerMs: number;
	/** POST /workflows/runs: accepting a run start. */
	runStartMs: number;
	/** POST /workflow-inputs/documents: storing an upload. */
	uploadMs: number;
	/** Time an upload stays `processing`; null: the simulator's `ingestionMs` option × `runTimeScale`. */
	ingestionMs: number | null;
	/** Target duration of a played run (queue and steps, not review waits); null: the `runTimeScale` option. */
	runDurationMs: number | null;
	/**
	 * The service's shape under load (service profiles), over the service times above (produce, content, run file,
	 * chat, run start, upload): at most `capacity` such requests in service at once, the next one refused at once
	 * with a 429 and Retry-After 1 (null: no cap).
	 */
	capacity: number | null;
	/** Past this many requests in service at once, each answers later in proportion: `load / comfortableLoad` times its time (null: never slower). */
	comfortableLoad: number | null;
	/** Requests a key may make per rate-limit window (keys without their own limit); null: the simulator's option. */
	rateLimitPerMinute: number | null;
}

const LATENCY_PROFILE_NAMES = [
	'zero',
	'realistic',
	'fast',
	'capped',
	'slowing',
	'rate-limited',
] as const;
export type LatencyProfileName = (typeof LATENCY_PROFILE_NAMES)[number];

/** A custom profile: the fields to change over a named one (`profile`, default 'zero'). */
type LatencyOverrides = Partial<LatencyProfile> & { profile?: LatencyProfileName };

/** What the option, the CLI flag and PUT /__admin/latency accept. */
export type LatencySetting = LatencyProfileName | LatencyOverrides;

/** The fields whose value is a time spent on a request (a wait), as opposed to the nullable targets. */
export type ServiceTime = Exclude<
	keyof LatencyProfile,
	'ingestionMs' | 'runDurationMs' | LoadField
>;

/** The fields that shape the service under load, not a time. */
type LoadField = 'capacity' | 'comfortableLoad' | 'rateLimitPerMinute';
const LOAD_FIELDS: ReadonlySet<keyof LatencyProfile> = new Set<keyof LatencyProfile>([
	'capacity',
	'comfortableLoad',
	'rateLimitPerMinute',
]);

/** No cap, never slower, the simulator's rate limit: the service of the profiles before service profiles. */
const UNLOADED = { capacity: null, comfortableLoad: null, rateLimitPerMinute: null } as const;

/**
 * The service profiles' one pace: every item takes 1 s (a 50 ms round trip and 950 ms of service), and a
 * refusal comes back in one round trip. The rate limit is lifted (a million a minute) except in 'rate-limited'.
 */
const ONE_SECOND = {
	roundTripMs: 50,
	produceDocumentMs: 950,
	documentContentMs: 950,
	runFileMs: 950,
	chatAnswerMs: 950,
	runStartMs: 950,
	uploadMs: 950,
	ingestionMs: null,
	runDurationMs: null,
	capacity: null,
	comfortableLoad: null,
	rateLimitPerMinute: 1_000_000,
} as const;

export const LATENCY_PROFILES: Readonly<Record<LatencyProfileName, Readonly<LatencyProfile>>> = {
	// Every wait 0 and no target: the options decide, exactly as before profiles existed.
	zero: {
		roundTripMs: 0,
		produceDocumentMs: 0,
		documentContentMs: 0,
		runFileMs: 0,
		chatAnswerMs: 0,
		runStartMs: 0,
		uploadMs: 0,
		ingestionMs: null,
		runDurationMs: null,
		...UNLOADED,
	},
	// The pace the issue measured on the service; content downloads cost what run file downloads do.
	realistic: {
		roundTripMs: 50,
		produceDocumentMs: 1000,
		documentContentMs: 300,
		runFileMs: 300,
		chatAnswerMs: 2000,
		runStartMs: 300,
		uploadMs: 300,
		ingestionMs: 2000,
		runDurationMs: 10_000,
		...UNLOADED,
	},
	// Service profiles (bench scenario 9, the demo): how the service behaves when given many requests at once.
	/** Takes everything, each request in its fixed time. */
	fast: ONE_SECOND,
	/** At most 8 at once; the ninth is refused with a 429 (Retry-After 1). */
	capped: { ...ONE_SECOND, capacity: 8 },
	/** Takes everything, but past 8 at once each answer comes later (16 at once: each takes 2 s). */
	slowing: { ...ONE_SECOND, comfortableLoad: 8 },
	/** Takes everything in its fixed time, within the key's default limit of 300 requests a minute. */
	'rate-limited': { ...ONE_SECOND, rateLimitPerMinute: 300 },
};

const FIELDS = Object.keys(LATENCY_PROFILES.zero) as (keyof LatencyProfile)[];
const NULLABLE: ReadonlySet<keyof LatencyProfile> = new Set([
	'ingestionMs',
	'runDurationMs',
	...LOAD_FIELDS,
]);
/** Longer than any test or demo should wait; a typo (seconds for ms) must not hang a suite for hours. */
const MAX_MS = 600_000;

/** A setting that is not a profile; the message names the field and what it takes. */
export class LatencySettingError extends Error {}

function isProfileName(value: unknown): value is LatencyProfileName {
	return typeof value === 'string' && (LATENCY_PROFILE_NAMES as readonly string[]).includes(value);
}

function checkField(field: keyof LatencyProfile, value: unknown): number | null {
	if (value === null && NULLABLE.has(field)) return null;
	if (LOAD_FIELDS.has(field)) {
		if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
		throw new LatencySettingError(
			`latency ${field} must be a whole number from 1, or null, not ${JSON.stringify(value)}`,
		);
	}
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_MS) {
		const also = NULLABLE.has(field) ? ' or null' : '';
		throw new LatencySettingError(
			`latency ${field} must be a number of milliseconds from 0 to ${MAX_MS}${also}, not ${JSON.stringify(value)}`,
		);
	}
	return value;
}

/** The full profile a setting describes; throws LatencySettingError naming the first bad part. */
export function resolveLatency(setting: unknown): LatencyProfile {
	if (isProfileName(setting)) return { ...LATENCY_PROFILES[setting] };
	if (setting === null || typeof setting !== 'object' || Array.isArray(setting)) {
		throw new LatencySettingError(
			`latency must be ${LATENCY_PROFILE_NAMES.join(' or ')} or an object of fields, not ${JSON.stringify(setting)}`,
		);
	}
	const { profile = 'zero', ...fields } = setting as Record<string, unknown>;
	if (!isProfileName(profile)) {
		throw new LatencySettingError(
			`latency profile must be ${LATENCY_PROFILE_NAMES.join(' or ')}, not ${JSON.stringify(profile)}`,
		);
	}
	const resolved: LatencyProfile = { ...LATENCY_PROFILES[profile] };
	for (const [field, value] of Object.entries(fields)) {
		if (!(FIELDS as string[]).includes(field)) {
			throw new LatencySettingError(
				`latency has no field ${JSON.stringify(field)} (fields: profile, ${FIELDS.join(', ')})`,
			);
		}
		const key = field as keyof LatencyProfile;
		const checked = checkField(key, value);
		// TypeScript cannot narrow an indexed write by key; the nullable fields are the only ones that take null.
		(resolved as unknown as Record<string, number | null>)[key] = checked;
	}
	return resolved;
}

/** The name of the named profile a resolved one equals, else 'custom' (what GET /__admin/latency shows). */
export function profileNameOf(profile: LatencyProfile): LatencyProfileName | 'custom' {
	const match = LATENCY_PROFILE_NAMES.find((name) =>
		FIELDS.every((field) => LATENCY_PROFILES[name][field] === profile[field]),
	);
	return match ?? 'custom';
}

/**
 * The text of `--latency`: a profile name, or a JSON object (`{"profile":"realistic","chatAnswerMs":500}`).
 * Checked here in full, so a bad value stops the CLI or the demo before anything starts.
 */
export function parseLatencyArgument(text: string): LatencySetting {
	const trimmed = text.trim();
	if (isProfileName(trimmed)) return trimmed;
	if (!trimmed.startsWith('{')) {
		throw new LatencySettingError(
			`--latency must be ${LATENCY_PROFILE_NAMES.join(', ')} or a JSON object of fields, not ${JSON.stringify(text)}`,
		);
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(trimmed);
	} catch {
		throw new LatencySettingError(`--latency is not valid JSON: ${text}`);
	}
	resolveLatency(parsed);
	return parsed as LatencyOverrides;
}
