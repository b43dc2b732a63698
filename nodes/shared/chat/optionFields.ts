import type { INodeProperties } from 'n8n-workflow';

/** What differs between the two nodes' chat options: their defaults (saved workflows rely on them). */
export interface ChatOptionDefaults {
	maxCompletionTokens: number;
	temperature: number;
	/** The Response Schema's example. */
	jsonSchema: string;
	schemaName: string;
}

const onlyWithJsonSchema = { show: { responseFormat: ['jsonSchema'] } };

/**
 * The Options both chat nodes show (Chat Completion's, the Chat Model's), written once so their names and order
 * stay the same; options.ts reads them. The editor shows a collection's options in this order, which
 * n8n's lint keeps alphabetical: Response Format comes before the Response Schema it controls. The defaults here
 * are Chat Completion's; the Chat Model keeps its own (`chatOptionsCollection`).
 */
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
		displayName: 'Response Format',
		name: 'responseFormat',
		type: 'options',
		default: 'text',
		description: 'Plain text, or JSON that matches a schema (the service checks it)',
		options: [
			{ name: 'Text', value: 'text' },
			{ name: 'JSON Schema', value: 'jsonSchema', description: 'The answer is JSON matching the Response Schema' },
		],
	},
	{
		displayName: 'Response Schema',
		name: 'jsonSchema',
		type: 'json',
		default:
			'{\n  "type": "object",\n  "properties": {\n    "summary": { "type": "string" }\n  },\n  "required": ["summary"],\n  "additionalProperties": false\n}',
		description: 'The JSON Schema every answer must match',
		displayOptions: onlyWithJsonSchema,
	},
	{
		displayName: 'Response Schema Name',
		name: 'schemaName',
		type: 'string',
		default: 'answer',
		description: 'A name for the schema: letters, digits, underscores and hyphens',
		displayOptions: onlyWithJsonSchema,
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

/** The Options collection, with a node's own defaults where they differ from Chat Completion's. */
export function chatOptionsCollection(overrides: Partial<INodeProperties>, defaults: Partial<ChatOptionDefaults> = {}): INodeProperties {
	const own: Record<string, unknown> = { ...defaults };
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: CHAT_OPTIONS.map((option) => (option.name in own ? { ...option, default: own[option.name] as INodeProperties['default'] } : option)),
		...overrides,
	};
}
