/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Latency profiles: how long the simulated service takes, per endpoint (issue 28, "At the service's pace").
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
}

const LATENCY_PROFILE_NAMES = ['zero', 'realistic'] as const;
export type LatencyProfileName = (typeof LATENCY_PROFILE_NAMES)[number];

/** A custom profile: the fields to change over a named one (`profile`, default 'zero'). */
type LatencyOverrides = Partial<LatencyProfile> & { profile?: LatencyProfileName };

/** What the option, the CLI flag and PUT /__admin/latency accept. */
export type LatencySetting = LatencyProfileName | LatencyOverrides;

/** The fields whose value is a time spent on a request (a wait), as opposed to the nullable targets. */
export type ServiceTime = Exclude<keyof LatencyProfile, 'ingestionMs' | 'runDurationMs'>;

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
  },
};

const FIELDS = Object.keys(LATENCY_PROFILES.zero) as (keyof LatencyProfile)[];
const NULLABLE: ReadonlySet<keyof LatencyProfile> = new Set(['ingestionMs', 'runDurationMs']);
/** Longer than any test or demo should wait; a typo (seconds for ms) must not hang a suite for hours. */
const MAX_MS = 600_000;

/** A setting that is not a profile; the message names the field and what it takes. */
export class LatencySettingError extends Error {}

function isProfileName(value: unknown): value is LatencyProfileName {
  return typeof value === 'string' && (LATENCY_PROFILE_NAMES as readonly string[]).includes(value);
}

function checkField(field: keyof LatencyProfile, value: unknown): number | null {
  if (value === null && NULLABLE.has(field)) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_MS) {
    const also = NULLABLE.has(field) ? ' or null' : '';
    throw new LatencySettingError(`latency ${field} must be a number of milliseconds from 0 to ${MAX_MS}${also}, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** The full profile a setting describes; throws LatencySettingError naming the first bad part. */
export function resolveLatency(setting: unknown): LatencyProfile {
  if (isProfileName(setting)) return { ...LATENCY_PROFILES[setting] };
  if (setting === null || typeof setting !== 'object' || Array.isArray(setting)) {
    throw new LatencySettingError(`latency must be ${LATENCY_PROFILE_NAMES.join(' or ')} or an object of fields, not ${JSON.stringify(setting)}`);
  }
  const { profile = 'zero', ...fields } = setting as Record<string, unknown>;
  if (!isProfileName(profile)) {
    throw new LatencySettingError(`latency profile must be ${LATENCY_PROFILE_NAMES.join(' or ')}, not ${JSON.stringify(profile)}`);
  }
  const resolved: LatencyProfile = { ...LATENCY_PROFILES[profile] };
  for (const [field, value] of Object.entries(fields)) {
    if (!(FIELDS as string[]).includes(field)) {
      throw new LatencySettingError(`latency has no field ${JSON.stringify(field)} (fields: profile, ${FIELDS.join(', ')})`);
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
  const match = LATENCY_PROFILE_NAMES.find((name) => FIELDS.every((field) => LATENCY_PROFILES[name][field] === profile[field]));
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
    throw new LatencySettingError(`--latency must be ${LATENCY_PROFILE_NAMES.join(', ')} or a JSON object of fields, not ${JSON.stringify(text)}`);
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
