/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The rules n8n's verification is adding to its community-node lint (documented in n8n's repository,
// packages/@n8n/eslint-plugin-community-nodes/docs/rules/, not yet in the plugin the pinned n8n-node lint runs),
// checked here as their documentation states them until the plugin ships them:
// - hint-max-length: a parameter's hint is at most 120 characters (longer text goes to its description, the tooltip);
// - non-required-fields-in-collection and open-ended-node-fields: in a .node.ts file's literal `properties`, a field
//   that is not required is a collection, a fixed collection, a notice or a selector, and no optional JSON field;
// - icon-contrast: every file: SVG icon has a contrast of at least 1.5:1 on its theme's node background;
// - no-hardcoded-ids: no string literal given to a partner, affiliate, reseller, account, tenant, customer or client id;
// - valid-node-categories: the codex categories and AI subcategories are from n8n's list.
// The rules read the source; the built descriptions are read too, so that a parameter built in a shared file is held
// to the same limit.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import ts from 'typescript';

import { loadPackage } from '../../harness';

const REPO = resolve(__dirname, '..', '..', '..');
const MAX_HINT_LENGTH = 120;

function filesUnder(folder: string, suffix: string): string[] {
	return readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' })
		.filter((name) => name.endsWith(suffix))
		.map((name) => join(REPO, folder, name));
}

let descriptions: INodeTypeDescription[];
beforeAll(async () => {
	const { loader } = await loadPackage();
	descriptions = loader.types.nodes;
});

// ---- hint-max-length ---------------------------------------------------------------------------------------

/** Every `hint` in a description, at any depth (collections' options, fixed collections' values), with its path. */
function hintsOf(
	value: unknown,
	path: string,
	found: Array<{ path: string; hint: string }> = [],
): Array<{ path: string; hint: string }> {
	if (Array.isArray(value))
		value.forEach((entry, index) => hintsOf(entry, `${path}[${index}]`, found));
	else if (value && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			const name = (value as { name?: unknown }).name;
			if (key === 'hint' && typeof entry === 'string')
				found.push({ path: `${path}${typeof name === 'string' ? ` (${name})` : ''}`, hint: entry });
			else hintsOf(entry, `${path}.${key}`, found);
		}
	}
	return found;
}

const tooLong = (description: INodeTypeDescription) =>
	hintsOf(description.properties, description.name)
		.filter(({ hint }) => hint.length > MAX_HINT_LENGTH)
		.map(({ path, hint }) => `${path}: ${hint.length}`);

describe('hint-max-length: a hint is a short nudge, at most 120 characters', () => {
	it('every hint of every node, nested ones included', () => {
		expect(descriptions.length).toBe(3);
		expect(descriptions.flatMap(tooLong)).toEqual([]);
		expect(
			descriptions.flatMap((description) => hintsOf(description.properties, description.name))
				.length,
		).toBeGreaterThan(5);
	});

	it('the check names a hint over the limit', () => {
		const long: INodeProperties = {
			displayName: 'X',
			name: 'x',
			type: 'string',
			default: '',
			hint: 'h'.repeat(121),
		};
		const nested: INodeProperties = {
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			default: {},
			options: [long],
		};
		expect(tooLong({ ...descriptions[0], name: 'probe', properties: [nested] })).toEqual([
			'probe[0].options[0] (x): 121',
		]);
	});
});

// ---- the source rules (a .node.ts file's description, as n8n's lint reads it) --------------------------------

interface SourceFinding {
	file: string;
	rule: string;
	field: string;
}

const stringOf = (node: ts.Expression | undefined) =>
	node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
		? node.text
		: undefined;
const propertyNamed = (object: ts.ObjectLiteralExpression, name: string) =>
	object.properties.find(
		(property): property is ts.PropertyAssignment =>
			ts.isPropertyAssignment(property) && property.name.getText() === name,
	);

