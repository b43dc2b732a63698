/**
 * The `input` of a production request against the template's inputSchema (contract, Template
 * production 1-8). Three passes, in the order the service answers them:
 *
 *   fixedFieldProblems  rule 5: any readOnly field posted -> 400 field_fixed (checked first)
 *   checkAnswers        rules 1, 2, 3, 4, 6, 7: every failing path at once -> 400 input_validation_failed
 *   resolveAnswers      rule 2 (defaults, alternative wording) and rule 8 (unresolvedFields): resolve-answers.ts
 */
import { readDate } from './dates';
import { readPicture, type Picture } from './pictures';
import {
	isDateNode,
	isObjectNode,
	isPictureNode,
	isPlainObject,
	isReadOnly,
	itemsOf,
	joinPath,
	optionsOf,
	propertyOf,
	type SchemaNode,
} from './schema';

export interface InputProblem {
	path: string;
	message: string;
}

// ---- Rule 5: fixed fields ----------------------------------------------------------------------

const FIXED_MESSAGE =
	'is fixed by the workspace (readOnly): leave it out, the document prints the workspace value';

/** The posted paths inside a fixed field: its own fields when every posted key is one, else the field itself. */
function fixedPathsWithin(node: SchemaNode, value: unknown, path: string): string[] {
	if (isObjectNode(node) && isPlainObject(value)) {
		const keys = Object.keys(value);
		if (keys.length > 0 && keys.every((key) => propertyOf(node, key))) {
			return keys.flatMap((key) =>
				fixedPathsWithin(propertyOf(node, key) as SchemaNode, value[key], joinPath(path, key)),
			);
		}
	}
	return [path];
}

/** Rule 5: "Fields the workspace fixes (readOnly: true ...) must not be posted: 400 field_fixed." */
export function fixedFieldProblems(
	schema: SchemaNode,
	input: Record<string, unknown>,
): InputProblem[] {
	const paths: string[] = [];
	const walk = (node: SchemaNode, value: Record<string, unknown>, path: string): void => {
		for (const key of Object.keys(value)) {
			const child = propertyOf(node, key);
			if (!child) continue; // unknown keys are rule 6
			const childPath = joinPath(path, key);
			if (isReadOnly(child)) paths.push(...fixedPathsWithin(child, value[key], childPath));
			else if (isObjectNode(child) && isPlainObject(value[key]))
				walk(child, value[key] as Record<string, unknown>, childPath);
		}
	};
	walk(schema, input, '');
	return paths.map((path) => ({ path, message: FIXED_MESSAGE }));
}

// ---- Rules 1, 2, 3, 4, 6, 7: the answers themselves ------------------------------------------

export interface CheckedAnswers {
	problems: InputProblem[];
	/** The input with dates normalised to yyyy-MM-dd (meaningful only without problems). */
	value: Record<string, unknown>;
	/** Decoded pictures by dotted path. */
	pictures: Map<string, Picture>;
}

const quoteAll = (options: string[]): string =>
	options.map((option) => JSON.stringify(option)).join(', ');

/** Rule 1: a dotted key posted flat is unknown; say how to nest it. */
function unknownKeyMessage(key: string): string {
	if (!key.includes('.')) return 'is not a field of this template (leave it out)';
	const parts = key.split('.');
	const nested = parts.reduceRight<string>(
		(inner, part) => `{${JSON.stringify(part)}:${inner}}`,
		'…',
	);
	return `is not a field of this template: keys are nested, post ${nested} inside input instead of ${JSON.stringify(key)}`;
}

/** Rule 2: "An empty value is refused" - the message tells the client to leave the field out instead. */
function emptyMessage(value: unknown): string | null {
	if (value === null) return 'must be left out when there is no answer (null is refused)';
	if (typeof value === 'string' && value.trim() === '')
		return 'must not be empty or blank (leave the field out when there is no answer)';
	if (Array.isArray(value) && value.length === 0)
		return 'must not be an empty list (leave the field out when nothing is chosen)';
	if (isPlainObject(value) && Object.keys(value).length === 0)
		return 'must not be an empty object (leave it out when there is no answer)';
	return null;
}

function numberProblem(node: SchemaNode, value: unknown): string | null {
	const integer = node.type === 'integer';
	// Rule 4: "Numbers ... are JSON numbers": "12" is text, whatever it spells.
	if (typeof value !== 'number')
		return `must be ${integer ? 'a whole number' : 'a number'} (a JSON number, not text)`;
	if (integer && !Number.isInteger(value)) return 'must be a whole number';
	if (typeof node.minimum === 'number' && value < node.minimum)
		return `must be at least ${node.minimum}`;
	if (typeof node.maximum === 'number' && value > node.maximum)
		return `must be at most ${node.maximum}`;
	if (typeof node.exclusiveMinimum === 'number' && value <= node.exclusiveMinimum)
		return `must be more than ${node.exclusiveMinimum}`;
	if (typeof node.exclusiveMaximum === 'number' && value >= node.exclusiveMaximum)
		return `must be less than ${node.exclusiveMaximum}`;
	return null;
}

