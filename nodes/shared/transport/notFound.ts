import type { IDataObject } from 'n8n-workflow';

import type { ErrorExplanation } from './errorTypes';

/**
 * What a 404 means depends on the endpoint: the contract answers 404 for an unknown id and for one the key may not
 * see alike (a run of another workspace, a workflow without an active version, another key's upload), with no code
 * of its own. So the request says what was not found, and the contract's visibility rules say why it may be
 * invisible. A 404 from a list or collection path, or one whose answer says the route does not exist, means the
 * Base URL points at the wrong place. Pure: the request label ("GET /workflows/runs/run_1") and the answer in.
 */

/** The answer, as `parseServiceError` read it: shape 0 is not the service's JSON (a proxy's page, an empty body). */
export interface NotFoundAnswer {
	body: IDataObject;
	shape: number;
	serviceMessage?: string;
}

type Explain = (ids: string[], method: string) => ErrorExplanation;

const RUN_VISIBILITY =
	'A key sees only runs started through the API in its own workspace (on its workflow allowlist, if it has one): runs started by a person in the workspace, or with a key of another workspace, are never visible.';

const run: Explain = ([runId]) => ({
	message: `Run "${runId}" was not found (404)`,
	fix: `Check the id: map it from the output of the node that started the run, e.g. {{ $json.runId }}. ${RUN_VISIBILITY}`,
});

const workflow: Explain = ([workflowId]) => ({
	message:
		workflowId === undefined
			? 'The workflow to start was not found (404)'
			: `Workflow "${workflowId}" was not found (404)`,
	fix: "Either no workflow has this id, or this key cannot see it: keys see only workflows with an active version (drafts and archived versions never), and only those on the key's allowlist if it has one. Check the id, or publish the workflow in the workspace; the Workflow list (From list) shows every workflow this key can use.",
});

const template: Explain = ([templateId]) => ({
	message: `Template "${templateId}" was not found (404)`,
	fix: "Either no template has this id, or this key cannot use it: keys see only active templates whose document type (and own restriction) the key's user can access. Check the id; the Template list (From list) shows every template this key can use.",
});

const upload: Explain = ([documentId]) => ({
	message: `Uploaded document "${documentId}" was not found (404)`,
	fix: 'Only the key that uploaded a document can read its status. Check the id (documentId from Input Document → Upload) and that this credential holds the key that uploaded it.',
});

const inputDocument: Explain = ([runId, versionId]) => ({
	message: `Input document version "${versionId}" was not found on run "${runId}" (404)`,
	fix: `The version must be in the run's own input (or its knowledge-base coverage): take its documentVersionId from the run as Run → Get shows it, and check the run id. ${RUN_VISIBILITY}`,
});

const renderedFile: Explain = ([runId, stepId]) => ({
	message: `Run "${runId}" has no rendered file for step "${stepId}" (404)`,
	fix: `A step has a file once it rendered successfully (a render step of a completed run): check the run has completed and the step id (Run → Get shows each step and its renderedArtifact). ${RUN_VISIBILITY}`,
});

const noEndpoint = (method: string, path: string): ErrorExplanation => ({
	message: `No endpoint at ${method} ${path} (404): the Base URL may point at the wrong place`,
	fix: "Set the credential's Base URL to the root of the service's API, as shown next to your API keys (e.g. https://workspace.example.com, with or without /v1): the node adds paths such as /workflows and /v1/models to it. The credential's test checks it.",
});

const documentLink = (path: string): ErrorExplanation => ({
	message: `The document link ${path} was not found (404)`,
	fix: "A key reads back only documents its own user produced through the API, in docx, pdf or markdown. Pass the links of Produce From Template's output, with a credential of the same user.",
});

const serviceLink = (path: string): ErrorExplanation => ({
	message: `The link ${path} from the service's answer was not found (404)`,
	fix: "The node followed a path the service gave (a download path, a status link): what it names may be gone, or not visible to this key. Run the step that gave it again; if it persists, report the link to the service's support.",
});