/** The object literal given to `description` in each node class of a file (`description: INodeTypeDescription = {…}`). */
function nodeDescriptions(source: ts.SourceFile): ts.ObjectLiteralExpression[] {
	const found: ts.ObjectLiteralExpression[] = [];
	source.forEachChild(function visit(node) {
		if (ts.isClassDeclaration(node))
			for (const member of node.members)
				if (
					ts.isPropertyDeclaration(member) &&
					member.name.getText() === 'description' &&
					member.initializer &&
					ts.isObjectLiteralExpression(member.initializer)
				)
					found.push(member.initializer);
		node.forEachChild(visit);
	});
	return found;
}

const CONTAINERS = new Set(['collection', 'fixedCollection']);
const NO_INPUT = new Set(['notice', 'callout', 'hidden', 'curlImport']);
const SELECTORS = new Set(['resource', 'operation', 'authentication']);

/** non-required-fields-in-collection and open-ended-node-fields over one file's literal `properties` arrays. */
function fieldFindings(file: string, text: string): SourceFinding[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const findings: SourceFinding[] = [];
	for (const description of nodeDescriptions(source)) {
		const properties = propertyNamed(description, 'properties')?.initializer;
		if (!properties || !ts.isArrayLiteralExpression(properties)) continue;
		for (const element of properties.elements) {
			if (!ts.isObjectLiteralExpression(element)) continue;
			const name = stringOf(propertyNamed(element, 'name')?.initializer);
			const type = stringOf(propertyNamed(element, 'type')?.initializer);
			const required = propertyNamed(element, 'required')?.initializer;
			// A `required` that is not a literal cannot be read, so it counts as required (as the rule does).
			const isRequired = required !== undefined && required.kind !== ts.SyntaxKind.FalseKeyword;
			if (type === 'json' && !(required?.kind === ts.SyntaxKind.TrueKeyword))
				findings.push({ file, rule: 'open-ended-node-fields', field: name ?? '?' });
			if (
				!name ||
				SELECTORS.has(name) ||
				(type && (CONTAINERS.has(type) || NO_INPUT.has(type))) ||
				isRequired
			)
				continue;
			findings.push({ file, rule: 'non-required-fields-in-collection', field: name });
		}
	}
	return findings;
}

const CONFIGURABLE_ID_NAME =
	/^(?:partner|affiliate|reseller|account|tenant|customer|client)(?:[_-]?id)$/i;

/** no-hardcoded-ids over one file: a string literal given to a variable, property or assignment named like an account id. */
function idFindings(file: string, text: string): SourceFinding[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const findings: SourceFinding[] = [];
	const check = (name: string | undefined, value: ts.Expression | undefined) => {
		if (name && CONFIGURABLE_ID_NAME.test(name) && stringOf(value) !== undefined)
			findings.push({ file, rule: 'no-hardcoded-ids', field: name });
	};
	const nameOf = (name: ts.Node) =>
		ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
	source.forEachChild(function visit(node) {
		if (
			ts.isVariableDeclaration(node) ||
			ts.isPropertyDeclaration(node) ||
			ts.isPropertyAssignment(node)
		)
			check(nameOf(node.name), node.initializer);
		if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
			const target = node.left;
			const name = ts.isIdentifier(target)
				? target.text
				: ts.isPropertyAccessExpression(target)
					? target.name.text
					: ts.isElementAccessExpression(target)
						? stringOf(target.argumentExpression)
						: undefined;
			check(name, node.right);
		}
		node.forEachChild(visit);
	});
	return findings;
}

const NODE_FILES = filesUnder('nodes', '.node.ts');
const read = (file: string) => readFileSync(file, 'utf8');

