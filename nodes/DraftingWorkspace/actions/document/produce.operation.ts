import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { autoMapGapHint, unmatchedKeysHint } from '../../mapper/autoMap';
import type { Lane } from '../../pace/batch';
import { withAbsoluteLinks, type DocumentFormat } from '../../templates/links';
import { ensureNodeError, settle, withCreated } from '../../../shared/common/errors';
import { getLocatorId } from '../../../shared/common/parameters';
import { readMapperValues } from '../../mapper/mapperValues';
import { buildTemplateInput, templateFields } from '../../templates/answers';
import { describeAnswerProblems } from '../../templates/mapperFields';
import { pictureProblem } from '../../templates/pictures';
import { readOncePerExecution } from '../../execution/readOnce.api';
import { getTemplate, produceDocument } from '../../../shared/client';
import { isUnusableAnswer, serviceCodeOf } from '../../../shared/transport';
import { warnInOutput } from '../../execution/hints';
import { isEmptyAnswer } from '../../mapper/jsonSchema';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
import { POST_STAGE, type Work } from '../types';
import { downloadProduced } from './produceDownload';

export { description } from './produceFields';

/** A picture answer names a binary field of the item; its bytes are checked as the service would, then sent as base64. */
function pictureResolver(this: IExecuteFunctions, itemIndex: number) {
	return async (
		_path: string,
		value: unknown,
	): Promise<{ ok: true; base64: string } | { ok: false; problem: string }> => {
		const name = String(value).trim();
		const binary = this.getInputData()[itemIndex]?.binary?.[name];
		if (!binary && /^https?:\/\//i.test(name))
			return {
				ok: false,
				problem: `takes the name of a binary field of the item, not "${name.slice(0, 60)}": fetch the picture first (e.g. with an HTTP Request node) and enter its binary field (e.g. data)`,
			};
		if (!binary)
			return {
				ok: false,
				problem: `names the binary field "${name}", which this item does not have`,
			};
		const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, name);
		const problem = pictureProblem(bytes);
		return problem
			? { ok: false, problem: `(binary field "${name}") ${problem}` }
			: { ok: true, base64: bytes.toString('base64') };
	};
}

/** A strict refusal for missing answers also names the item's keys that matched no field: the likely cause. */
function withUnmatchedKeys(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
	unmatchedInputKeys: string[] | undefined,
): unknown {
	const hint =
		serviceCodeOf(error) === 'fields_missing' ? unmatchedKeysHint(unmatchedInputKeys) : '';
	if (!hint) return error;
	const nodeError = ensureNodeError(this.getNode(), error, itemIndex);
	nodeError.description = `${hint}\n${nodeError.description ?? ''}`;
	return nodeError;
}

/**
 * POST /document-templates/{id}/documents. The template's live schema (read once per execution) turns the
 * flat answers into the nested input; a template flagged `needsAttention` is reported before anything is posted.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
): Promise<INodeExecutionData[]> {
	const templateId = getLocatorId.call(this, 'templateId', itemIndex, 'Template');
	const template = await readOncePerExecution.call(
		this,
		`template ${templateId}`,
		async () =>
			await getTemplate.call(this, templateId, { itemIndex }, 'the template with its input schema'),
	);
	const name = typeof template.name === 'string' ? `"${template.name}"` : templateId;
	if (template.needsAttention === true)
		throw new NodeOperationError(
			this.getNode(),
			`Template ${name} needs attention before it can be used`,
			{
				description:
					'A document author must look at the template recipe in the workspace first. Nothing was produced.',
				itemIndex,
			},
		);
	const schema =
		template.inputSchema && typeof template.inputSchema === 'object'
			? (template.inputSchema as IDataObject)
			: {};

	const fields = templateFields(schema).map((field) => ({
		id: field.path,
		title: typeof field.schema.title === 'string' ? field.schema.title : undefined,
		field,
	}));
	const loose =
		(this.getNodeParameter('answerOptions', itemIndex, {}) as IDataObject).columnMatching ===
		'loose';
	const {
		values: answers,
		automatic,
		unmatchedInputKeys,
	} = readMapperValues.call(this, 'answers', itemIndex, fields, { loose });
	if (automatic) {
		// An incomplete document is a success to n8n: the gap is said where n8n shows it, above the output.
		const unanswered = fields.filter(
			({ id, field }) =>
				field.required && field.schema.default === undefined && isEmptyAnswer(answers[id]),
		);
		const hint = autoMapGapHint(unanswered, unmatchedInputKeys ?? [], loose);
		if (hint) warnInOutput.call(this, hint);
	}
	const { input, problems } = await buildTemplateInput(
		schema,
		answers,
		pictureResolver.call(this, itemIndex),
		{ ignoreUnknown: automatic },
	);
	if (problems.length)
		throw new NodeOperationError(
			this.getNode(),
			`Some answers for template ${name} cannot be sent: ${describeAnswerProblems(schema, problems)}`,
			{
				description:
					'Correct the listed answers under Values to Send. Dates are yyyy-MM-dd, e.g. 2026-03-01 (or with the month as a word); choices are their option text (in any letter case); pictures are PNG or JPEG, at most 1 MB and 2,000 px on each side.',
				itemIndex,
			},
		);

	// Links are output absolute: the resolver is read before posting, so nothing after the document exists can fail here.
	const urlOf = await serviceUrlResolver.call(this, itemIndex);
	const body: IDataObject = {
		input,
		strict: this.getNodeParameter('strict', itemIndex, false) as boolean,
	};
	const title = String(this.getNodeParameter('title', itemIndex, '')).trim();
	if (title) body.title = title;
	const posted = await settle(
		lane.send(
			POST_STAGE,
			async () =>
				await produceDocument.call(this, templateId, body, {
					itemIndex,
					ifUnsure:
						'Running the item again produces the document again; check the workspace for the first one.',
				}),
		),
	);
	if (!posted.ok && isUnusableAnswer(posted.error)) {
		// Which document, if any, is not known: the batch's error lists it, and a rerun is a choice, not a guess.
		lane.record({ templateId, documentId: null });
		throw withCreated.call(this, posted.error, itemIndex, {
			ids: { templateId, documentId: null },
			summary: `A document from template ${name} may have been produced, but the answer does not say which`,
			next: 'Do not run the item again before checking the workspace for it (see below).',
			mentions: [],
		});
	}
	if (!posted.ok) throw withUnmatchedKeys.call(this, posted.error, itemIndex, unmatchedInputKeys);
	// A link with user information is never output (nor followed): the download below meets the transport's refusal.
	// Every link absolute (null where it may not be followed), as Simplify's urls are.
	const answer = posted.value;
	const output = withAbsoluteLinks(answer, urlOf);
	// Produced: an error that stops the node later lists it (createdInBatch), so a rerun does not make it twice.
	lane.record({
		templateId,
		...(typeof answer.documentId === 'string'
			? { documentId: answer.documentId }
			: { document: output }),
	});
	// With Map Automatically the output names the item's keys that answered nothing (an `incomplete` document
	// without them would not say why).
	const produced: IDataObject = unmatchedInputKeys ? { ...output, unmatchedInputKeys } : output;

	const format = this.getNodeParameter('downloadFormat', itemIndex, 'none') as
		| DocumentFormat
		| 'none';
	if (format === 'none') return [{ json: produced }];
	const property = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	return [await downloadProduced.call(this, itemIndex, produced, format, property, answer, urlOf)];
}

/** One POST that changes something, sent in its turn by the operation itself (lane.send). */
export const work: Work = 'send';
