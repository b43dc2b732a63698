/**
 * Checks the `input` of a start-run request (contract, Start-run request), in this order:
 *   1. an agent entry takes a non-empty string; an input entry takes an object (400 invalid_input);
 *   2. document fields: a bare id, or an array holding one, is 400 document_field_invalid_format;
 *   3. the workflow's input schema (JSON Schema 2020-12, every error at once): 400 invalid_input
 *      with `details`, one entry per failing field, in plain words;
 *   4. every referenced document exists in the tenant (400 document_not_found) and is `ready`
 *      (400 document_not_ready).
 * The schema check is input-schema.ts; finding the document fields, document-fields.ts.
 */
import { findInputDocument, type InputDocumentRecord } from '../input-documents';
import { HttpError } from '../responses';
import type { SimulatorState } from '../state';
import type { JsonSchema, StepKind } from '../types';
import { bareIdProblems, documentSlots, references } from './document-fields';
import { isObject, schemaProblems, type FieldDetail } from './input-schema';

export interface DocumentUse {
	/** The schema field (dotted, no indexes), e.g. 'documents'. */
	field: string;
	/** Where in the input, e.g. 'documents.1'. */
	path: string;
	record: InputDocumentRecord;
}

function invalidInput(message: string, details: FieldDetail[]): HttpError {
	return new HttpError(400, 'invalid_input', message, { details });
}

/** Throws the refusal, or returns the documents the run uses (in input order). */
export function checkStartInput(
	state: SimulatorState,
	workspaceId: string,
	entryKind: StepKind,
	schema: JsonSchema | null,
	input: unknown,
): DocumentUse[] {
	if (entryKind === 'agent') {
		if (typeof input !== 'string' || input.trim() === '') {
			throw invalidInput(
				'This workflow starts with an agent step: input must be a non-empty string.',
				[{ field: 'input', message: 'must be text: this workflow starts with an agent step' }],
			);
		}
		return [];
	}

	if (!isObject(input)) {
		throw invalidInput(
			'This workflow starts with an input step: input must be an object matching its input schema.',
			[
				{
					field: 'input',
					message:
						'must be an object matching the input schema: this workflow starts with an input step',
				},
			],
		);
	}
	const slots = schema ? documentSlots(schema, input) : [];

	const bareIds = bareIdProblems(slots);
	if (bareIds.length > 0) {
		throw new HttpError(
			400,
			'document_field_invalid_format',
			`A document field takes an object with both documentId and documentVersionId (from the upload response); a single id is refused: ${bareIds.map((detail) => detail.field).join(', ')}.`,
			{ details: bareIds },
		);
	}

	const problems = schema ? schemaProblems(schema, input) : [];
	if (problems.length > 0) {
		const summary = problems.map((detail) => `${detail.field} ${detail.message}`).join('; ');
		const count = problems.length === 1 ? '1 field' : `${problems.length} fields`;
		throw invalidInput(
			`The input does not match the input schema of this workflow (${count}): ${summary}.`,
			problems,
		);
	}

	const uses: DocumentUse[] = [];
	const missing: Record<string, string>[] = [];
	const notReady: Record<string, string>[] = [];
	for (const ref of references(slots)) {
		const record = findInputDocument(state, workspaceId, ref.documentId);
		if (!record || record.documentVersionId !== ref.documentVersionId) {
			missing.push({
				field: ref.path,
				documentId: ref.documentId,
				documentVersionId: ref.documentVersionId,
				message: 'no uploaded document with this id and version in this workspace',
			});
		} else if (record.status !== 'ready') {
			notReady.push({
				field: ref.path,
				documentId: ref.documentId,
				status: record.status,
				message:
					record.status === 'processing'
						? 'is still processing; start the run once its status is ready'
						: `failed ingestion (${record.processingError}); upload it again`,
			});
		} else {
			uses.push({ field: ref.field, path: ref.path, record });
		}
	}
	if (missing.length > 0) {
		throw new HttpError(
			400,
			'document_not_found',
			`Referenced document not found: ${missing.map((detail) => detail.documentId).join(', ')}.`,
			{ details: missing },
		);
	}
	if (notReady.length > 0) {
		throw new HttpError(
			400,
			'document_not_ready',
			`Referenced document not ready: ${notReady.map((detail) => `${detail.documentId} (${detail.status})`).join(', ')}.`,
			{ details: notReady },
		);
	}
	return uses;
}
