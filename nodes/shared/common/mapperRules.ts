import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * What the field mappers (Start Run's Input Fields, Produce From Template's Answers) tell a user about formats.
 * n8n 2.41 does not render a resource mapper's `hint`, and a mapper field has no description, so
 * a rule the field's type cannot show is carried by its label, and the notice above the mapper states them all.
 */

/** The rule a field's label carries when its type cannot show it (kept short: n8n cuts long mapper labels). */
export const LABEL_RULES = {
	choices: 'comma-separated',
	binaryField: 'binary field name',
	binaryFields: 'binary field names',
} as const;

export function labelWithRule(label: string, rule: (typeof LABEL_RULES)[keyof typeof LABEL_RULES] | undefined): string {
	return rule ? `${label} (${rule})` : label;
}

const SHARED_RULES = 'Dates: pick one or map yyyy-MM-dd. Choices: any letter case, several comma-separated.';

/** The notice above Produce From Template's answers (once a template is chosen). */
export const TEMPLATE_MAPPER_NOTICE = `${SHARED_RULES} Pictures: a binary field name (PNG or JPEG, 1 MB at most).`;

/** The notice above Start Run's input fields (once a workflow is chosen). */
export const RUN_MAPPER_NOTICE = `${SHARED_RULES} Documents: a binary field name (uploaded first) or an Upload output.`;

/**
 * The notice above a mapper, shown once the workflow or template that gives the mapper its fields is chosen
 * (`locator`), when the rules mean something.
 */
export function mapperNotice(name: string, text: string, show: NonNullable<IDisplayOptions['show']>, locator: string): INodeProperties {
	return {
		displayName: text,
		name,
		type: 'notice',
		default: '',
		displayOptions: { show: { ...show, [locator]: [{ _cnd: { exists: true } }] } },
	};
}
