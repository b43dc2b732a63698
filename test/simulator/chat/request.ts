/**
 * Checks a chat completion request (contract, Chat completion request; Errors shape 2), in this order,
 * so a request with several problems always gets the same refusal:
 *   1. `tools` or `tool_choice` present, whatever the value     -> 400 tools_not_supported_yet
 *   2. `model` missing or not a string                          -> 400 invalid_request
 *      `model` not among the workspace's model list ids        -> 400 model_not_allowed
 *   3. `messages`: a non-empty array of { role, content }       -> 400 invalid_request naming the index
 *      the optional scalars (stream, stream_options, temperature, max_completion_tokens, max_tokens)
 *      have the wrong type                                      -> 400 invalid_request naming the field
 *   4. `response_format` this deployment cannot honour          -> 400 structured_output_unsupported
 * The workspace quota (5) is checked by the route, after these.
 */
import { HttpError } from '../responses';
import { allowedChatModel, type ChatModel } from '../routes/models';
import { checkResponseFormat, type OutputFormat } from './structured-output';

const CHAT_ROLES = ['system', 'user', 'assistant'] as const;
type ChatRole = (typeof CHAT_ROLES)[number];

interface ChatMessage {
	role: ChatRole;
	content: string;
}

export interface ChatRequest {
	model: ChatModel;
	messages: ChatMessage[];
	stream: boolean;
	/** stream_options.include_usage: a last chunk with `usage` before [DONE]. */
	includeUsage: boolean;
	/** max_completion_tokens when sent, else max_tokens, else null (contract: "preferred over max_tokens"). */
	cap: number | null;
	output: OutputFormat;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

function invalid(message: string): never {
	throw new HttpError(400, 'invalid_request', message);
}

/** null counts as absent for the optional fields, as OpenAI clients send it. */
const given = (value: unknown): boolean => value !== undefined && value !== null;

export function parseChatRequest(body: unknown, workspaceId: string): ChatRequest {
	if (!isObject(body)) invalid('The request body must be a JSON object: { model, messages, ... }.');

	// 1. Errors: "tools_not_supported_yet: `tools` or `tool_choice` sent" - any value, null included.
	const toolFields = ['tools', 'tool_choice'].filter((name) => Object.hasOwn(body, name));
	if (toolFields.length > 0) {
		throw new HttpError(
			400,
			'tools_not_supported_yet',
			`This deployment does not support tool calls yet: send the request without ${toolFields.join(' and ')}.`,
		);
	}

	// 2. Chat completion request: model is "an id returned by the model list".
	if (typeof body.model !== 'string') invalid('model is required: a model id from GET /v1/models.');
	const model = allowedChatModel(workspaceId, body.model);
	if (!model) {
		throw new HttpError(
			400,
			'model_not_allowed',
			`The model ${JSON.stringify(body.model)} is not allowed for API access in this workspace; use an id from GET /v1/models.`,
		);
	}

	// 3. messages: role system | user | assistant, content a string; the client sends the full array.
	const messages = checkMessages(body.messages);
	const stream = optionalBoolean(body.stream, 'stream') ?? false;
	const includeUsage = checkStreamOptions(body.stream_options);
	if (
		given(body.temperature) &&
		(typeof body.temperature !== 'number' || !Number.isFinite(body.temperature))
	)
		invalid('temperature must be a number.');
	const maxCompletionTokens = optionalCap(body.max_completion_tokens, 'max_completion_tokens');
	const maxTokens = optionalCap(body.max_tokens, 'max_tokens');

	// 4. response_format, forwarded verbatim to a deployment that honours text and a subset of json_schema.
	const output = checkResponseFormat(body.response_format);

	return {
		model,
		messages,
		stream,
		includeUsage,
		cap: maxCompletionTokens ?? maxTokens ?? null,
		output,
	};
}

function checkMessages(value: unknown): ChatMessage[] {
	if (!Array.isArray(value) || value.length === 0)
		invalid('messages must be a non-empty array of { role, content }.');
	return value.map((message, index) => {
		if (!isObject(message)) invalid(`messages[${index}] must be an object { role, content }.`);
		if (!(CHAT_ROLES as readonly unknown[]).includes(message.role)) {
			invalid(
				`messages[${index}].role must be one of ${CHAT_ROLES.join(', ')} (got ${JSON.stringify(message.role ?? null)}).`,
			);
		}
		if (typeof message.content !== 'string')
			invalid(`messages[${index}].content must be a string.`);
		return { role: message.role as ChatRole, content: message.content };
	});
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
	if (!given(value)) return undefined;
	if (typeof value !== 'boolean') invalid(`${name} must be true or false.`);
	return value;
}

function checkStreamOptions(value: unknown): boolean {
	if (!given(value)) return false;
	if (!isObject(value))
		invalid('stream_options must be an object such as { "include_usage": true }.');
	return optionalBoolean(value.include_usage, 'stream_options.include_usage') ?? false;
}

function optionalCap(value: unknown, name: string): number | undefined {
	if (!given(value)) return undefined;
	if (!Number.isInteger(value) || (value as number) < 1)
		invalid(`${name} must be a whole number of at least 1.`);
	return value as number;
}
