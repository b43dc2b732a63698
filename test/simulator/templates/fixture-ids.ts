/** The ids of the fixture document types and templates, and of the one document made in the app. */
export const TEMPLATE_IDS = {
	offerLetter: 'tpl_offer_letter',
	boardResolution: 'tpl_board_resolution',
	ndaShort: 'tpl_nda_short',
	retired: 'tpl_retired',
	partnerOnly: 'tpl_partner_only',
	globexMemo: 'tpl_globex_memo',
} as const;

export const DOCUMENT_TYPE_IDS = {
	employment: 'dtype_employment',
	corporate: 'dtype_corporate',
	confidentiality: 'dtype_confidentiality',
	engagement: 'dtype_engagement',
	partnership: 'dtype_partnership',
	globexMemo: 'dtype_globex_memo',
} as const;

/** A document alice made in the app from the offer letter: invisible to every key (What the service does 7). */
export const APP_DOCUMENT_IDS = { offerLetter: 'tdoc_app_offer_letter' } as const;
