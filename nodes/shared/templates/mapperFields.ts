import type { FieldType, IDataObject, ResourceMapperField } from 'n8n-workflow';

import { choiceListOptions } from '../common/choices';
import { enumOptions, fieldTypeOfJsonType, typeOf } from '../common/jsonSchema';
import { LABEL_RULES, labelWithRule } from '../common/mapperRules';
import { isPictureField, templateFields, type TemplateField } from './answers';

/**
 * Produce From Template's field mapper: one column per answerable field of the template's `inputSchema`, by
 * dotted path. Pure: no I/O. A column shows what the mapper can show (`dateTime` for dates) and puts the rule a
 * type cannot show in the label (`Benefits (comma-separated)`, `Photo (binary field name)`); the notice above the
 * mapper says it all.
 */

type Schema = IDataObject;

function fieldType(schema: Schema): FieldType | undefined {
	if (isPictureField(schema)) return undefined; // a binary property name
	if (Array.isArray(schema.enum)) return 'options';
	if (choiceListOptions(schema)) return undefined; // a list, or comma-separated option texts
	// n8n hands a dateTime back as it holds it (an ISO string, a Luxon DateTime): read by normaliseDateAnswer.
	if (schema.format === 'date') return 'dateTime';
	return fieldTypeOfJsonType(typeOf(schema));
}

function ruleOf(schema: Schema): (typeof LABEL_RULES)[keyof typeof LABEL_RULES] | undefined {
	if (isPictureField(schema)) return LABEL_RULES.binaryField;
	if (choiceListOptions(schema)) return LABEL_RULES.choices;
	return undefined;
}

function titleOf(field: TemplateField): string {
	return typeof field.schema.title === 'string' && field.schema.title ? field.schema.title : field.path;
}

/**
 * The label: the field's title, with its group (or dotted path) in front only where two fields share a title.
 * Defaults are pre-filled, and labels stay short, because n8n cuts long mapper labels at its default panel width.
 */
function labelsOf(fields: TemplateField[]): string[] {
	const titles = fields.map(titleOf);
	const shared = new Set(titles.filter((title, index) => titles.indexOf(title) !== index));
	return fields.map((field, index) => {
		const title = titles[index];
		if (!shared.has(title)) return title;
		const parent = field.group ?? field.path.split('.').slice(0, -1).join('.');
		return parent && title !== field.path ? `${parent}: ${title}` : field.path;
	});
}

/** The field mapper's columns, by dotted path; defaults shown, choices as options. */
export function templateMapperFields(root: Schema): ResourceMapperField[] {
	const fields = templateFields(root);
	const labels = labelsOf(fields);
	return fields.map((field, index) => {
		const column: ResourceMapperField = {
			id: field.path,
			displayName: labelWithRule(labels[index], ruleOf(field.schema)),
			required: field.required && field.schema.default === undefined,
			defaultMatch: false,
			display: true,
			canBeUsedToMatch: false,
		};
		const type = fieldType(field.schema);
		if (type) column.type = type;
		const choices = enumOptions(field.schema);
		if (choices) column.options = choices;
		const fallback = field.schema.default;
		if (['string', 'number', 'boolean'].includes(typeof fallback)) column.defaultValue = fallback as string | number | boolean;
		return column;
	});
}
