import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { Lane } from '../../../shared/common/batch';
import { streamCompletion } from '../../../shared/chat/complete.api';
import { reasoningCapHint, toChatCompletion } from '../../../shared/chat/completion';
import { readChatOptions } from '../../../shared/chat/options';
import { completionBody, type ChatMessage } from '../../../shared/chat/request';
import { jsonObjectParameter, type JsonObjectWording } from '../../../shared/common/jsonObject';
import { POST_STAGE } from '../types';

const show = { resource: ['chat'], operation: ['complete'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Model Name or ID',
		name: 'model',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getChatModels' },
		default: '',
		required: true,
		description:
			'A model the workspace allows for API access. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show },
	},
	{
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add message',
		default: { values: [{ role: 'user', content: '' }] },
		description: 'The whole conversation, sent every time (the service keeps no history)',
		displayOptions: { show },
		options: [
			{
				displayName: 'Message',
				name: 'values',
				values: [
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						default: 'user',
						options: [
							{ name: 'Assistant', value: 'assistant', description: 'An earlier answer of the model' },
							{ name: 'System', value: 'system', description: 'Instructions that shape every answer' },
							{ name: 'User', value: 'user', description: 'A message from the user' },
						],
					},
					{ displayName: 'Content', name: 'content', type: 'string', typeOptions: { rows: 3 }, default: '' },
				],
			},
		],
	},
	{
		displayName: 'Simplify Output',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return only the answer (text, or the parsed JSON for a JSON Schema response) instead of the whole chat.completion object',
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'JSON Schema',
				name: 'jsonSchema',
				type: 'json',
				default: '{\n  "type": "object",\n  "properties": {\n    "summary": { "type": "string" }\n  },\n  "required": ["summary"],\n  "additionalProperties": false\n}',
				description: 'The JSON Schema the answer must match (used when Response Format is JSON Schema)',
				displayOptions: { show: { responseFormat: ['jsonSchema'] } },
			},
			{
				displayName: 'Maximum Completion Tokens',
				name: 'maxCompletionTokens',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1024,
				description:
					'Cap on the answer\'s tokens (sent as max_completion_tokens). On a reasoning model it also covers the reasoning, so a small cap can leave the answer empty.',
			},
			{
				displayName: 'Response Format',
				name: 'responseFormat',
				type: 'options',
				default: 'text',
				options: [
					{ name: 'Text', value: 'text' },
					{ name: 'JSON Schema', value: 'jsonSchema', description: 'The answer is JSON matching a schema' },
				],
			},
			{
				displayName: 'Schema Name',
				name: 'schemaName',
				type: 'string',
				default: 'answer',
				description: 'A name for the schema (letters, digits, _ and -)',
				displayOptions: { show: { responseFormat: ['jsonSchema'] } },
			},
			{
				displayName: 'Temperature',
				name: 'temperature',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 2 },
				default: 1,
				description: 'Higher values make the answer more varied, lower values more focused',
			},
		],
	},
];

const SCHEMA_WORDING: JsonObjectWording = {
	field: 'The JSON Schema',
	syntaxHint: (detail) => detail,
	objectHint: 'For example {"type": "object", "properties": {"summary": {"type": "string"}}, "required": ["summary"]}.',
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
		const content = typeof value.content === 'string' ? value.content : JSON.stringify(value.content ?? '');
		return { role, content };
	});
	if (!messages.some((message) => message.role === 'user' && message.content.trim()))
		throw new NodeOperationError(this.getNode(), 'No user message to answer', {
			description: 'Add a message with the role User and some content (it may come from an expression).',
			itemIndex,
		});
	return messages;
}

/**
 * POST /v1/chat/completions, always streamed from the service: the deltas are relayed to a streaming
 * execution as they come and added up into the answer otherwise. `tools` are never sent (the service
 * refuses them: tools_not_supported_yet).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number, lane: Lane): Promise<INodeExecutionData[]> {
	const model = String(this.getNodeParameter('model', itemIndex, '')).trim();
	if (!model)
		throw new NodeOperationError(this.getNode(), 'No model selected', {
			description: 'Pick a model from the list (Chat → List Models shows the ones the workspace allows).',
			itemIndex,
		});
	const messages = readMessages.call(this, itemIndex);
	const { jsonSchemaText, ...options } = readChatOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const cap = options.maxCompletionTokens;
	const wantsSchema = options.responseFormat === 'jsonSchema';
	const body = completionBody({
		model,
		messages,
		temperature: options.temperature,
		maxCompletionTokens: cap,
		jsonSchema: wantsSchema
			? { name: options.schemaName ?? 'answer', schema: jsonObjectParameter(this.getNode(), jsonSchemaText, itemIndex, SCHEMA_WORDING) }
			: undefined,
	});

	const aggregated = await lane.send(POST_STAGE, async () => await streamCompletion.call(this, body, itemIndex));
	const hint = reasoningCapHint(aggregated, cap);
	if (!simplify) return [{ json: { ...toChatCompletion(aggregated), ...(hint ? { hint } : {}) } }];
	if (wantsSchema) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(aggregated.content);
		} catch {
			throw new NodeOperationError(this.getNode(), 'The answer is not the JSON the schema asks for', {
				description: hint ?? `The model answered: ${aggregated.content.slice(0, 300)}`,
				itemIndex,
			});
		}
		return [{ json: parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IDataObject) : { data: parsed as IDataObject } }];
	}
	const json: IDataObject = { text: aggregated.content, finishReason: aggregated.finishReason, model: aggregated.model ?? model };
	if (aggregated.usage) json.usage = aggregated.usage;
	if (hint) json.hint = hint;
	return [{ json }];
}
