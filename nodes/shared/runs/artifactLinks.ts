import type { IDataObject } from 'n8n-workflow';

import { setOwn } from '../common/ownKeys';

/**
 * Where the absolute link goes: over `downloadPath` (the action node's run records, absolute since 1.0.0), or
 * beside it as `downloadUrl` (the trigger's, whose `downloadPath` 1.0.0 output as the service gave it).
 */
export type AbsoluteLinkField = 'downloadPath' | 'downloadUrl';

/**
 * A run record as output, with every rendered file's `renderedArtifact.downloadPath` absolute on the credential's
 * Base URL (null for a path to another origin, which the node would not follow), as the `files` entries, Simplify's
 * urls and a produced document's links are; the action node's run records and the trigger's alike. The rest of the record is as the service gave it. Pure: no I/O.
 */
export function withAbsoluteArtifactPaths(
	record: IDataObject,
	urlOf: (path: string) => string | undefined,
	field: AbsoluteLinkField = 'downloadPath',
): IDataObject {
	const visit = (value: unknown, depth: number): unknown => {
		// The record's depth as findRenderedArtifacts reads it: anything deeper is left as it is.
		if (depth > 8 || value === null || typeof value !== 'object') return value;
		if (Array.isArray(value)) return value.map((entry) => visit(entry, depth + 1));
		const output: IDataObject = {};
		for (const [key, child] of Object.entries(value as IDataObject)) {
			const artifact =
				key === 'renderedArtifact' && child && typeof child === 'object' && !Array.isArray(child)
					? (child as IDataObject)
					: undefined;
			if (artifact && typeof artifact.downloadPath === 'string')
				setOwn(output, key, { ...artifact, [field]: urlOf(artifact.downloadPath) ?? null });
			else setOwn(output, key, visit(child, depth + 1));
		}
		return output;
	};
	return visit(record, 0) as IDataObject;
}
