import type { IDataObject, ResourceMapperField } from 'n8n-workflow';

import { entryKindOf, unwrapInputSchema } from './startInput';

/**
 * Run → Start's Input Mode "From the Workflow's Entry Step": the contract says a
 * workflow whose entry step is `kind: agent` takes a plain string, one whose entry step is `kind: input` an object
 * matching its input schema. The workflow detail says which; the node reads it (once per execution and workflow)
 * and sends the text or the fields, and the mapper offers one text column or the form's fields. Pure.
 */
export type EntryInput = 'text' | 'fields';

/** The mapper's one column for a workflow that starts with an agent step: the text the agent receives. */
export const ENTRY_TEXT_FIELD: ResourceMapperField = {
	id: 'text',
	displayName: 'Input Text',
	type: 'string',
	required: true,
	defaultMatch: false,
	display: true,
	canBeUsedToMatch: false,
};

/**
 * What the workflow's entry step takes: text for an agent step, fields for an input step; a detail that names
 * neither (its step layout is not in the contract) takes fields when it carries an input schema. Undefined when
 * nothing tells.
 */
export function entryInputOf(detail: IDataObject): EntryInput | undefined {
	const kind = entryKindOf(detail)?.toLowerCase();
	if (kind === 'agent') return 'text';
	if (kind === 'input') return 'fields';
	return unwrapInputSchema(detail.inputSchema) ? 'fields' : undefined;
}
