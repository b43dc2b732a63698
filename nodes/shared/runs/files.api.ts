import type { IBinaryData, IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { serviceUrlResolver } from '../transport/credentials.api';
import { binaryBytes, describeFile, type FileFacts, type FileShape } from './files';
import { artifactFallbackName, findRenderedArtifacts, type RenderedArtifact } from './record';
import type { DownloadedFile } from './renderedFiles.api';

/**
 * Files in the one file shape (files.ts) from what the node holds: the binary data it downloaded (whose size may
 * have to be read from n8n's binary store) and the service's paths, made absolute on the credential's Base URL.
 */

/** A downloaded file's size in bytes: `binaryBytes`, else (n8n before 2.16 with a binary store) its stored metadata. */
async function downloadedBytes(
	this: IExecuteFunctions | IPollFunctions,
	binary: IBinaryData,
): Promise<number | undefined> {
	const known = binaryBytes(binary);
	if (known !== undefined || !binary.id) return known;
	try {
		return (await this.helpers.getBinaryMetadata(binary.id)).fileSize;
	} catch {
		// The size is a nicety of the description: a store that cannot say leaves it null, the file is there.
		return undefined;
	}
}

/** What describeFile needs of a file the node put in the item's `binaryProperty`. */
export async function downloadedFacts(
	this: IExecuteFunctions | IPollFunctions,
	binary: IBinaryData,
	binaryProperty: string,
): Promise<NonNullable<FileFacts['downloaded']>> {
	return {
		fileName: binary.fileName,
		mimeType: binary.mimeType,
		bytes: await downloadedBytes.call(this, binary),
		binaryProperty,
	};
}

export interface RunDownloads {
	binary: Record<string, IBinaryData>;
	/** `files[i]` downloaded from `artifacts[i]` (downloadRenderedFiles keeps the order). */
	files: DownloadedFile[];
}

/**
 * A run's rendered files in the one shape: each `renderedArtifact` of the record (or the artifacts given), with the
 * binary field it was downloaded to when it was.
 */
export async function describeRunFiles(
	this: IExecuteFunctions | IPollFunctions,
	record: IDataObject,
	itemIndex: number | undefined,
	downloads?: RunDownloads,
	artifacts: RenderedArtifact[] = findRenderedArtifacts(record),
): Promise<FileShape[]> {
	const urlOf = await serviceUrlResolver.call(this, itemIndex);
	const described: FileShape[] = [];
	for (const [index, artifact] of artifacts.entries()) {
		const file = downloads?.files[index];
		const binary = file ? downloads?.binary[file.binaryProperty] : undefined;
		const facts: FileFacts = {
			declared: artifact,
			downloaded:
				file && binary ? await downloadedFacts.call(this, binary, file.binaryProperty) : undefined,
			path: artifact.downloadPath,
			stepId: artifact.stepId,
			fallbackName: artifactFallbackName(record, artifact, index),
		};
		described.push(describeFile(facts, urlOf));
	}
	return described;
}
