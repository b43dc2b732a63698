import type { IDataObject } from 'n8n-workflow';

import { byId, callService } from '../../integration/support';
import { ctx, foreign, foreignUntouched, jsonItems, mapper, three, type Row } from './table';

/** Bad input of Template → Get, Document → Produce (answers, pictures, Strict, title, scope) and Document → Download. */

const OFFER = {
	'employee.name': 'Jordan Lee',
	'employee.start_date': '={{ $json.date }}',
	role: 'Counsel',
};
const produce = (answers: IDataObject, extra: IDataObject = {}) => ({
	resource: 'document',
	operation: 'produce',
	templateId: byId('tpl_offer_letter'),
	answers: mapper({ ...OFFER, ...answers }),
	...extra,
});
const offerItem = { date: '2026-03-01', salary: 85000, nick: '', title: 'Offer' };

async function producedLinks(
	templateId = 'tpl_offer_letter',
	input: IDataObject = { employee: { name: 'A', start_date: '2026-03-01' }, role: 'Counsel' },
): Promise<IDataObject> {
	return (
		await callService(ctx.url, 'POST', `/document-templates/${templateId}/documents`, { input })
	).links as IDataObject;
}

const downloadPdf = () => ({ resource: 'document', operation: 'download', format: 'pdf' });

/** Document → Download of a produced document: items 0 and 2 carry its links; item 1 what `badLinks` makes of them. */
function badLinksInTheMiddle(
	badLinks: (links: IDataObject) => IDataObject,
): Pick<Row, 'parameters' | 'setup' | 'items'> {
	return {
		parameters: downloadPdf(),
		setup: async () => ({ links: await producedLinks() }),
		items: (vars) =>
			three((index) => ({
				json: { links: index === 1 ? badLinks(vars.links as IDataObject) : vars.links },
			})),
	};
}

