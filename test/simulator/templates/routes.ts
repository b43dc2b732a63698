/**
 * The template and document routes (contract, Endpoints; Template production). Every refusal here
 * comes after the pipeline's auth, lock, rate, scope and feature (`templates`) checks.
 */
import { HttpError, sendJson } from '../responses';
import type { RouteContext } from '../route-context';
import type { Simulator } from '../simulator';
import { createDocumentRecord, ensureFiles } from './documents';
import { downloadDocumentContent } from './downloads';
import { checkAnswers, fixedFieldProblems, summarise, type InputProblem } from './input';
import { resolveAnswers } from './resolve-answers';
import { toProducedDocument, toTemplateDetail, toTemplateSummary } from './projection';
import { isPlainObject, type SchemaNode } from './schema';
import { templatesOf } from './store';
import type { TemplateRecord } from './types';
import {
	listUsableTemplates,
	requireReadableDocument,
	requireUsableTemplate,
	requiresReview,
} from './visibility';

/** Limits: "Template production request body: 10 MB (413)" (the core's BodyTooLargeError). */
export const PRODUCE_BODY_LIMIT = 10 * 1024 * 1024;
const TITLE_MAX_LENGTH = 200;

export function registerTemplateHandlers(sim: Simulator): void {
	sim.routeOperation('listTemplates', listTemplates);
	sim.routeOperation('getTemplate', getTemplate);
	sim.routeOperation('produceDocument', produceDocument);
	sim.routeOperation('getDocument', getDocument);
	sim.routeOperation('downloadDocumentContent', downloadDocumentContent);
}

function listTemplates(ctx: RouteContext): void {
	const store = templatesOf(ctx.state);
	sendJson(
		ctx.res,
		200,
		listUsableTemplates(store, ctx.auth).map((template) => toTemplateSummary(store, template)),
	);
}

function getTemplate(ctx: RouteContext): void {
	const store = templatesOf(ctx.state);
	sendJson(
		ctx.res,
		200,
		toTemplateDetail(store, requireUsableTemplate(store, ctx.auth, ctx.params.templateId)),
	);
}

function getDocument(ctx: RouteContext): void {
	const document = requireReadableDocument(templatesOf(ctx.state), ctx.auth, ctx.params.documentId);
	sendJson(ctx.res, 200, toProducedDocument(document));
}

interface ProduceRequest {
	input: Record<string, unknown>;
	title: string;
	strict: boolean;
}

const BODY_FIELDS = ['input', 'title', 'strict'];

/** The envelope `{ input, title, strict }`: 400 invalid_request naming each bad field of the body. */
function readProduceRequest(
	body: unknown,
	template: TemplateRecord,
	today: string,
): ProduceRequest {
	const problems: InputProblem[] = [];
	if (!isPlainObject(body)) {
		problems.push({ path: 'body', message: 'must be a JSON object { input, title, strict }' });
	} else {
		for (const key of Object.keys(body)) {
			if (!BODY_FIELDS.includes(key))
				problems.push({
					path: key,
					message: 'is not a field of the request body (answers go inside input)',
				});
		}
		if (!isPlainObject(body.input)) {
			problems.push({
				path: 'input',
				message: 'is required: an object of answers, nested as in the template inputSchema',
			});
		}
		const title = body.title;
		if (
			title !== undefined &&
			(typeof title !== 'string' || title.trim() === '' || title.length > TITLE_MAX_LENGTH)
		) {
			problems.push({
				path: 'title',
				message: `must be a non-empty string of at most ${TITLE_MAX_LENGTH} characters (leave it out for the default title)`,
			});
		}
		if (body.strict !== undefined && typeof body.strict !== 'boolean')
			problems.push({ path: 'strict', message: 'must be true or false' });
	}
	if (problems.length > 0) {
		throw new HttpError(
			400,
			'invalid_request',
			`The request body is not { input, title, strict }: ${summarise(problems)}.`,
			{ errors: problems },
		);
	}
	const fields = body as Record<string, unknown>;
	return {
		input: fields.input as Record<string, unknown>,
		// Default title: the template name and the date of production.
		title: typeof fields.title === 'string' ? fields.title : `${template.name} ${today}`,
		strict: fields.strict === true,
	};
}

function countOf(problems: InputProblem[], word: string): string {
	return `${problems.length} ${word}${problems.length === 1 ? '' : 's'}`;
}

async function produceDocument(ctx: RouteContext): Promise<void> {
	const body = await ctx.readJson(PRODUCE_BODY_LIMIT);
	const store = templatesOf(ctx.state);
	const template = requireUsableTemplate(store, ctx.auth, ctx.params.templateId);
	const now = ctx.sim.clock.nowIso();
	const request = readProduceRequest(body, template, now.slice(0, 10));
	const schema = template.inputSchema as SchemaNode;

	// Rule 5, checked before the other rules: fixed fields must not be posted.
	const fixed = fixedFieldProblems(schema, request.input);
	if (fixed.length > 0) {
		throw new HttpError(
			400,
			'field_fixed',
			`Fields fixed by the workspace must not be posted (${countOf(fixed, 'field')}): ${fixed.map((problem) => problem.path).join(', ')}. Leave them out; the document prints the workspace values.`,
			{ errors: fixed },
		);
	}

	// Rules 1-4, 6, 7: every failing path at once.
	const checked = checkAnswers(schema, request.input);
	if (checked.problems.length > 0) {
		throw new HttpError(
			400,
			'input_validation_failed',
			`The input does not match the template's inputSchema (${countOf(checked.problems, 'problem')}): ${summarise(checked.problems)}.`,
			{ errors: checked.problems },
		);
	}

	// Rule 8: strict refuses missing required answers and produces nothing.
	const { unresolvedFields } = resolveAnswers(schema, checked);
	if (request.strict && unresolvedFields.length > 0) {
		throw new HttpError(
			422,
			'fields_missing',
			`Required answers are missing: ${unresolvedFields.join(', ')}. Post them, or send strict: false to produce an incomplete document.`,
			{ unresolvedFields },
		);
	}

	const { key, user } = ctx.auth;
	const record = createDocumentRecord({
		documentId: ctx.state.ids.next('tdoc'),
		workspaceId: ctx.auth.workspace.id,
		userId: user.id,
		keyId: key.keyId,
		origin: 'api',
		template,
		title: request.title,
		requiresReview: requiresReview(store, template),
		createdAt: now,
		input: request.input,
		checked,
	});
	// Synchronous: the DOCX, PDF and markdown exist once the 201 is sent. The latency profile's render time is
	// spent here, on valid requests only: a refusal costs the service no rendering.
	await ctx.sim.latency.spend('produceDocumentMs');
	await ensureFiles(record);
	store.documents.set(record.documentId, record);
	ctx.state.counters.increment('documentsProduced', key.keyId);
	ctx.log.note = { documentId: record.documentId, status: record.status };
	sendJson(ctx.res, 201, toProducedDocument(record));
}
