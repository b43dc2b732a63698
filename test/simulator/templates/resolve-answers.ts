/**
 * What a produced document prints for each leaf of the template's inputSchema (contract, Template production 2 and 8):
 * the answer, the workspace default, the fixed value, the alternative wording of an optional answer left out, or a
 * required answer missing (unresolvedFields). The answers come checked by input.ts.
 */
import type { CheckedAnswers } from './input';
import { describePicture, readPicture } from './pictures';
import { hasOwn, isPlainObject, kindOf, leavesOf, type SchemaNode } from './schema';
import type { ResolvedAnswer } from './types';

function valueAt(root: Record<string, unknown>, path: string): unknown {
	let current: unknown = root;
	for (const part of path.split('.')) {
		if (!isPlainObject(current) || !hasOwn(current, part)) return undefined;
		current = current[part];
	}
	return current;
}

export interface ResolvedInput {
	answers: ResolvedAnswer[];
	/** Rule 8: the dotted paths of the required answers that are missing, in schema order. */
	unresolvedFields: string[];
}

/**
 * Every leaf of the schema with its answer: posted, the workspace default ("a missing defaulted
 * answer takes the default"), fixed, left out (optional: the document takes its alternative wording)
 * or missing (required, and owed because each optional ancestor object was posted).
 */
export function resolveAnswers(
	schema: SchemaNode,
	checked: Pick<CheckedAnswers, 'value' | 'pictures'>,
): ResolvedInput {
	const answers: ResolvedAnswer[] = [];
	const unresolvedFields: string[] = [];
	for (const leaf of leavesOf(schema)) {
		const base = {
			path: leaf.path,
			label: typeof leaf.node.title === 'string' ? leaf.node.title : leaf.path,
			kind: kindOf(leaf.node),
		};
		const posted = leaf.fixed ? undefined : valueAt(checked.value, leaf.path);
		if (posted !== undefined) {
			const picture = checked.pictures.get(leaf.path);
			answers.push({
				...base,
				source: 'answered',
				value: picture ? describePicture(picture) : posted,
				picture,
			});
			continue;
		}
		if (leaf.defaultValue !== undefined) {
			const read =
				base.kind === 'picture' && typeof leaf.defaultValue === 'string'
					? readPicture(leaf.defaultValue)
					: null;
			const picture = read?.ok ? read.picture : undefined;
			answers.push({
				...base,
				source: leaf.fixed ? 'fixed' : 'default',
				value: picture ? describePicture(picture) : leaf.defaultValue,
				picture,
			});
			continue;
		}
		const owed =
			leaf.required &&
			leaf.optionalAncestors.every((ancestor) => valueAt(checked.value, ancestor) !== undefined);
		if (owed) unresolvedFields.push(leaf.path);
		answers.push({ ...base, source: owed ? 'missing' : 'left-out', value: null });
	}
	return { answers, unresolvedFields };
}