/** Endpoints with ids, most specific first; a path may carry the Base URL's own prefix before them. */
const ID_ENDPOINTS: Array<[RegExp, Explain]> = [
	[/\/workflows\/runs\/([^/]+)\/input-documents\/([^/]+)\/download$/, inputDocument],
	[/\/workflows\/runs\/([^/]+)\/files\/([^/]+)\/download$/, renderedFile],
	[/\/workflows\/runs\/([^/]+)(?:\/cancel|\/events)?$/, run],
	[/\/workflow-inputs\/documents\/([^/]+)$/, upload],
	[/\/document-templates\/([^/]+)(?:\/documents)?$/, template],
	[/\/workflows\/([^/]+)$/, workflow],
];

/** Paths with no id: a 404 there is a route that does not exist (POST /workflows/runs aside, see below). */
const COLLECTIONS =
	/\/(?:workflows|workflows\/runs|workflow-inputs\/documents|document-templates|v1\/models|v1\/chat\/completions)$/;
/**
 * The node builds only the contract's paths (matched above); any other path is one the service gave. Under /v1 there
 * is only the chat adapter, whose paths are collections: anything else there is a Base URL that adds a path.
 */
function otherPath(method: string, path: string): ErrorExplanation {
	if (/\/v1\//.test(path)) return noEndpoint(method, path);
	return /\/documents?\//.test(path) && !/\/workflow-inputs\//.test(path)
		? documentLink(path)
		: serviceLink(path);
}
/** Only the chat adapter lives under /v1: the API's other roots below a /v1 are a Base URL that adds a path. */
const UNDER_V1 = /\/v1\/(?:.*\/)?(?:workflows|workflow-inputs|document-templates)(?:\/|$)/i;
/** How servers say a route does not exist (the service's words, Express's "Cannot GET", a gateway's). */
const NO_ROUTE =
	/no (?:such )?(?:endpoint|route)|cannot (?:get|post|put|patch|delete) \/|route not found|unknown (?:path|route|endpoint)/i;

const MAX_ID_LENGTH = 120;

function readId(segment: string): string {
	let id = segment;
	try {
		id = decodeURIComponent(segment);
	} catch {
		// A malformed escape is shown as sent.
	}
	return id.length > MAX_ID_LENGTH ? `${id.slice(0, MAX_ID_LENGTH)}…` : id;
}

export function explainNotFound(
	request: string | undefined,
	answer: NotFoundAnswer,
): ErrorExplanation {
	const serviceText =
		answer.serviceMessage ?? (typeof answer.body.message === 'string' ? answer.body.message : '');
	if (request === undefined)
		return {
			message: `Not found (404)${serviceText ? `: ${serviceText}` : ''}`,
			fix: 'Check the ids this node was given.',
		};
	const [method, path = ''] = request.split(' ');
	if (NO_ROUTE.test(serviceText) || UNDER_V1.test(path)) return noEndpoint(method, path);
	// A POST that starts a run names its workflow in the body: a 404 from the service there is that workflow.
	const fromService = answer.shape !== 0 || serviceText !== '';
	if (method === 'POST' && /\/workflows\/runs$/.test(path) && fromService)
		return workflow([], method);
	if (COLLECTIONS.test(path)) return noEndpoint(method, path);
	const endpoint = ID_ENDPOINTS.map(([pattern, explain]) => ({
		match: pattern.exec(path),
		explain,
	})).find(({ match }) => match);
	if (!endpoint?.match) return otherPath(method, path);
	const explained = endpoint.explain(endpoint.match.slice(1).map(readId), method);
	if (fromService) return explained;
	// Not the service's answer: the id may be fine and the Base URL wrong.
	return {
		message: explained.message,
		fix: `${explained.fix} The answer was not the service's own (no error code): if every request answers 404, the Base URL may point at the wrong place.`,
	};
}
