/**
 * Fixture document types, templates and the one document made in the app. Rebuilt on every reset
 * (fresh objects, so an admin patch never outlives a reset). Their ids are in fixture-ids.ts; the offer
 * letter's schema and recipe in offer-letter.ts.
 *
 * | Template | Tenant | Notes |
 * |---|---|---|
 * | tpl_offer_letter "Employment offer letter" | acme | every inputSchema convention: nesting, date, number, boolean, picture, one choice, several choices, default, optional with alternative wording, fixed object and fixed workspace picture, x-groups |
 * | tpl_board_resolution "Board resolution" | acme | requiresReview |
 * | tpl_nda_short "Short NDA" | acme | needsAttention (usable, flagged) |
 * | tpl_retired "Retired engagement letter" | acme | inactive: never listed, 404 |
 * | tpl_partner_only "Partner remuneration memo" | acme | restricted to usr_alice |
 * | tpl_globex_memo "Globex internal memo" | globex | another tenant |
 */
import { FIXTURE_IDS } from '../fixtures';
import type { JsonSchema } from '../types';
import { APP_DOCUMENT_IDS, DOCUMENT_TYPE_IDS, TEMPLATE_IDS } from './fixture-ids';
import { OFFER_LETTER_RECIPE, SCHEMA_DIALECT, offerLetterSchema } from './offer-letter';
import type { DocumentTypeRecord, TemplateRecord } from './types';

const ACME = FIXTURE_IDS.workspaces.acme;
const GLOBEX = FIXTURE_IDS.workspaces.globex;
/** A flat schema: `additionalProperties: false`, the given properties and required names. */
function flatSchema(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
	return {
		$schema: SCHEMA_DIALECT,
		type: 'object',
		additionalProperties: false,
		required,
		properties,
	};
}

const CREATED_AT = '2025-11-03T09:00:00.000Z';

function template(
	spec: Omit<
		TemplateRecord,
		'active' | 'restrictedToUserIds' | 'requiresReview' | 'needsAttention' | 'createdAt'
	> &
		Partial<TemplateRecord>,
): TemplateRecord {
	return {
		active: true,
		restrictedToUserIds: null,
		requiresReview: false,
		needsAttention: false,
		createdAt: CREATED_AT,
		...spec,
	};
}

export function buildFixtureDocumentTypes(): DocumentTypeRecord[] {
	const type = (id: string, workspaceId: string, name: string): DocumentTypeRecord => ({
		id,
		workspaceId,
		name,
		requiresReview: false,
		restrictedToUserIds: null,
	});
	return [
		type(DOCUMENT_TYPE_IDS.employment, ACME, 'Employment'),
		type(DOCUMENT_TYPE_IDS.corporate, ACME, 'Corporate'),
		type(DOCUMENT_TYPE_IDS.confidentiality, ACME, 'Confidentiality'),
		type(DOCUMENT_TYPE_IDS.engagement, ACME, 'Engagement'),
		type(DOCUMENT_TYPE_IDS.partnership, ACME, 'Partnership'),
		type(DOCUMENT_TYPE_IDS.globexMemo, GLOBEX, 'Internal memo'),
	];
}

