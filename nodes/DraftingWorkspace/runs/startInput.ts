import type { FieldType, IDataObject, ResourceMapperField } from 'n8n-workflow';

import { booleanFromText } from '../mapper/booleanText';
import {
	choiceColumnOptions,
	choiceListOptions,
	readChoice,
	readChoiceList,
} from '../mapper/choices';
import { parseJsonText } from '../../shared/common/jsonObject';
import {
	coerceNumber,
	fieldTypeOfJsonType,
	isEmptyAnswer,
	propertiesOf,
	requiredOf,
	typeOf,
	type Coerced,
	type JsonSchemaObject,
} from '../mapper/jsonSchema';
import { getOwn, setOwn } from '../../shared/common/ownKeys';
import { DATE_COLUMN_TYPE, dateRule, LABEL_RULES, labelWithRule } from '../mapper/mapperRules';
import { normaliseDateAnswer } from '../mapper/dates';
import { isJsonObject, numberIn } from '../../shared/transport/answer';
import {
	coerceDocuments,
	isDocumentField,
	isDocumentListField,
	type PendingDocumentField,
} from './documentFields';

/**
 * The run input of a `kind: input` workflow, between its JSON Schema and n8n's field mapper. Pure: no I/O.
 * The API shows neither the schema envelope nor its field layout beyond `format: document`, so the
 * readers accept the schema itself or the common wrappers around it. Document fields: documentFields.ts.
 */

/** The object schema of the input, whether sent bare or wrapped (`{ schema }`, `{ jsonSchema }`). */
export function unwrapInputSchema(raw: unknown): JsonSchemaObject | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const schema = raw as JsonSchemaObject;
	if (schema.properties && typeof schema.properties === 'object') return schema;
	for (const key of ['schema', 'jsonSchema', 'json_schema', 'inputSchema']) {
		const inner = unwrapInputSchema(schema[key]);
		if (inner) return inner;
	}
	return undefined;
}

/** `choices`: the column's dropdown, if it has one (choiceColumnOptions). */
function fieldTypeOf(
	property: JsonSchemaObject,
	choices: unknown[] | undefined,
): FieldType | undefined {
	// Document fields take either id pairs or (later) binary property names: left untyped so n8n converts nothing.
	if (isDocumentField(property) || isDocumentListField(property)) return undefined;
	if (choices) return 'options';
	if (property.format === 'date') return DATE_COLUMN_TYPE;
	return fieldTypeOfJsonType(typeOf(property));
}

/** The field's name for a user: its title, else its key. Messages name it so, as the mapper does. */
function labelOf(name: string, property: JsonSchemaObject): string {
	return typeof property.title === 'string' && property.title ? property.title : name;
}

/**
 * The label: the field's title (n8n cuts long mapper labels at its default panel width, and a mapper field has no
 * description of its own), with the rule a field's type cannot show: `Contract (binary field)`.
 */
function displayNameOf(name: string, property: JsonSchemaObject): string {
	const title = labelOf(name, property);
	if (isDocumentListField(property)) return labelWithRule(title, LABEL_RULES.binaryFields);
	if (isDocumentField(property)) return labelWithRule(title, LABEL_RULES.binaryField);
	if (choiceListOptions(property)) return labelWithRule(title, LABEL_RULES.several);
	return labelWithRule(title, property.format === 'date' ? dateRule(title) : undefined);
}

/** The field mapper's columns: one per property, required ones marked, choices (one or several) as dropdowns. */
export function runInputFields(schema: JsonSchemaObject): ResourceMapperField[] {
	const required = requiredOf(schema);
	return Object.entries(propertiesOf(schema))
		.filter(
			([, property]) => property && typeof property === 'object' && property.readOnly !== true,
		)
		.map(([name, property]) => {
			const field: ResourceMapperField = {
				id: name,
				displayName: displayNameOf(name, property),
				required: required.has(name),
				defaultMatch: false,
				display: true,
				canBeUsedToMatch: false,
			};
			const options = choiceColumnOptions(property);
			const type = fieldTypeOf(property, options);
			if (type) field.type = type;
			if (options) field.options = options;
			return field;
		});
}

export interface InputProblem {
	field: string;
	/** The field as the mapper labels it (its title), for messages. */
	label: string;
	problem: string;
}

export interface BuiltRunInput {
	input: IDataObject;
	problems: InputProblem[];
	/** Document fields naming binary files: uploaded by the caller, then placed with `placeUploadedDocuments`. */
	pendingDocuments: PendingDocumentField[];
}

