/**
 * Assembling a document from its template recipe and the resolved answers (contract, What the
 * service does 2: answers validated, document assembled; no model involved), and writing it as
 * markdown. The content lists every answer too, so a client can check what was printed:
 * dates as yyyy-MM-dd, choices, defaults, the fixed workspace fields, and which answers were
 * left out (alternative wording) or are missing (status incomplete).
 */
import type {
	ContentBlock,
	DocumentContent,
	DocumentStatus,
	RecipeBlock,
	ResolvedAnswer,
} from './types';

function formatValue(answer: ResolvedAnswer): string {
	const value = answer.value;
	if (typeof value === 'boolean') return value ? 'yes' : 'no';
	if (Array.isArray(value)) return value.map(String).join(', ');
	if (value !== null && typeof value === 'object') return JSON.stringify(value);
	return String(value);
}

/** Printed as a value: posted, defaulted or fixed (not left out, not missing). */
function givenAnswer(answer: ResolvedAnswer | undefined): ResolvedAnswer | undefined {
	return answer &&
		(answer.source === 'answered' || answer.source === 'default' || answer.source === 'fixed')
		? answer
		: undefined;
}

const SOURCE_NOTES: Partial<Record<ResolvedAnswer['source'], string>> = {
	default: ' (default)',
	fixed: ' (fixed by the workspace)',
};

/** One line of the Answers list, e.g. `probation_months: 6 (default)`. */
function answerLine(answer: ResolvedAnswer): string {
	if (answer.source === 'missing') return `${answer.path}: not answered`;
	if (answer.source === 'left-out') return `${answer.path}: left out`;
	return `${answer.path}: ${formatValue(answer)}${SOURCE_NOTES[answer.source] ?? ''}`;
}

function fill(text: string, byPath: Map<string, ResolvedAnswer>): string {
	return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_match, path: string) => {
		const answer = byPath.get(path);
		const given = givenAnswer(answer);
		if (given) return formatValue(given);
		return answer?.source === 'missing' ? `[not answered: ${path}]` : `[not given: ${path}]`;
	});
}

export interface ContentInput {
	documentId: string;
	title: string;
	templateName: string;
	createdAt: string;
	status: DocumentStatus;
	unresolvedFields: string[];
	answers: ResolvedAnswer[];
	recipe: RecipeBlock[];
}

export function buildContent(input: ContentInput): DocumentContent {
	const byPath = new Map(input.answers.map((answer) => [answer.path, answer]));
	const unresolved =
		input.unresolvedFields.length > 0 ? ` Unanswered: ${input.unresolvedFields.join(', ')}.` : '';
	const blocks: ContentBlock[] = [
		{ kind: 'title', text: input.title },
		{
			kind: 'meta',
			text: `Produced from the template "${input.templateName}" on ${input.createdAt.slice(0, 10)}. Status: ${input.status}.${unresolved}`,
		},
	];
	for (const block of input.recipe) {
		if ('heading' in block) {
			blocks.push({ kind: 'heading', text: fill(block.heading, byPath) });
		} else if ('picture' in block) {
			// Rule 7: "Leaving a picture out prints the field's workspace picture when it has one" (a fixed default).
			const answer = givenAnswer(byPath.get(block.picture));
			if (answer?.picture) {
				blocks.push({
					kind: 'picture',
					text: `Picture: ${fill(block.caption, byPath)} (${formatValue(answer)})`,
					picture: answer.picture,
				});
			} else if (block.otherwise) {
				blocks.push({ kind: 'paragraph', text: fill(block.otherwise, byPath) });
			}
		} else if (block.when === undefined || givenAnswer(byPath.get(block.when))) {
			blocks.push({ kind: 'paragraph', text: fill(block.text, byPath) });
		} else if (block.otherwise) {
			// Rule 2: "A missing optional answer makes the document take its alternative wording."
			blocks.push({ kind: 'paragraph', text: fill(block.otherwise, byPath) });
		}
	}
	blocks.push({ kind: 'heading', text: 'Answers' });
	for (const answer of input.answers) blocks.push({ kind: 'item', text: answerLine(answer) });
	return { title: input.title, subject: `Document ${input.documentId}`, blocks };
}

export function toMarkdown(content: DocumentContent): string {
	const parts: string[] = [];
	let previous: ContentBlock['kind'] | null = null;
	for (const block of content.blocks) {
		const separator =
			previous === null ? '' : previous === 'item' && block.kind === 'item' ? '\n' : '\n\n';
		const line =
			block.kind === 'title'
				? `# ${block.text}`
				: block.kind === 'heading'
					? `## ${block.text}`
					: block.kind === 'meta' || block.kind === 'picture'
						? `_${block.text}_`
						: block.kind === 'item'
							? `- ${block.text}`
							: block.text;
		parts.push(separator, line);
		previous = block.kind;
	}
	return `${parts.join('')}\n`;
}
