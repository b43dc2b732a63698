/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The bytes of a binary property an n8n execution produced, read from the user folder n8n stored them in.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import type { BinaryRef } from './results';

/**
 * In filesystem mode (n8n 2.x's default) the item holds `id: "filesystem-v2:<path>"` and the file is
 * `<userFolder>/.n8n/storage/<path>`.
 */
export function readStoredBinary(userFolder: string, ref: BinaryRef | undefined): Buffer {
	if (!ref) throw new Error('No binary property');
	const stored = /^filesystem-v2:(.+)$/.exec(ref.id ?? '');
	if (stored) {
		// n8n 2.0 keeps the files under .n8n/binaryData, later versions under .n8n/storage.
		const paths = ['storage', 'binaryData'].map((folder) => {
			const root = join(userFolder, '.n8n', folder);
			const path = resolve(root, stored[1]);
			if (relative(root, path).startsWith('..'))
				throw new Error(`Binary id points outside the storage folder: ${ref.id}`);
			return path;
		});
		return readFileSync(paths.find((path) => existsSync(path)) ?? paths[0]);
	}
	if (!ref.id && ref.data && ref.data !== 'filesystem-v2') return Buffer.from(ref.data, 'base64');
	throw new Error(`Binary data stored in a mode this driver does not read: ${ref.id ?? ref.data}`);
}
