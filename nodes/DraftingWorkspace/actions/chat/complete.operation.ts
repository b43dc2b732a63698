import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Lane } from '../../pace/batch';
import { streamCompletion } from '../../../shared/chat/complete.api';
import {
	reasoningCapHint,
	toChatCompletion,
	usageCounts,
	type AggregatedCompletion,
} from '../../../shared/chat/completion';
import { RESPONSE_SCHEMA_FIELD } from '../../../shared/chat/optionFields';
import { chatOptionsOf } from '../../../shared/chat/options';
import { completionBody, type ChatMessage } from '../../../shared/chat/request';
import { jsonObjectParameter, type JsonObjectWording } from '../../../shared/common/jsonObject';
import { locatorValue } from '../../../shared/common/parameters';
import { POST_STAGE, type Work } from '../types';

export { description } from './completeFields';

const SCHEMA_WORDING: JsonObjectWording = {
	field: `The ${RESPONSE_SCHEMA_FIELD}`,
	syntaxHint: (detail) => detail,
	objectHint:
		'For example {"type": "object", "properties": {"summary": {"type": "string"}}, "required": ["summary"]}.',
};

function readMessages(this: IExecuteFunctions, itemIndex: number): ChatMessage[] {
	const values = (this.getNodeParameter('messages.values', itemIndex, []) as IDataObject[]) ?? [];
	const messages = values.map((value, index) => {
		const role = String(value.role ?? 'user');
		if (!['system', 'user', 'assistant'].includes(role))
			throw new NodeOperationError(this.getNode(), `Message ${index + 1} has the role "${role}"`, {
				description: 'A message role is system, user or assistant.',
				itemIndex,
			});
		const content =
			typeof value.content === 'string' ? value.content : JSON.stringify(value.content ?? '');
		return { role, content };
	});
	if (!messages.some((message) => message.role === 'user' && message.content.trim()))
		throw new NodeOperationError(this.getNode(), 'No user message to answer', {
			description:
				'Add a message with the role User and some content (it may come from an expression).',
			itemIndex,
		});
	return messages;
}

/**
 * POST /v1/chat/completions, always streamed from the service: the deltas are relayed to a streaming
 * execution as they come and added up into the answer otherwise. `tools` are never sent (the service
 * refuses them: tools_not_supported_yet).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
): Promise<INodeExecutionData[]> {
	// A locator ({ mode, value }), or a plain id an expression gives.
	const model = locatorValue(this.getNodeParameter('model', itemIndex, '', { extractValue: true }));
	if (!model)
		throw new NodeOperationError(this.getNode(), 'No model selected', {
			description:
				'Pick a model from the list, or enter its ID (Chat → List Models shows the ones the workspace allows).',
			itemIndex,
		});
	const messages = readMessages.call(this, itemIndex);
	const { jsonSchemaText, ...options } = chatOptionsOf((name, fallback) =>
		this.getNodeParameter(name, itemIndex, fallback),
	);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const cap = options.maxCompletionTokens;
	const wantsSchema = options.responseFormat === 'jsonSchema';
	const body = completionBody({
		model,
		messages,
		temperature: options.temperature,
		maxCompletionTokens: cap,
		jsonSchema: wantsSchema
			? {
					name: options.schemaName ?? 'answer',
					schema: jsonObjectParameter(this.getNode(), jsonSchemaText, itemIndex, SCHEMA_WORDING),
				}
			: undefined,
	});

	const aggregated = await lane.send(
		POST_STAGE,
		async () => await streamCompletion.call(this, body, itemIndex),
	);
	const hint = reasoningCapHint(aggregated, cap);
	if (!simplify) return [{ json: { ...toChatCompletion(aggregated), ...(hint ? { hint } : {}) } }];
	if (wantsSchema) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(aggregated.content);
		} catch {
			throw new NodeOperationError(
				this.getNode(),
				'The answer is not the JSON the schema asks for',
				{
					description: hint ?? `The model answered: ${aggregated.content.slice(0, 300)}`,
					itemIndex,
				},
			);
		}
		return [
			{
				json:
					parsed && typeof parsed === 'object' && !Array.isArray(parsed)
						? (parsed as IDataObject)
						: { data: parsed as IDataObject },
			},
		];
	}
	const json = simplifiedAnswer(aggregated, model);
	if (hint) json.hint = hint;
	return [{ json }];
}

/** The simplified text answer: every key camelCase, usage included (null when the service sent none). */
function simplifiedAnswer(aggregated: AggregatedCompletion, model: string): IDataObject {
	return {
		text: aggregated.content,
		finishReason: aggregated.finishReason,
		model: aggregated.model ?? model,
		usage: aggregated.usage ? { ...usageCounts(aggregated.usage) } : null,
	};
}

/** One POST that changes something, sent in its turn by the operation itself (lane.send). */
export const work: Work = 'send';