/** One value as its JSON type: choices in any letter case, several as a list or as text. */
function coerce(property: JsonSchemaObject, value: unknown): Coerced {
	const listOptions = choiceListOptions(property);
	if (listOptions) return readChoiceList(listOptions, value);
	if (Array.isArray(property.enum)) return readChoice(property.enum, value);
	switch (typeOf(property)) {
		case 'integer':
		case 'number':
			return coerceNumber(property, value);
		case 'boolean': {
			const answer = booleanFromText(value);
			return answer === undefined
				? { ok: false, problem: `must be true or false, got "${String(value)}"` }
				: { ok: true, value: answer };
		}
		case 'object':
		case 'array': {
			const parsed = parseJsonText(value);
			const wantArray = typeOf(property) === 'array';
			if (
				wantArray
					? Array.isArray(parsed)
					: parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
			)
				return { ok: true, value: parsed };
			return {
				ok: false,
				problem: `must be ${wantArray ? 'a list (JSON array)' : 'an object (JSON)'}`,
			};
		}
		default:
			if (property.format === 'date') {
				const date = normaliseDateAnswer(value, { monthAsWord: false });
				return date.ok ? { ok: true, value: date.value } : { ok: false, problem: date.problem };
			}
			return {
				ok: true,
				value:
					typeof value === 'string'
						? value
						: typeof value === 'object'
							? JSON.stringify(value)
							: String(value),
			};
	}
}

/**
 * The input object to post, from the mapper's values (or an item's JSON). Empty answers are left out;
 * values are converted to the schema's JSON types; missing required fields and unusable values are
 * reported together so the user fixes them in one go. With `ignoreUnknown`, keys the schema does not
 * know are skipped (an item's JSON carries other data); otherwise they are problems. A choice is read in any
 * letter case and always sent as one of its options (choices.ts).
 */
export function buildRunInput(
	schema: JsonSchemaObject,
	values: IDataObject,
	options: { ignoreUnknown?: boolean } = {},
): BuiltRunInput {
	const properties = propertiesOf(schema);
	const input: IDataObject = {};
	const problems: InputProblem[] = [];
	const pendingDocuments: PendingDocumentField[] = [];
	for (const [name, value] of Object.entries(values)) {
		const property = getOwn(properties, name) as JsonSchemaObject | undefined;
		if (!property) {
			if (!options.ignoreUnknown && !isEmptyAnswer(value))
				problems.push({
					field: name,
					label: name,
					problem: "is not in the workflow's input schema any more (refresh the field list)",
				});
			continue;
		}
		if (isEmptyAnswer(value) || property.readOnly === true) continue;
		const isDocuments = isDocumentField(property) || isDocumentListField(property);
		const coerced = isDocuments
			? coerceDocuments(name, property, value, pendingDocuments)
			: coerce(property, value);
		// Nothing to send in a value that looked filled (", "): left out, as an empty field.
		if (!coerced || (coerced.ok && isEmptyAnswer(coerced.value))) continue;
		if (coerced.ok) setOwn(input, name, coerced.value);
		else problems.push({ field: name, label: labelOf(name, property), problem: coerced.problem });
	}
	const answered = new Set([
		...Object.keys(input),
		...pendingDocuments.map((pending) => pending.field),
	]);
	for (const name of requiredOf(schema)) {
		if (!answered.has(name) && !problems.some((problem) => problem.field === name))
			problems.push({
				field: name,
				label: labelOf(name, (getOwn(properties, name) as JsonSchemaObject | undefined) ?? {}),
				problem: 'is required but empty',
			});
	}
	return { input, problems, pendingDocuments };
}

/** "Counterparty is required but empty; Term (months) must be a number…": each field under its label. */
export function describeProblems(problems: InputProblem[]): string {
	return problems.map((problem) => `${problem.label} ${problem.problem}`).join('; ');
}

/** `agent` or `input` (the API's entry step kind), from the first step of the detail. */
export function entryKindOf(detail: IDataObject): string | undefined {
	// The step layout is not in the contract: entries that are not objects are no steps.
	const steps = Array.isArray(detail.steps) ? (detail.steps as unknown[]).filter(isJsonObject) : [];
	const order = (step: IDataObject) => numberIn(step.index ?? 0) || 0;
	const sorted = [...steps].sort((a, b) => order(a) - order(b));
	const entryStep = isJsonObject(detail.entryStep) ? detail.entryStep : undefined;
	const kind = sorted[0]?.kind ?? detail.entryKind ?? entryStep?.kind;
	return typeof kind === 'string' ? kind : undefined;
}
