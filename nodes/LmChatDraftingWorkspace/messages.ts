import type { Message } from '@n8n/ai-node-sdk';

import type { ChatMessage } from '../shared/chat/request';

/** n8n's chat messages → the service's `{ role, content }` messages. Pure: no I/O. */

export type MappedMessages =
	| { ok: true; messages: ChatMessage[] }
	| { ok: false; message: string; description: string };

export const TOOLS_REFUSAL = {
	message:
		'The Drafting Workspace Chat Model cannot use tools: connect it to a chain (Basic LLM Chain, Information Extractor) or to an AI Agent without tools',
	description:
		'The workspace\'s chat endpoint refuses tools (tools_not_supported_yet), so nothing was sent. Use the model in a Basic LLM Chain, an Information Extractor or another chain, or in an AI Agent with no tools connected (and without "Require Specific Output Format", which n8n turns into a tool). For a structured answer, set the model\'s Response Format to JSON Schema.',
};

/**
 * Text parts are joined as written; reasoning parts are left out (the service takes text only). A tool call or
 * result (a conversation from a tool-using agent) is refused before anything is sent, and so is a file or image.
 */
export function toChatMessages(messages: Message[]): MappedMessages {
	const mapped: ChatMessage[] = [];
	for (const message of messages) {
		if (message.role === 'tool') return { ok: false, ...TOOLS_REFUSAL };
		let text = '';
		for (const part of message.content) {
			if (part.type === 'text') text += part.text;
			else if (
				part.type === 'tool-call' ||
				part.type === 'tool-result' ||
				part.type === 'invalid-tool-call'
			)
				return { ok: false, ...TOOLS_REFUSAL };
			else if (part.type === 'file')
				return {
					ok: false,
					message: 'The Drafting Workspace Chat Model takes text only',
					description: `A ${message.role} message carries a file or image (${part.mediaType ?? 'unknown type'}); the workspace's chat endpoint accepts text messages only. Send the document's text instead (for example from Extract From File).`,
				};
		}
		mapped.push({ role: message.role, content: text });
	}
	if (!mapped.some((message) => message.role === 'user' && message.content.trim()))
		return {
			ok: false,
			message: 'No user message to answer',
			description:
				"The chain or agent sent no user message with text. Check its prompt (Source for Prompt, or the Prompt field's expression).",
		};
	return { ok: true, messages: mapped };
}