class AnswerChecker {
	readonly problems: InputProblem[] = [];
	readonly pictures = new Map<string, Picture>();

	private problem(path: string, message: string): undefined {
		this.problems.push({ path, message });
		return undefined;
	}

	/** Checks the keys of an object answer (or of the whole input) and returns the normalised object. */
	object(node: SchemaNode, value: Record<string, unknown>, path: string): Record<string, unknown> {
		const out: Record<string, unknown> = {};
		for (const key of Object.keys(value)) {
			const child = propertyOf(node, key);
			const childPath = joinPath(path, key);
			if (!child) {
				// Rule 6: an unknown key (the fixture schemas say additionalProperties: false at every level).
				if (node.additionalProperties === false) this.problem(childPath, unknownKeyMessage(key));
				continue;
			}
			const normalised = this.answer(child, value[key], childPath);
			if (normalised !== undefined) out[key] = normalised;
		}
		return out;
	}

	answer(node: SchemaNode, value: unknown, path: string): unknown {
		const empty = emptyMessage(value);
		if (empty) return this.problem(path, empty);
		if (isObjectNode(node)) {
			if (!isPlainObject(value))
				return this.problem(path, 'must be an object (its fields nested inside it)');
			return this.object(node, value, path);
		}
		switch (node.type) {
			case 'string':
				return this.string(node, value, path);
			case 'number':
			case 'integer': {
				const problem = numberProblem(node, value);
				return problem ? this.problem(path, problem) : value;
			}
			case 'boolean':
				// Rule 4: "yes/no values are JSON ... booleans": "true" is text.
				return typeof value === 'boolean'
					? value
					: this.problem(path, 'must be true or false (a JSON boolean, not text)');
			case 'array':
				return this.array(node, value, path);
			default:
				return value; // a schema without a type takes any JSON value
		}
	}

	private string(node: SchemaNode, value: unknown, path: string): unknown {
		const options = optionsOf(node);
		if (options) {
			// Rule 4: "A choice is posted exactly as its option text" (case-sensitive, one option).
			return typeof value === 'string' && options.includes(value)
				? value
				: this.problem(
						path,
						`must be exactly one of the options: ${quoteAll(options)} (case-sensitive)`,
					);
		}
		if (typeof value !== 'string')
			return this.problem(
				path,
				isPictureNode(node) ? 'must be a picture as base64 text' : 'must be a string',
			);
		if (isDateNode(node)) {
			const date = readDate(value); // rule 3
			return date.ok ? date.date : this.problem(path, date.message);
		}
		if (isPictureNode(node)) {
			const picture = readPicture(value); // rule 7
			if (!picture.ok) return this.problem(path, picture.message);
			this.pictures.set(path, picture.picture);
			return value;
		}
		if (typeof node.minLength === 'number' && value.length < node.minLength)
			return this.problem(path, `must be at least ${node.minLength} characters long`);
		if (typeof node.maxLength === 'number' && value.length > node.maxLength)
			return this.problem(path, `must be at most ${node.maxLength} characters long`);
		return value;
	}

	private array(node: SchemaNode, value: unknown, path: string): unknown {
		const items = itemsOf(node);
		const options = optionsOf(items);
		// Rule 4: "Several choices are posted as an array" - a lone option text is not one.
		if (!Array.isArray(value))
			return this.problem(
				path,
				options
					? `must be an array of option texts (several choices from ${quoteAll(options)})`
					: 'must be an array',
			);
		const before = this.problems.length;
		const out = value.map((item, index) =>
			items ? this.answer(items, item, joinPath(path, index)) : item,
		);
		if (typeof node.minItems === 'number' && value.length < node.minItems)
			this.problem(path, `must contain at least ${node.minItems} items`);
		if (typeof node.maxItems === 'number' && value.length > node.maxItems)
			this.problem(path, `must contain at most ${node.maxItems} items`);
		if (node.uniqueItems === true) {
			const seen = new Set<string>();
			const repeated = value
				.map((item) => JSON.stringify(item))
				.filter((item) => (seen.has(item) ? true : (seen.add(item), false)));
			if (repeated.length > 0)
				this.problem(
					path,
					`must not repeat a choice (${[...new Set(repeated)].join(', ')} given more than once)`,
				);
		}
		return this.problems.length === before ? out : undefined;
	}
}

/** Rules 1-4, 6, 7: every failing path is named (the check never stops at the first). */
export function checkAnswers(schema: SchemaNode, input: Record<string, unknown>): CheckedAnswers {
	const checker = new AnswerChecker();
	const value = checker.object(schema, input, '');
	return { problems: checker.problems, value, pictures: checker.pictures };
}

/** The whole-input description used in messages: "employee.start_date must be ...; role must be ...". */
export function summarise(problems: InputProblem[]): string {
	return problems.map((problem) => `${problem.path} ${problem.message}`).join('; ');
}