export const TEMPLATE_DOCUMENT_ROWS: Row[] = [
	{
		operation: 'Template → Get',
		input: 'a template id that does not exist',
		parameters: {
			resource: 'template',
			operation: 'get',
			templateId: byId('={{ $json.templateId }}'),
		},
		items: jsonItems({ templateId: 'tpl_offer_letter' }, { templateId: 'tpl_nope' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Template "tpl_nope" was not found \(404\)$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a date in a refused form (01/03/2026)',
		parameters: produce({}),
		items: jsonItems(offerItem, { ...offerItem, date: '01/03/2026' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^Some answers for template "Employment offer letter" cannot be sent: Start date "01\/03\/2026" is not a date the service accepts/,
	},
	{
		operation: 'Document → Produce',
		input: 'an impossible date (2026-02-30)',
		parameters: produce({}),
		items: jsonItems(offerItem, { ...offerItem, date: '2026-02-30' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^Some answers for template "Employment offer letter" cannot be sent: Start date "2026-02-30" is not a calendar date$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a wrong type in the field mapper (text for a number)',
		parameters: produce({ 'employee.salary': '={{ $json.salary }}' }),
		items: jsonItems(offerItem, { ...offerItem, salary: 'lots' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^Some answers for template "Employment offer letter" cannot be sent: Annual salary must be a number, got "lots"$/,
	},
	{
		operation: 'Document → Produce',
		input: 'an unknown template field',
		parameters: produce({ 'employee.nickname': '={{ $json.nick }}' }),
		items: jsonItems(offerItem, { ...offerItem, nick: 'JL' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^Some answers for template "Employment offer letter" cannot be sent: employee\.nickname is not a field of this template/,
	},
	{
		operation: 'Document → Produce',
		input: 'a choice that is not an option',
		parameters: produce({ role: '={{ $json.role }}' }),
		items: jsonItems({ ...offerItem, role: 'Counsel' }, { ...offerItem, role: 'Partner' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^Some answers for template "Employment offer letter" cannot be sent: Role "Partner" is not one of Associate, Senior Associate, Counsel$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a 3 MB picture',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () =>
			three((index) => ({
				json: offerItem,
				binary: {
					photo:
						index === 1
							? {
									fileName: 'big.png',
									mimeType: 'image/png',
									generate: 'png',
									width: 40,
									height: 40,
									padToBytes: 3 * 1024 * 1024,
								}
							: {
									fileName: 'ok.png',
									mimeType: 'image/png',
									generate: 'png',
									width: 40,
									height: 40,
								},
				},
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /Photo \(binary field "photo"\) is 3\.00 MB; pictures may be at most 1 MB$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a 4,000 px picture',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () =>
			three((index) => ({
				json: offerItem,
				binary: {
					photo:
						index === 1
							? {
									fileName: 'wide.png',
									mimeType: 'image/png',
									generate: 'png',
									width: 4000,
									height: 16,
								}
							: {
									fileName: 'ok.jpg',
									mimeType: 'image/jpeg',
									generate: 'jpeg',
									width: 64,
									height: 64,
								},
				},
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/Photo \(binary field "photo"\) is 4000 × 16 px; pictures may be at most 2,000 px on each side$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a picture field naming a binary property the item lacks',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () =>
			three((index) => ({
				json: offerItem,
				binary:
					index === 1
						? undefined
						: {
								photo: {
									fileName: 'ok.png',
									mimeType: 'image/png',
									generate: 'png',
									width: 40,
									height: 40,
								},
							},
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /Photo names the binary field "photo", which this item does not have$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a PDF where a picture belongs',
		parameters: produce({ 'employee.photo': 'photo' }),
		items: () =>
			three((index) => ({
				json: offerItem,
				binary: {
					photo:
						index === 1
							? {
									fileName: 'photo.pdf',
									mimeType: 'application/pdf',
									generate: 'pdf',
									sizeBytes: 2048,
								}
							: {
									fileName: 'ok.png',
									mimeType: 'image/png',
									generate: 'png',
									width: 40,
									height: 40,
								},
				},
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /Photo \(binary field "photo"\) is not a PNG or JPEG picture$/,
	},
	{
		operation: 'Document → Produce',
		input: 'Strict with a required answer missing (service refusal)',
		parameters: produce({ 'employee.start_date': '={{ $json.date }}' }, { strict: true }),
		items: jsonItems(offerItem, { ...offerItem, date: '' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '422',
		message:
			/^Required answers are missing, so nothing was produced \(fields_missing\): employee\.start_date$/,
	},
	{
		operation: 'Document → Produce',
		input: 'a title over 200 characters (service refusal)',
		parameters: produce({}, { title: '={{ $json.title }}' }),
		items: jsonItems(offerItem, { ...offerItem, title: 'T'.repeat(250) }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The service answered 400 \(invalid_request\).*title/,
	},
	{
		operation: 'Document → Produce',
		input: 'a key without the documents:write scope',
		parameters: produce({}),
		key: 'readOnly',
		items: jsonItems(offerItem, offerItem),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^The API key lacks the scope documents:write \(missing_scope\)$/,
	},
	{
		operation: 'Document → Download',
		input: 'a document link on another origin',
		...badLinksInTheMiddle(() => ({ pdf: `${foreign.url}/documents/steal/content/pdf` })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Refused to follow a link that points outside the service$/,
		after: foreignUntouched,
	},
	{
		operation: 'Document → Download',
		input: 'links without the asked format',
		...badLinksInTheMiddle((links) => ({ docx: links.docx })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Document Link of item 1 has no pdf link \(it has docx\)$/,
	},
	{
		operation: 'Document → Download',
		input: 'a document that needs a person’s review first',
		parameters: downloadPdf(),
		setup: async () => ({
			links: await producedLinks(),
			review: await producedLinks('tpl_board_resolution', {
				resolution_text: 'Approve.',
				meeting_date: '2026-02-10',
			}),
		}),
		items: (vars) =>
			three((index) => ({ json: { links: index === 1 ? vars.review : vars.links } })),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '403',
		message:
			/^A person must review this document in the workspace before its content can be downloaded \(review_required\)$/,
	},
];
