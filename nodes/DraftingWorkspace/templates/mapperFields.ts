import type { FieldType, IDataObject, ResourceMapperField } from 'n8n-workflow';

import { choiceColumnOptions, choiceListOptions } from '../mapper/choices';
import { fieldTypeOfJsonType, typeOf } from '../mapper/jsonSchema';
import {
	DATE_COLUMN_TYPE,
	dateRule,
	LABEL_RULES,
	labelWithRule,
	type LabelRule,
} from '../mapper/mapperRules';
import { isPictureField, templateFields, type AnswerProblem, type TemplateField } from './answers';

/**
 * Produce From Template's field mapper: one column per answerable field of the template's `inputSchema`, by
 * dotted path. Pure: no I/O. A column shows what the mapper can show (a dropdown for one choice) and puts the rule a
 * type cannot show in the label (`Start date (yyyy-MM-dd)`, `Benefits (several: Expression)`, `Photo (binary)`);
 * the notice above the mapper says it all.
 */

type Schema = IDataObject;

/** `choices`: the column's dropdown, if it has one (choiceColumnOptions). */
function fieldType(schema: Schema, choices: unknown[] | undefined): FieldType | undefined {
	if (isPictureField(schema)) return undefined; // a binary property name
	if (choices) return 'options';
	if (schema.format === 'date') return DATE_COLUMN_TYPE;
	return fieldTypeOfJsonType(typeOf(schema));
}

function ruleOf(schema: Schema, label: string): LabelRule | undefined {
	if (isPictureField(schema)) return LABEL_RULES.binaryField;
	if (choiceListOptions(schema)) return LABEL_RULES.several;
	if (schema.format === 'date') return dateRule(label);
	return undefined;
}

function titleOf(field: TemplateField): string {
	return typeof field.schema.title === 'string' && field.schema.title
		? field.schema.title
		: field.path;
}

/**
 * The label without its rule: the field's title, with its group (or dotted path) in front only where two fields
 * share a title. It names the field in the mapper and in the node's messages. Defaults are pre-filled, and labels
 * stay short, because n8n cuts long mapper labels at its default panel width.
 */
function templateFieldLabels(fields: TemplateField[]): string[] {
	const titles = fields.map(titleOf);
	const shared = new Set(titles.filter((title, index) => titles.indexOf(title) !== index));
	return fields.map((field, index) => {
		const title = titles[index];
		if (!shared.has(title)) return title;
		const parent = field.group ?? field.path.split('.').slice(0, -1).join('.');
		return parent && title !== field.path ? `${parent}: ${title}` : field.path;
	});
}

/** The field mapper's columns, by dotted path; defaults shown, choices (one or several) as dropdowns. */
export function templateMapperFields(root: Schema): ResourceMapperField[] {
	const fields = templateFields(root);
	const labels = templateFieldLabels(fields);
	return fields.map((field, index) => {
		const column: ResourceMapperField = {
			id: field.path,
			displayName: labelWithRule(labels[index], ruleOf(field.schema, labels[index])),
			required: field.required && field.schema.default === undefined,
			defaultMatch: false,
			display: true,
			canBeUsedToMatch: false,
		};
		const choices = choiceColumnOptions(field.schema);
		const type = fieldType(field.schema, choices);
		if (type) column.type = type;
		if (choices) column.options = choices;
		const fallback = field.schema.default;
		if (['string', 'number', 'boolean'].includes(typeof fallback))
			column.defaultValue = fallback as string | number | boolean;
		return column;
	});
}

/** "Start date "01/03/2026" is not a date…; Benefits has…": each problem under the label the mapper shows. */
export function describeAnswerProblems(root: Schema, problems: AnswerProblem[]): string {
	const fields = templateFields(root);
	const labels = templateFieldLabels(fields);
	const labelOf = new Map(fields.map((field, index) => [field.path, labels[index]]));
	return problems
		.map((problem) => `${labelOf.get(problem.path) ?? problem.path} ${problem.problem}`)
		.join('; ');
}
