import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, runAdmin } from '../../simulator';
import { ctx, text, three, type Row } from './table';

/** Bad input of Input Document → Upload and Get: missing, refused, oversized, empty and corrupt files, unknown ids. */

/** An input document the full key uploaded, for the rows that read one. */
async function seededDocument(): Promise<IDataObject> {
	const upload = runAdmin(ctx.sim).seedInputDocument({
		keyId: FIXTURE_IDS.keys.full,
		filename: 'a.md',
		contentType: 'text/markdown',
		data: Buffer.from('# A').toString('base64'),
	});
	return { documentId: upload.documentId };
}

export const INPUT_DOCUMENT_ROWS: Row[] = [
	{
		operation: 'Input Document → Upload',
		input: 'a missing binary property',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({ json: {}, binary: index === 1 ? undefined : text(`ok-${index}.txt`) })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input Binary Field: the item has no binary property "data"$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'an unsupported file type (GIF)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({
				json: {},
				binary:
					index === 1
						? {
								data: {
									fileName: 'scan.gif',
									mimeType: 'image/gif',
									base64: Buffer.from('GIF89a....').toString('base64'),
								},
							}
						: text(`ok-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The file in "data" \("scan\.gif", image\/gif\) is not a type the service accepts$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'a 60 MB file (over the 50 MB limit)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({
				json: {},
				binary:
					index === 1
						? {
								data: {
									fileName: 'huge.pdf',
									mimeType: 'application/pdf',
									generate: 'pdf',
									sizeBytes: 60 * 1024 * 1024,
								},
							}
						: text(`ok-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The file in "data" \("huge\.pdf"\) is 60\.0 MB, over the upload limit of 50\.0 MB$/,
		after: () =>
			expect(ctx.sim.admin.requests().filter((entry) => entry.method === 'POST').length).toBe(2),
	},
	{
		operation: 'Input Document → Upload',
		input: 'an empty file (0 bytes)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({
				json: {},
				binary:
					index === 1
						? {
								data: {
									fileName: 'empty.txt',
									mimeType: 'text/plain',
									generate: 'zeros',
									sizeBytes: 0,
								},
							}
						: text(`ok-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The file in "data" \("empty\.txt"\) is empty$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'a file labelled PDF that is not one (ingestion fails)',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		items: () =>
			three((index) => ({
				json: {},
				binary:
					index === 1
						? {
								data: {
									fileName: 'fake.pdf',
									mimeType: 'application/pdf',
									base64: Buffer.from('just text, no PDF').toString('base64'),
								},
							}
						: text(`ok-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The service could not process "fake\.pdf": corrupt_file$/,
	},
	{
		operation: 'Input Document → Upload',
		input: 'a revoked key',
		parameters: { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' },
		key: 'revoked',
		items: () => three((index) => ({ json: {}, binary: text(`ok-${index}.txt`) })),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '401',
		message:
			/^The service refused the API key \(invalid_api_key\): it is wrong, revoked or expired$/,
	},
	{
		operation: 'Input Document → Get',
		input: 'a document id that does not exist',
		parameters: {
			resource: 'inputDocument',
			operation: 'get',
			documentId: '={{ $json.documentId }}',
		},
		setup: seededDocument,
		items: (vars) =>
			three((index) => ({
				json: { documentId: index === 1 ? 'doc_does_not_exist' : vars.documentId },
			})),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Uploaded document "doc_does_not_exist" was not found \(404\)$/,
	},
	{
		operation: 'Input Document → Get',
		input: 'an empty document id',
		parameters: {
			resource: 'inputDocument',
			operation: 'get',
			documentId: '={{ $json.documentId }}',
		},
		setup: seededDocument,
		items: (vars) =>
			three((index) => ({ json: { documentId: index === 1 ? ' ' : vars.documentId } })),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Document ID is empty$/,
	},
];
