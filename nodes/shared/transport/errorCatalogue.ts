import type { Failure, IDataObject } from 'n8n-workflow';
import type { ErrorExplanation } from './errorTypes';

import { detailsSuffix, limitSuffix, list, messageSuffix, text, usageSuffix } from './errorDetails';
import { explainNotFound } from './notFound';

/**
 * Every error code of the service's API: why it failed in n8n's words (the cause of the error's `failure`, read
 * by n8n's poll backoff), and its plain-words meaning and remedy. The transport looks a code up here; an unknown
 * code still gets a cause from its status, the service's own message and a generic remedy, never a crash.
 */

type Explainer = (body: IDataObject) => ErrorExplanation;

/** n8n-workflow's TIMED_CAUSES and ACTIONABLE_CAUSES, as a type only: n8n before 2.41 has no such values. */
export type FailureCause = Failure['cause'];

/** A code's entry. The cause is required, so a code added without one does not compile. */
export interface CatalogueEntry {
	cause: FailureCause;
	explain: Explainer;
}

const known = (cause: FailureCause, explain: Explainer): CatalogueEntry => ({ cause, explain });

const SCOPE_FEATURES: Record<string, string> = {
	'workflows:read': 'listing workflows, reading runs, following and downloading them',
	'workflows:run': 'starting and cancelling runs',
	'workflow-inputs:write': 'uploading input documents and reading their status',
	'chat:completions': 'chat completions and the model list',
	'document-templates:read': 'listing templates and reading their input schemas',
	'documents:write': 'producing documents from templates',
	'documents:read': 'downloading produced documents',
};

function scopeFromMessage(body: IDataObject): string | undefined {
	for (const key of ['requiredScope', 'scope', 'missingScope', 'required_scope']) {
		if (typeof body[key] === 'string') return body[key] as string;
	}
	const match = /[a-z-]+:[a-z-]+/.exec(text(body.message));
	return match?.[0];
}

const KEY_FIX =
	'Keys cannot be edited: a workspace admin creates a new key with the right scopes in the workspace (API keys settings), then you paste it into this credential.';

/**
 * Causes: a refusal someone must act on is `configuration-invalid` (the workflow, the key's scopes or allowlist,
 * the workspace's settings or storage, a review in the app), unless the key itself is dead (`credential-invalid`);
 * one that passes by itself is timed (a lock, an ingestion still running, an overloaded model).
 */