export function buildFixtureTemplates(): TemplateRecord[] {
	const date = { type: 'string', format: 'date' } as const;
	return [
		template({
			id: TEMPLATE_IDS.offerLetter,
			workspaceId: ACME,
			name: 'Employment offer letter',
			description:
				'Offer letter for a new joiner: role, start date, salary, benefits and probation.',
			documentType: DOCUMENT_TYPE_IDS.employment,
			inputSchema: offerLetterSchema(),
			recipe: OFFER_LETTER_RECIPE,
			updatedAt: '2026-01-05T10:15:00.000Z',
		}),
		template({
			id: TEMPLATE_IDS.boardResolution,
			workspaceId: ACME,
			name: 'Board resolution',
			description:
				'Written resolution of the board; a person reviews every produced resolution in the workspace.',
			documentType: DOCUMENT_TYPE_IDS.corporate,
			requiresReview: true,
			inputSchema: flatSchema(
				{
					resolution_text: { type: 'string', title: 'Resolution' },
					meeting_date: { ...date, title: 'Meeting date' },
				},
				['resolution_text', 'meeting_date'],
			),
			recipe: [
				{ heading: 'Resolution of the board of directors' },
				{
					text: 'At a meeting of the board held on {{meeting_date}}, the board resolved as follows:',
				},
				{ text: '{{resolution_text}}' },
			],
			updatedAt: '2025-12-12T16:40:00.000Z',
		}),
		template({
			id: TEMPLATE_IDS.ndaShort,
			workspaceId: ACME,
			name: 'Short NDA',
			description: 'Two-page mutual NDA. Flagged: a document author should look at its recipe.',
			documentType: DOCUMENT_TYPE_IDS.confidentiality,
			needsAttention: true,
			inputSchema: flatSchema(
				{
					counterparty: { type: 'string', title: 'Counterparty' },
					effective_date: { ...date, title: 'Effective date' },
					term_months: {
						type: 'integer',
						minimum: 1,
						maximum: 60,
						default: 24,
						title: 'Term (months)',
					},
				},
				['counterparty'],
			),
			recipe: [
				{ heading: 'Mutual non-disclosure agreement' },
				{ text: 'This agreement is made between Acme Legal LLP and {{counterparty}}.' },
				{
					text: 'It takes effect on {{effective_date}}.',
					when: 'effective_date',
					otherwise: 'It takes effect on the date of the last signature.',
				},
				{ text: 'Confidential information is protected for {{term_months}} months.' },
			],
			updatedAt: '2026-01-08T08:00:00.000Z',
		}),
		template({
			id: TEMPLATE_IDS.retired,
			workspaceId: ACME,
			name: 'Retired engagement letter',
			description: 'Replaced by the 2026 engagement letter.',
			documentType: DOCUMENT_TYPE_IDS.engagement,
			active: false,
			inputSchema: flatSchema({ client_name: { type: 'string', title: 'Client' } }, [
				'client_name',
			]),
			recipe: [
				{ heading: 'Engagement letter' },
				{ text: 'We are pleased to act for {{client_name}}.' },
			],
			updatedAt: '2025-06-30T12:00:00.000Z',
		}),
		template({
			id: TEMPLATE_IDS.partnerOnly,
			workspaceId: ACME,
			name: 'Partner remuneration memo',
			description: 'Visible to the managing partner only.',
			documentType: DOCUMENT_TYPE_IDS.partnership,
			restrictedToUserIds: [FIXTURE_IDS.users.alice],
			inputSchema: flatSchema(
				{
					partner_name: { type: 'string', title: 'Partner' },
					year: { type: 'integer', minimum: 2000, maximum: 2100, title: 'Year' },
				},
				['partner_name', 'year'],
			),
			recipe: [
				{ heading: 'Remuneration memo' },
				{ text: 'Remuneration of {{partner_name}} for {{year}}.' },
			],
			updatedAt: '2025-12-01T09:00:00.000Z',
		}),
		template({
			id: TEMPLATE_IDS.globexMemo,
			workspaceId: GLOBEX,
			name: 'Globex internal memo',
			description: 'Internal memo of Globex Counsel.',
			documentType: DOCUMENT_TYPE_IDS.globexMemo,
			inputSchema: flatSchema(
				{ subject: { type: 'string', title: 'Subject' }, body: { type: 'string', title: 'Body' } },
				['subject'],
			),
			recipe: [
				{ heading: 'Memo: {{subject}}' },
				{ text: '{{body}}', when: 'body', otherwise: 'No body.' },
			],
			updatedAt: '2025-12-20T11:00:00.000Z',
		}),
	];
}

/** What alice entered in the app for the fixture app document. */
export const APP_DOCUMENT_SPEC = {
	documentId: APP_DOCUMENT_IDS.offerLetter,
	templateId: TEMPLATE_IDS.offerLetter,
	workspaceId: ACME,
	userId: FIXTURE_IDS.users.alice,
	title: 'Offer letter Priya Patel',
	createdAt: '2026-01-06T14:20:00.000Z',
	input: { employee: { name: 'Priya Patel', start_date: '2026-02-02' }, role: 'Counsel' },
} as const;