describe('non-required-fields-in-collection and open-ended-node-fields, as the rules read a .node.ts file', () => {
	it('the three node files hold no optional top-level field outside a collection, and no optional JSON field', () => {
		expect(NODE_FILES.map((file) => relative(REPO, file)).sort()).toEqual([
			'nodes/DraftingWorkspace/DraftingWorkspace.node.ts',
			'nodes/DraftingWorkspaceTrigger/DraftingWorkspaceTrigger.node.ts',
			'nodes/LmChatDraftingWorkspace/LmChatDraftingWorkspace.node.ts',
		]);
		expect(NODE_FILES.flatMap((file) => fieldFindings(file, read(file)))).toEqual([]);
	});

	it('the checks name an optional field at the top level and an optional JSON field', () => {
		const probe = `class Probe { description: INodeTypeDescription = { properties: [
			{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 },
			{ displayName: 'Config', name: 'config', type: 'json', default: '{}', required: true },
			{ displayName: 'Extra', name: 'extra', type: 'json', default: '{}' },
			{ displayName: 'Email', name: 'email', type: 'string', default: '', required: true },
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
			{ displayName: 'Resource', name: 'resource', type: 'options', options: [], default: 'a' },
		] }; }`;
		expect(
			fieldFindings('probe.node.ts', probe).map(({ rule, field }) => `${rule}: ${field}`),
		).toEqual([
			'non-required-fields-in-collection: limit',
			'open-ended-node-fields: extra',
			'non-required-fields-in-collection: extra',
		]);
	});
});

/**
 * The action node's and the Chat Model's parameters are built in shared files, so the rules above do not see them.
 * The built descriptions' optional top-level fields are the ones 1.0.0 shipped: a saved workflow stores each
 * parameter by its path, so moving one into a collection changes saved workflows and waits for a new node version
 * (docs/ARCHITECTURE.md, Node versions). The list is closed: a new optional field goes into a collection.
 */
const SHIPPED_TOP_LEVEL_OPTIONAL: Record<string, string[]> = {
	draftingWorkspace: [
		'downloadFiles',
		'downloadFormat',
		'failWhenRunFails',
		'fileSelection',
		'format',
		'inputMode',
		'jsonSchema',
		'limit',
		'responseFormat',
		'returnAll',
		'schemaName',
		'simplify',
		'strict',
		'title',
		'toolWaitLimit',
		'waitForCompletion',
		'waitUntilReady',
	],
	draftingWorkspaceTrigger: [],
	lmChatDraftingWorkspace: ['jsonSchema', 'responseFormat', 'schemaName'],
};

function optionalTopLevel(description: INodeTypeDescription): string[] {
	const names = description.properties
		.filter(
			(property) =>
				!SELECTORS.has(property.name) &&
				!CONTAINERS.has(property.type) &&
				!NO_INPUT.has(property.type) &&
				property.required !== true,
		)
		.map((property) => property.name);
	return [...new Set(names)].sort();
}

describe('the built descriptions: no optional top-level field beyond those 1.0.0 shipped', () => {
	it('each node’s optional top-level fields are the shipped ones, and no new one was added', () => {
		for (const description of descriptions)
			expect([description.name, optionalTopLevel(description)]).toEqual([
				description.name,
				SHIPPED_TOP_LEVEL_OPTIONAL[description.name],
			]);
	});

	it('the only optional JSON fields are the shipped JSON Schema fields', () => {
		const json = descriptions.flatMap((description) =>
			description.properties
				.filter((property) => property.type === 'json' && property.required !== true)
				.map((property) => `${description.name}.${property.name}`),
		);
		expect([...new Set(json)].sort()).toEqual([
			'draftingWorkspace.jsonSchema',
			'lmChatDraftingWorkspace.jsonSchema',
		]);
	});
});

