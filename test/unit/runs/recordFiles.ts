import type { IDataObject } from 'n8n-workflow';

import { describeFile, type FileShape } from '../../../nodes/shared/runs/files';
import { artifactFallbackName, findRenderedArtifacts } from '../../../nodes/shared/runs/record';

/**
 * A record's rendered files as files.api.ts describes them when none was downloaded, with `urlOf` making the
 * service's paths absolute (the credential's Base URL in the node).
 */
export function recordFiles(
	record: IDataObject,
	urlOf: (path: string) => string | undefined,
): FileShape[] {
	return findRenderedArtifacts(record).map((artifact, index) =>
		describeFile(
			{
				declared: artifact,
				path: artifact.downloadPath,
				stepId: artifact.stepId,
				fallbackName: artifactFallbackName(record, artifact, index),
			},
			urlOf,
		),
	);
}
