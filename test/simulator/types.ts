/**
 * Records held in the simulator's state. They mirror what the contract implies the service stores,
 * nothing more: a key is kept as a hash plus its display prefix, never as the full secret.
 */

export const ALL_SCOPES = [
	'workflows:read',
	'workflows:run',
	'workflow-inputs:write',
	'chat:completions',
	'document-templates:read',
	'documents:write',
	'documents:read',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

export function isScope(value: unknown): value is Scope {
	return typeof value === 'string' && (ALL_SCOPES as readonly string[]).includes(value);
}

/** The workspace feature switches; each route names the one it belongs to. */
export type WorkspaceFeature = 'workflows' | 'templates' | 'chat';

export const WORKSPACE_FEATURES: readonly WorkspaceFeature[] = ['workflows', 'templates', 'chat'];

export interface WorkspaceRecord {
	id: string;
	name: string;
	features: Record<WorkspaceFeature, boolean>;
}

export interface UserRecord {
	id: string;
	name: string;
	email: string;
	/** null: the user left (or was removed from) every workspace, so their keys answer 401 no_tenant. */
	workspaceId: string | null;
}

export interface ApiKeyRecord {
	/** Stable, non-secret identifier used by the request log and admin outputs. */
	keyId: string;
	/** The first 8 characters of the key, as the workspace's key list shows them. */
	prefix: string;
	/** sha256 of the full key (hex); the secret itself is never stored. */
	keyHash: string;
	userId: string;
	scopes: Scope[];
	/** Workflow ids this key may touch; null means no allowlist (every visible workflow). */
	allowlist: string[] | null;
	createdAt: string;
	expiresAt: string;
	revokedAt: string | null;
	/** Per-key override of the default request rate; null takes the deployment default. */
	rateLimitPerMinute: number | null;
}

/** What the admin outputs show of a key: everything except the hash. */
export type ApiKeyView = Omit<ApiKeyRecord, 'keyHash'>;

export type StepKind = 'agent' | 'input' | 'render' | 'review';

export type RenderFormat = 'pdf' | 'docx';

/**
 * Hints for the run engine (a later module). They are simulator-internal and are never projected
 * into API responses (see workflow-projection.ts, which whitelists the public fields).
 */
export interface StepSimulation {
	/** How long the step takes when the run engine plays it. */
	durationMs: number;
	/** Model output emitted as StepProgress deltas, in order. */
	deltas: string[];
	/** The step fails with this short code when played. */
	fail?: { code: string; message: string };
}

export interface StepDefinition {
	id: string;
	name: string;
	kind: StepKind;
	agentId?: string;
	simulate: StepSimulation;
	/** Only for kind 'render': the file the step produces. */
	render?: { format: RenderFormat; filename: string };
}

export interface AgentDefinition {
	id: string;
	name: string;
}

export type VersionStatus = 'active' | 'draft' | 'archived';

/** A JSON Schema 2020-12 document, kept as plain JSON. */
export type JsonSchema = { [key: string]: JsonValue };
export type JsonValue =
	| string
	| number
	| boolean
	| null
	| JsonValue[]
	| { [key: string]: JsonValue };

export interface WorkflowVersion {
	id: string;
	status: VersionStatus;
	createdAt: string;
	/** Entry step first; its kind is 'agent' or 'input'. */
	steps: StepDefinition[];
	agents: AgentDefinition[];
	/** Present for 'input' entries, null for 'agent' entries. */
	inputSchema: JsonSchema | null;
}

export interface WorkflowRecord {
	id: string;
	workspaceId: string;
	name: string;
	description: string;
	tags: string[];
	createdAt: string;
	updatedAt: string;
	versions: WorkflowVersion[];
}

export interface DeploymentSettings {
	apiKeysEnabled: boolean;
}

/** Admin-set tenant lock: `remaining` null locks until unlocked, a number locks that many more requests. */
export interface TenantLock {
	remaining: number | null;
}
