import type { IBinaryKeyData, IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import type { RetryPolicy } from '../transport/retry';
import { downloadRunFile } from '../client';
import { safeFileName } from '../transport/fileName';
import { artifactFallbackName, findRenderedArtifacts, type RenderedArtifact } from './record';

export interface DownloadedFile {
	stepId?: string;
	binaryProperty: string;
	fileName?: string;
	mimeType: string;
	fileSize?: string;
}

/** `data`, `data_1`, `data_2`…: the first file sits where n8n's binary nodes look by default. */
function binaryPropertyFor(base: string, index: number): string {
	return index === 0 ? base : `${base}_${index}`;
}

/**
 * Downloads every rendered file of a run record, `files[i]` from `artifacts[i]` (each `renderedArtifact.downloadPath`, resolved against
 * the base URL; another origin is refused by the transport before anything is sent).
 */
export async function downloadRenderedFiles(
	this: IExecuteFunctions | IPollFunctions,
	record: IDataObject,
	options: {
		binaryPropertyName?: string;
		itemIndex?: number;
		artifacts?: RenderedArtifact[];
		retry?: Partial<RetryPolicy>;
	} = {},
): Promise<{ binary: IBinaryKeyData; files: DownloadedFile[] }> {
	const base = options.binaryPropertyName || 'data';
	const artifacts = options.artifacts ?? findRenderedArtifacts(record);
	const binary: IBinaryKeyData = {};
	const files: DownloadedFile[] = [];
	for (const [index, artifact] of artifacts.entries()) {
		const property = binaryPropertyFor(base, index);
		const data = await downloadRunFile.call(this, artifact.downloadPath, {
			itemIndex: options.itemIndex,
			retry: options.retry,
			fallbackFileName: safeFileName(
				artifact.filename,
				artifactFallbackName(record, artifact, index),
			),
		});
		binary[property] = data;
		files.push({
			stepId: artifact.stepId,
			binaryProperty: property,
			fileName: data.fileName,
			mimeType: data.mimeType,
			fileSize: data.fileSize,
		});
	}
	return { binary, files };
}