describe('no-hardcoded-ids: no fixed partner or account identifier', () => {
	it('in any file of nodes/ or credentials/ (the rule reads .node.ts files; the shared files are read too)', () => {
		const files = [...filesUnder('nodes', '.ts'), ...filesUnder('credentials', '.ts')];
		expect(files.length).toBeGreaterThan(50);
		expect(files.flatMap((file) => idFindings(file, read(file)))).toEqual([]);
	});

	it('the check names a fixed id', () => {
		const probe = `const partnerId = 'fixed'; const qs = { client_id: 'x', accountId: this.getNodeParameter('a', 0) }; options.tenantId = 't';`;
		expect(idFindings('probe.node.ts', probe).map(({ field }) => field)).toEqual([
			'partnerId',
			'client_id',
			'tenantId',
		]);
	});
});

// ---- icon-contrast -----------------------------------------------------------------------------------------

type Rgb = [number, number, number];
const BACKGROUNDS: Record<'light' | 'dark', Rgb> = { light: [255, 255, 255], dark: [43, 43, 43] };
const NAMED: Record<string, Rgb> = { black: [0, 0, 0], white: [255, 255, 255] };

function parseColor(raw: string): Rgb | undefined {
	let value = raw.trim().toLowerCase();
	const fallback = /^var\([^,]+,\s*(.+)\)$/.exec(value);
	if (fallback) value = fallback[1].trim();
	else if (value.startsWith('var(') || value === 'currentcolor') return NAMED.black;
	if (value === 'none' || value === 'transparent' || value.startsWith('url(')) return undefined;
	if (NAMED[value]) return NAMED[value];
	const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
	if (hex) {
		const digits =
			hex[1].length === 3 ? [...hex[1]].map((digit) => digit + digit) : hex[1].match(/../g)!;
		return digits.map((pair) => parseInt(pair, 16)) as Rgb;
	}
	const rgb = /^rgba?\((\d+)[ ,]+(\d+)[ ,]+(\d+)/.exec(value);
	if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
	throw new Error(`a colour this check cannot read: ${raw}`);
}

/** The paint colours of an SVG: fill, stroke and stop-color, from attributes, style attributes and <style> blocks. */
function paintColors(svg: string): Rgb[] {
	const values = [
		...svg.matchAll(/(?:^|[\s;"'{])(?:fill|stroke|stop-color)\s*(?:=\s*["']|:\s*)([^"';}]+)/g),
	].map((match) => match[1]);
	const colors = values.map(parseColor).filter((color): color is Rgb => color !== undefined);
	// An SVG without a fill paints black.
	return /\bfill\s*[=:]/.test(svg) ? colors : [...colors, NAMED.black];
}

function luminance([r, g, b]: Rgb): number {
	const channel = (value: number) => {
		const c = value / 255;
		return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	};
	return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
	const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (high + 0.05) / (low + 0.05);
}

/** The best contrast of an icon's colours on a theme's background. */
const bestContrast = (svg: string, theme: 'light' | 'dark') =>
	Math.max(...paintColors(svg).map((color) => contrast(color, BACKGROUNDS[theme])));

