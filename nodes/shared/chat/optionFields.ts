import type { INodeProperties } from 'n8n-workflow';

/** What differs between the two nodes' chat parameters: their defaults (saved workflows rely on them). */
export interface ChatOptionDefaults {
	maxCompletionTokens: number;
	temperature: number;
	/** The Response Schema's example. */
	jsonSchema: string;
	schemaName: string;
}

/**
 * The chat parameters both chat nodes show (Chat Completion's, the Chat Model's), written once so their names and
 * order stay the same; options.ts reads them. Response Format and its Response Schema are fields of their own, not
 * Options: an option n8n shows only once added, so choosing JSON Schema under Options left the schema hidden under
 * "Add option", and the run failed on a schema nobody had seen. As fields, the schema (pre-filled with an example)
 * appears right below Response Format when JSON Schema is chosen. The defaults here are Chat Completion's; the
 * Chat Model keeps its own.
 */

/** The field that names a chat node's schema, for messages: where to find it. */
export const RESPONSE_SCHEMA_FIELD = 'Response Schema (below Response Format)';

const CHAT_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Maximum Completion Tokens',
		name: 'maxCompletionTokens',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1024,
		description:
			'The most tokens an answer may use, sent as max_completion_tokens. A reasoning model spends part of it on reasoning: too small a cap leaves the answer empty.',
	},
	{
		displayName: 'Sampling Temperature',
		name: 'temperature',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 2 },
		default: 1,
		description: 'Lower is more focused and repeatable, higher is more varied',
	},
];

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

const WITH_JSON_SCHEMA = { show: { responseFormat: ['jsonSchema'] } };

/** Response Format, and the Response Schema and its name shown below it when JSON Schema is chosen. */
const RESPONSE_FORMAT_FIELDS: INodeProperties[] = [
	{
		displayName: 'Response Format',
		name: 'responseFormat',
		type: 'options',
		default: 'text',
		description: 'Plain text, or JSON that matches a schema (the service checks it)',
		options: [
			{ name: 'Text', value: 'text' },
			{
				name: 'JSON Schema',
				value: 'jsonSchema',
				description: 'The answer is JSON matching the Response Schema',
			},
		],
	},
	{
		displayName: 'Response Schema',
		name: 'jsonSchema',
		type: 'json',
		default:
			'{\n  "type": "object",\n  "properties": {\n    "summary": { "type": "string" }\n  },\n  "required": ["summary"],\n  "additionalProperties": false\n}',
		description: 'The JSON Schema every answer must match',
		displayOptions: WITH_JSON_SCHEMA,
	},
	{
		displayName: 'Response Schema Name',
		name: 'schemaName',
		type: 'string',
		default: 'answer',
		description: 'A name for the schema: letters, digits, underscores and hyphens',
		displayOptions: WITH_JSON_SCHEMA,
	},
];

/** The Response Format fields for a node: shown with its operation (`show`), with its own defaults. */
export function responseFormatFields(
	show: Show = {},
	defaults: Partial<ChatOptionDefaults> = {},
): INodeProperties[] {
	const own: Record<string, unknown> = { ...defaults };
	return RESPONSE_FORMAT_FIELDS.map((field) => ({
		...field,
		...(field.name in own ? { default: own[field.name] as INodeProperties['default'] } : {}),
		...(Object.keys(show).length
			? { displayOptions: { show: { ...show, ...(field.displayOptions?.show ?? {}) } } }
			: {}),
	}));
}

/** The Options collection, with a node's own defaults where they differ from Chat Completion's. */
export function chatOptionsCollection(
	overrides: Partial<INodeProperties>,
	defaults: Partial<ChatOptionDefaults> = {},
): INodeProperties {
	const own: Record<string, unknown> = { ...defaults };
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: CHAT_OPTIONS.map((option) =>
			option.name in own
				? { ...option, default: own[option.name] as INodeProperties['default'] }
				: option,
		),
		...overrides,
	};
}
