/** Reads the filename of a `Content-Disposition` header (`filename*=UTF-8''…` preferred, then `filename=`). */
export function filenameFromContentDisposition(header: unknown): string | undefined {
	if (typeof header !== 'string') return undefined;
	const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
	if (extended) {
		try {
			return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
		} catch {
			// fall through to the plain parameter
		}
	}
	const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
	if (!plain) return undefined;
	return (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]).trim() || undefined;
}