export const ERROR_CATALOGUE: Record<string, CatalogueEntry> = {
	// Shape 1: authentication.
	invalid_api_key: known('credential-invalid', () => ({
		message: 'The service refused the API key (invalid_api_key): it is wrong, revoked or expired',
		fix: 'Create a new key in the workspace and paste it into the Drafting Workspace API credential in full. Revoked and expired keys cannot be restored.',
	})),
	no_tenant: known('credential-invalid', () => ({
		message: 'The user who issued this API key no longer belongs to a workspace (no_tenant)',
		fix: 'Ask a workspace admin to issue a new key from an active member of the workspace.',
	})),
	tenant_locked: known('temporarily-unavailable', () => ({
		message:
			'The workspace is momentarily locked (tenant_locked): its encryption key is not available right now',
		fix: 'This is transient. The node already retried with backoff; run the workflow again in a minute.',
	})),
	feature_disabled: known('configuration-invalid', () => ({
		message: 'API keys are disabled on this deployment of the service (feature_disabled)',
		fix: 'Ask the service administrator to enable API access (it requires the Automation plan). Retrying will not help.',
	})),
	// Shape 2: permission and request refusals.
	missing_scope: known('configuration-invalid', (body) => {
		const scope = scopeFromMessage(body);
		return {
			message: scope
				? `The API key lacks the scope ${scope} (missing_scope)`
				: 'The API key lacks a scope this operation needs (missing_scope)',
			fix: scope
				? `Use a key that has the ${scope} scope (${SCOPE_FEATURES[scope] ?? 'this operation'}). ${KEY_FIX}`
				: KEY_FIX,
		};
	}),
	workflow_not_in_allowlist: known('configuration-invalid', () => ({
		message: "This workflow is not on the API key's workflow allowlist (workflow_not_in_allowlist)",
		fix: "Pick a workflow the key may use, or ask a workspace admin to add this workflow to the key's allowlist (the allowlist is the only part of a key that can be edited).",
	})),
	review_required: known('configuration-invalid', () => ({
		message:
			'A person must review this document in the workspace before its content can be downloaded (review_required)',
		fix: 'Open the document in the workspace and complete the review, then download it again.',
	})),
	run_terminal: known('configuration-invalid', () => ({
		message: 'The run has already finished, so it has no live event stream (run_terminal)',
		fix: 'Read the run record with Run → Get instead.',
	})),
	document_not_ready: known('temporarily-unavailable', () => ({
		message:
			'An input document is still being processed and cannot be used yet (document_not_ready)',
		fix: "Wait until the upload's status is ready (Input Document → Upload with 'Wait Until Ready', or Input Document → Get Status), then start the run.",
	})),
	document_field_invalid_format: known('configuration-invalid', (body) => ({
		message: `A document field was given a single id instead of {documentId, documentVersionId} (document_field_invalid_format)${detailsSuffix(body)}`,
		fix: 'Map the whole output of Input Document → Upload (it carries both ids), or pass a binary property and let the node upload it.',
	})),
	unsupported_media_type: known('configuration-invalid', () => ({
		message:
			'The service accepts only PDF, DOCX, Markdown and plain-text uploads (unsupported_media_type)',
		fix: 'Convert the file to one of these types first, or correct its MIME type if it was detected wrongly.',
	})),
	size_exceeded: known('configuration-invalid', (body) => ({
		message: `The file is larger than the deployment's upload limit (size_exceeded)${limitSuffix(body)}`,
		fix: "Split or compress the document; the service's limit is 50 MB unless the deployment sets another.",
	})),
	too_many_pages: known('configuration-invalid', (body) => ({
		message: `The PDF has more pages than the service accepts (too_many_pages)${limitSuffix(body)}`,
		fix: 'Split the PDF into smaller parts (300 pages by default).',
	})),
	storage_limit_reached: known('configuration-invalid', (body) => ({
		message: `The workspace has reached its storage limit (storage_limit_reached)${usageSuffix(body)}`,
		fix: 'Ask a workspace admin to free storage or raise the limit, then upload again.',
	})),
	// The node only ever asks for binary or base64: seeing this is a defect of the node.
	invalid_encoding: known('node-defect', () => ({
		message: 'The download encoding must be binary or base64 (invalid_encoding)',
		fix: 'This is a defect of the node if you see it; please report it.',
	})),
	input_validation_failed: known('configuration-invalid', (body) => ({
		message: `The service refused the input (input_validation_failed)${
			list(body.errors ?? body.details) ? `: ${list(body.errors ?? body.details)}` : ''
		}`,
		fix: 'Correct each listed field: dates as yyyy-MM-dd, numbers and yes/no as numbers and booleans, choices exactly as their option text, pictures PNG/JPEG up to 1 MB and 2,000 px.',
	})),
	field_fixed: known('configuration-invalid', (body) => ({
		message: `A field fixed by the workspace was posted (field_fixed)${detailsSuffix(body)}`,
		fix: 'Leave fixed (read-only) fields out: the workspace fills them itself.',
	})),
	fields_missing: known('configuration-invalid', (body) => ({
		message: `Required answers are missing, so nothing was produced (fields_missing)${
			list(body.unresolvedFields) ? `: ${list(body.unresolvedFields)}` : ''
		}`,
		fix: "Answer the listed fields, or turn off 'Strict' to produce an incomplete document instead.",
	})),
	model_not_allowed: known('configuration-invalid', (body) => ({
		message: `The workspace does not allow this model for API access (model_not_allowed)${
			list(body.allowedModels ?? body.allowed_models)
				? `; allowed: ${list(body.allowedModels ?? body.allowed_models)}`
				: ''
		}`,
		fix: 'Pick a model from the Model list (it shows exactly the models the workspace allows), or use Chat → List Models.',
	})),
	tools_not_supported_yet: known('configuration-invalid', () => ({
		message:
			'The chat endpoint does not support tools or tool_choice yet (tools_not_supported_yet)',
		fix: 'Remove tool definitions from the request.',
	})),
	structured_output_unsupported: known('configuration-invalid', () => ({
		message: 'The deployment cannot honour this response format (structured_output_unsupported)',
		fix: "Use the 'Text' response format, or a simpler JSON schema.",
	})),
	// The transport words a 404 by its endpoint (notFound.ts); this is the code's cause, and its words without one.
	not_found: known('configuration-invalid', (body) =>
		explainNotFound(undefined, { body, shape: 2 }),
	),
	payload_too_large: known('configuration-invalid', () => ({
		message: 'The request body is larger than the service accepts (413)',
		fix: 'Template production bodies are limited to 10 MB: shrink pictures or long answers.',
	})),
	// Shape 3: inference errors.
	rate_limited: known('rate-limited', (body) => ({
		message: `The API key's request rate limit was exceeded (rate_limited)${
			body.retry_after_seconds !== undefined
				? `; retry after ${String(body.retry_after_seconds)} s`
				: ''
		}`,
		fix: 'Wait for the time the service names, then try again. For large batches, lower the batch rate or ask for a higher per-key limit.',
	})),
	quota_exceeded: known('quota-exhausted', (body) => ({
		message: `The workspace's model-usage quota is exhausted (quota_exceeded)${
			text(body.reset_at) ? `; it resets at ${text(body.reset_at)}` : ''
		}`,
		fix: 'Wait until the quota resets, or ask a workspace admin to raise it.',
	})),
	no_healthy_instance: known('temporarily-unavailable', (body) => ({
		message: `No model instance is available right now (no_healthy_instance)${messageSuffix(body)}`,
		fix: 'Try again later.',
	})),
	upstream_error: known('temporarily-unavailable', (body) => ({
		message: `The model provider failed (upstream_error)${messageSuffix(body)}`,
		fix: 'Try again later; quote the request id to support if it persists.',
	})),
	model_access_denied: known('configuration-invalid', (body) => ({
		message: `Access to the model was denied (model_access_denied)${messageSuffix(body)}`,
		fix: 'Pick another model or ask a workspace admin to grant access.',
	})),
};

/** The entry of a code, if the catalogue has one (an own key only: a code is untrusted, "constructor" is not ours). */
export function catalogueEntry(code: string): CatalogueEntry | undefined {
	return Object.hasOwn(ERROR_CATALOGUE, code) ? ERROR_CATALOGUE[code] : undefined;
}

/** Feature-disabled codes of the `workflows_disabled` kind share one explanation. */
export function explainFeatureDisabled(code: string): ErrorExplanation {
	const feature = code.replace(/_disabled$/, '').replace(/_/g, ' ');
	return {
		message: `The ${feature} feature is not enabled for this workspace (${code})`,
		fix: `Ask a workspace admin to enable ${feature} for the workspace.`,
	};
}

/** 400 run-input refusals carry no fixed code in the API: they are recognised by `details`. */
export function explainRunInputRefusal(body: IDataObject, code: string): ErrorExplanation {
	return {
		message: `The run input does not match the workflow's input schema (${code})${detailsSuffix(body)}`,
		fix: "Correct each listed field under Values to Send, which lists the workflow's input fields and marks the required ones. Dates are yyyy-MM-dd; a choice is one of the field's options.",
	};
}
