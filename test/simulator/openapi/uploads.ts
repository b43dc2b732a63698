import { int, nullable, str, type Schema } from './schema-parts';

/** Workflow input uploads as JSON Schemas of the OpenAPI components: the two request bodies, the answer, the status. */
export const UPLOAD_SCHEMAS: Record<string, Schema> = {
	UploadMultipartRequest: {
		type: 'object',
		description:
			'Exactly one file field `file`; its filename and Content-Type come from the part headers (a generic application/octet-stream is resolved from the extension: .pdf, .docx, .md, .markdown, .txt).',
		required: ['file'],
		properties: {
			file: {
				type: 'string',
				contentMediaType: 'application/octet-stream',
				description: 'The document: PDF, DOCX, Markdown or plain text.',
			},
		},
	},
	UploadJsonRequest: {
		type: 'object',
		required: ['filename', 'contentType', 'data'],
		properties: {
			filename: { type: 'string', minLength: 1 },
			contentType: {
				type: 'string',
				description:
					'application/pdf, the DOCX type, text/markdown, text/x-markdown or text/plain (parameters and case ignored); application/octet-stream or empty: resolved from the filename extension.',
			},
			data: {
				type: 'string',
				contentEncoding: 'base64',
				description:
					'The file bytes in base64, standard or URL-safe alphabet, padding optional, whitespace ignored. The size limit applies to the decoded bytes.',
			},
		},
	},
	UploadResponse: {
		type: 'object',
		description: 'The 202 answer of an upload; the Location header points at its status.',
		required: [
			'documentId',
			'documentVersionId',
			'filename',
			'sizeBytes',
			'contentType',
			'pageCount',
			'status',
		],
		additionalProperties: false,
		properties: {
			documentId: str,
			documentVersionId: str,
			filename: str,
			sizeBytes: { type: 'integer', minimum: 1, description: 'Decoded bytes.' },
			contentType: {
				type: 'string',
				description:
					'The accepted type (resolved from the extension when a generic type was declared).',
			},
			pageCount: { ...nullable(int), description: 'null at upload.' },
			status: { type: 'string', enum: ['processing'], description: '`processing` at upload.' },
		},
	},
	UploadStatus: {
		type: 'object',
		description: 'Readable by the uploading key only (any other key: 404).',
		required: [
			'documentId',
			'documentVersionId',
			'filename',
			'sizeBytes',
			'contentType',
			'pageCount',
			'status',
			'usedByRunId',
		],
		additionalProperties: false,
		properties: {
			documentId: str,
			documentVersionId: str,
			filename: str,
			sizeBytes: { type: 'integer', minimum: 0 },
			contentType: str,
			pageCount: {
				...nullable({ type: 'integer', minimum: 0 }),
				description: 'Set when ingestion makes the upload ready; null before and when failed.',
			},
			status: {
				type: 'string',
				enum: ['processing', 'ready', 'failed'],
				description:
					'processing -> ready | failed; failed is terminal (retry with a new upload). Only ready documents may be referenced in a run.',
			},
			processingError: {
				type: 'string',
				description: 'Short code, present only when status is failed.',
			},
			usedByRunId: {
				...nullable(str),
				description: 'The most recent run that used the upload, or null.',
			},
		},
	},
};