/** Every file: icon of the node classes and of the credential class, as their source declares it (`{ light, dark }`). */
function icons(): Array<{ owner: string; theme: 'light' | 'dark'; file: string }> {
	const files = [...NODE_FILES, join(REPO, 'credentials', 'DraftingWorkspaceApi.credentials.ts')];
	return files.flatMap((file) => {
		const icon = /icon(?:: Icon)? ?[:=] \{\s*light: '([^']+)',\s*dark: '([^']+)'/.exec(read(file));
		if (!icon) throw new Error(`${relative(REPO, file)} declares no light and dark icon`);
		return (['light', 'dark'] as const).map((theme, index) => {
			const path = icon[index + 1];
			if (!path.startsWith('file:') || !path.endsWith('.svg'))
				throw new Error(`${relative(REPO, file)}: not an SVG file icon`);
			return {
				owner: relative(REPO, file),
				theme,
				file: resolve(dirname(file), path.slice('file:'.length)),
			};
		});
	});
}

describe('icon-contrast: each icon shows on its theme’s node background (at least 1.5:1)', () => {
	it('the nodes’ and the credential’s light and dark icons', () => {
		const all = icons();
		expect(all).toHaveLength(8);
		const low = all
			.filter(({ theme, file }) => bestContrast(read(file), theme) < 1.5)
			.map(({ owner, theme }) => `${owner} ${theme}`);
		expect(low).toEqual([]);
	});

	it('the check tells a black icon on the dark background, and reads style blocks and fallbacks', () => {
		expect(bestContrast('<svg><path d="M0 0h1"/></svg>', 'dark')).toBeLessThan(1.5);
		expect(bestContrast('<svg><path fill="#000"/></svg>', 'light')).toBeCloseTo(21, 0);
		expect(
			bestContrast('<svg><style>.a{fill:var(--c, #ffffff)}</style></svg>', 'dark'),
		).toBeGreaterThan(10);
	});
});

// ---- valid-node-categories ---------------------------------------------------------------------------------

const CATEGORIES = new Set([
	'Data & Storage',
	'Finance & Accounting',
	'Marketing & Content',
	'Productivity',
	'Miscellaneous',
	'Sales',
	'Development',
	'Analytics',
	'Communication',
	'Utility',
	'AI',
]);
const AI_SUBCATEGORIES = new Set([
	'Agents',
	'Chains',
	'Language Models',
	'Memory',
	'Output Parsers',
	'Tools',
	'Vector Stores',
	'Retrievers',
	'Embeddings',
	'Document Loaders',
	'Text Splitters',
	'Other Tools',
	'Root Nodes',
	'Model Context Protocol',
	'Human in the Loop',
	'Miscellaneous',
	'Rerankers',
	'Evaluation',
]);

function categoryFindings(codex: { categories?: unknown; subcategories?: unknown }): string[] {
	const findings: string[] = [];
	const { categories, subcategories } = codex;
	if (categories === undefined && subcategories === undefined) return findings;
	if (categories !== undefined && (!Array.isArray(categories) || categories.length === 0))
		return ['categories is not a non-empty list'];
	const list: unknown[] = Array.isArray(categories) ? categories : [];
	for (const category of list)
		if (typeof category !== 'string' || !CATEGORIES.has(category))
			findings.push(`not a category: ${String(category)}`);
	const ai =
		subcategories && typeof subcategories === 'object'
			? (subcategories as Record<string, unknown>).AI
			: undefined;
	if (subcategories !== undefined && (typeof subcategories !== 'object' || subcategories === null))
		findings.push('subcategories is not an object');
	if (list.includes('AI') && (!Array.isArray(ai) || ai.length === 0))
		findings.push('AI without subcategories.AI');
	if (ai !== undefined && !list.includes('AI'))
		findings.push('subcategories.AI without the AI category');
	if (subcategories !== undefined && ai === undefined && !list.includes('AI'))
		findings.push('subcategories without AI');
	if (Array.isArray(ai))
		for (const sub of ai)
			if (typeof sub !== 'string' || !AI_SUBCATEGORIES.has(sub))
				findings.push(`not an AI subcategory: ${String(sub)}`);
	return findings;
}

describe('valid-node-categories: the codex files use n8n’s categories', () => {
	it('each node’s codex file', () => {
		const codexFiles = filesUnder('nodes', '.node.json');
		expect(codexFiles).toHaveLength(3);
		for (const file of codexFiles)
			expect([relative(REPO, file), categoryFindings(JSON.parse(read(file)))]).toEqual([
				relative(REPO, file),
				[],
			]);
	});

	it('the check names a category n8n does not list and an AI category without its subcategory', () => {
		expect(categoryFindings({ categories: ['Marketing', 'Productivity'] })).toEqual([
			'not a category: Marketing',
		]);
		expect(categoryFindings({ categories: ['AI'] })).toEqual(['AI without subcategories.AI']);
		expect(
			categoryFindings({ categories: ['AI'], subcategories: { AI: ['Chat Models'] } }),
		).toEqual(['not an AI subcategory: Chat Models']);
	});
});
