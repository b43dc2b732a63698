import type { FieldType, IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * What the field mappers (Start Run's Input Fields, Produce From Template's Answers) tell a user about formats.
 * n8n 2.41 does not render a resource mapper's `hint`, and a mapper field has no description, so
 * a rule the field's type cannot show is carried by its label, and the notice above the mapper states them all.
 */

/**
 * The rule a field's label carries when its type cannot show it. Kept to a word or two: n8n cuts a mapper label
 * that does not fit its column (at 1440 px, about 28 characters), and the notice above says the rest.
 */
export const LABEL_RULES = {
	date: 'yyyy-MM-dd',
	dateShort: 'date',
	binaryField: 'binary',
	binaryFields: 'binary fields',
	several: 'several: Expression',
} as const;

export type LabelRule = (typeof LABEL_RULES)[keyof typeof LABEL_RULES];

export function labelWithRule(label: string, rule: LabelRule | undefined): string {
	return rule ? `${label} (${rule})` : label;
}

/**
 * The longest label with a date rule that shows in full: a required column's label is cut sooner than a removable
 * one's (its asterisk takes the room), after about 24 characters at 1440 px (measured: "Effective date
 * (yyyy-MM-dd)", 27, was cut; "Start date (yyyy-MM-dd)", 23, was not).
 */
const MAX_DATE_LABEL_LENGTH = 24;

/** A date field's rule: its form when the label still fits, else "date" (the notice and any refusal give the form). */
export function dateRule(label: string): LabelRule {
	return `${label} (${LABEL_RULES.date})`.length <= MAX_DATE_LABEL_LENGTH
		? LABEL_RULES.date
		: LABEL_RULES.dateShort;
}

/**
 * A date column is text, not n8n's `dateTime`: the editor's date-time picker (Element Plus, display format
 * "YYYY-MM-DD HH:mm:ss") drops a date typed without a time, so `2026-03-01` vanished on Tab or Enter. As text, the
 * date stays as typed, and the node checks it before sending (templates/dates.ts), naming the field.
 */
export const DATE_COLUMN_TYPE: FieldType = 'string';

const SHARED_RULES =
	'Dates: yyyy-MM-dd. Choices: any letter case; several via Expression, e.g. Health, Gym.';

/** The notice above Produce From Template's answers (once a template is chosen). */
export const TEMPLATE_MAPPER_NOTICE = `${SHARED_RULES} Pictures: a binary field name (PNG or JPEG, 1 MB at most).`;

/** The notice above Start Run's input fields (once a workflow is chosen). */
export const RUN_MAPPER_NOTICE = `${SHARED_RULES} Documents: a binary field name (uploaded first) or an Upload output.`;

/** The same, shorter, above "From the Workflow's Entry Step", which shows an agent's text or a form's fields. */
export const RUN_ENTRY_STEP_NOTICE =
	'Input form fields: dates yyyy-MM-dd; choices in any letter case, several via Expression; documents: a binary field name or an Upload output.';

/**
 * The notice above a mapper, shown once the workflow or template that gives the mapper its fields is chosen
 * (`locator`), when the rules mean something.
 */
export function mapperNotice(
	name: string,
	text: string,
	show: NonNullable<IDisplayOptions['show']>,
	locator: string,
): INodeProperties {
	return {
		displayName: text,
		name,
		type: 'notice',
		default: '',
		displayOptions: { show: { ...show, [locator]: [{ _cnd: { exists: true } }] } },
	};
}
