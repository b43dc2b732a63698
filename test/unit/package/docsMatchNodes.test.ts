/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The documentation read against the nodes it describes. README.md and docs/*.md (but ARCHITECTURE.md and
// RELIABILITY.md, which describe the code, not the editor) are read; the nodes come from dist/ through n8n's
// loader, as n8n loads them. What is checked:
// - every bold span quotes this package's editor: `**Label**` is a field, an option, a mode, an operation or a
//   node shown in the page's place (its node, and the operation its heading names), and `**A → B → C**` is a
//   path down the editor (a node to its resource to its operation, a field to its option or mode, a collection to
//   its field);
// - every italic span quotes the package too: a label, or a message the code writes (a `…` stands for a cut, and a
//   value such as an ID fills a placeholder of the code's message), and so does a double-quoted message of four
//   words or more and each line of the "The test says" column;
// - every default a table states (its Default column, or "Default N" in the row of a bold field) is the field's
//   default, in the editor's words (`on`/`off`, an option's name);
// - every relative link and image resolves, and so does its #anchor (GitHub's heading ids).
// The one convention the docs keep for it: bold and italic written with asterisks quote this package; written with
// underscores (`__Settings → Community Nodes__`, `_Save execution progress_`) they quote anything else (n8n's own
// screens and messages, other nodes) or only stress a word, and are not checked.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import * as ts from 'typescript';

import { loadPackage } from '../../harness';

const REPO = resolve(__dirname, '..', '..', '..');
const PLACEHOLDER = '\u0000';

// ---------------------------------------------------------------------------------------------------------------
// The editor, as a tree of labels.

interface Label {
	label: string;
	/** Other names the editor shows for it (a node's name on the canvas). */
	also?: string[];
	children: Label[];
	/** The field's default in the editor's words, when the label is a field. */
	defaults?: string[];
}

function optionName(property: INodeProperties, value: unknown): string | undefined {
	const options = (property.options ?? []) as INodePropertyOptions[];
	return options.find((option) => option.value === value)?.name;
}

/** A field's default as the docs write it: an option's name, on/off, the number or text. */
function renderedDefault(property: INodeProperties): string[] {
	const value = property.default;
	if (property.type === 'options') return [optionName(property, value) ?? String(value)];
	if (property.type === 'multiOptions' && Array.isArray(value))
		return [value.map((entry) => optionName(property, entry) ?? String(entry)).join(', ')];
	if (typeof value === 'boolean') return value ? ['on', 'true'] : ['off', 'false'];
	if (typeof value === 'number' || typeof value === 'string') return [String(value)];
	return [];
}

/** What n8n itself shows inside a field of this type (the resource mapper's own heading and modes). */
const MAPPER_LABELS = [
	'Values to Send',
	'Mapping Column Mode',
	'Map Each Column Manually',
	'Map Automatically',
];

function fieldLabel(property: INodeProperties): Label {
	const children: Label[] = [];
	if (property.type === 'options' || property.type === 'multiOptions') {
		for (const option of (property.options ?? []) as INodePropertyOptions[])
			children.push({ label: option.name, children: [] });
	} else if (property.type === 'collection') {
		for (const option of (property.options ?? []) as INodeProperties[])
			children.push(fieldLabel(option));
	} else if (property.type === 'fixedCollection') {
		for (const group of (property.options ?? []) as INodePropertyCollection[]) {
			const values = group.values.map(fieldLabel);
			children.push({ label: group.displayName, children: values }, ...values);
		}
	}
	for (const mode of property.modes ?? []) children.push({ label: mode.displayName, children: [] });
	if (property.type === 'resourceMapper') {
		// The editor shows the mapper under its own heading, never the parameter's display name.
		const modes = MAPPER_LABELS.slice(2).map((label) => ({ label, children: [] }));
		return {
			label: MAPPER_LABELS[0],
			children: [{ label: MAPPER_LABELS[1], children: modes }, ...modes],
		};
	}
	return { label: property.displayName, children, defaults: renderedDefault(property) };
}

/** Whether a property shows for this resource and operation (other display conditions are values a user picks). */
function showsFor(
	property: INodeProperties,
	resource: string | undefined,
	operation: string | undefined,
): boolean {
	const show = property.displayOptions?.show ?? {};
	if (resource !== undefined && show.resource && !show.resource.includes(resource)) return false;
	if (operation !== undefined && show.operation && !show.operation.includes(operation))
		return false;
	return true;
}

interface Place {
	node: INodeTypeDescription | { displayName: string; properties: INodeProperties[]; name: string };
	resource?: string;
	operation?: string;
}

const isControl = (property: INodeProperties) =>
	property.name === 'resource' || property.name === 'operation' || property.type === 'notice';

function operationsOf(node: Place['node'], resource: string): INodePropertyOptions[] {
	const operation = node.properties.find(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	);
	return (operation?.options ?? []) as INodePropertyOptions[];
}

function resourcesOf(node: Place['node']): INodePropertyOptions[] {
	return (node.properties.find((property) => property.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
}

function operationLabel(
	node: Place['node'],
	resource: string,
	operation: INodePropertyOptions,
): Label {
	const fields = node.properties
		.filter(
			(property) => !isControl(property) && showsFor(property, resource, String(operation.value)),
		)
		.map(fieldLabel);
	return { label: operation.name, children: fields };
}

function resourceLabel(node: Place['node'], resource: INodePropertyOptions): Label {
	const operations = operationsOf(node, String(resource.value));
	return {
		label: resource.name,
		children: operations.map((operation) =>
			operationLabel(node, String(resource.value), operation),
		),
	};
}

/** The node itself: its resources (or its fields), and the actions the nodes panel lists. */
function nodeLabel(node: Place['node']): Label {
	const resources = resourcesOf(node);
	const children = resources.length
		? [
				...resources.map((resource) => resourceLabel(node, resource)),
				...resources.flatMap((resource) =>
					operationsOf(node, String(resource.value)).flatMap((operation) =>
						operation.action
							? [
									{
										...operationLabel(node, String(resource.value), operation),
										label: operation.action,
									},
								]
							: [],
					),
				),
			]
		: node.properties.filter((property) => !isControl(property)).map(fieldLabel);
	const named =
		'defaults' in node && node.defaults?.name && node.defaults.name !== node.displayName
			? [node.defaults.name]
			: [];
	return { label: node.displayName, children, also: named } as Label;
}

/** The labels a span may start from at a place: the nodes, the place's resources and operations, its fields. */
function rootsAt(places: Place[]): Label[] {
	return [
		...allNodes.map(nodeLabel),
		...places.flatMap(({ node, resource, operation }) => {
			const extra =
				'polling' in node && node.polling ? [{ label: 'Poll Times', children: [] }] : [];
			const resources = resourcesOf(node).filter(
				(entry) => resource === undefined || entry.value === resource,
			);
			const operations = resources.flatMap((entry) =>
				operationsOf(node, String(entry.value))
					.filter((op) => operation === undefined || op.value === operation)
					.map((op) => operationLabel(node, String(entry.value), op)),
			);
			const fields = node.properties
				.filter((property) => !isControl(property) && showsFor(property, resource, operation))
				.filter((property) => resource !== undefined || !property.displayOptions?.show?.resource)
				.map(fieldLabel);
			return [
				...resources.map((entry) => resourceLabel(node, entry)),
				...operations,
				...fields,
				...extra,
			];
		}),
	];
}

/** Every node of the package (and the credential), which any page may name. */
let allNodes: Array<Place['node']> = [];

function flatten(labels: Label[]): Label[] {
	return labels.flatMap((label) => [label, ...flatten(label.children)]);
}

/** Every label a path of labels reaches at a place, or none. */
function resolvePath(segments: string[], roots: Label[]): Label[] {
	let current = flatten(roots).filter(
		(label) => label.label === segments[0] || label.also?.includes(segments[0]),
	);
	for (const segment of segments.slice(1))
		current = current.flatMap((label) => label.children.filter((child) => child.label === segment));
	return current;
}

// ---------------------------------------------------------------------------------------------------------------
// The code's messages.

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

/** Every text the code writes, each placeholder (a `${…}`, a concatenated value) marked. */
function codeTexts(): string[] {
	const texts: string[] = [];
	const stringOf = (node: ts.Node): string => {
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
		if (ts.isTemplateExpression(node))
			return (
				node.head.text + node.templateSpans.map((span) => PLACEHOLDER + span.literal.text).join('')
			);
		if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
			return stringOf(node.left) + stringOf(node.right);
		if (ts.isParenthesizedExpression(node)) return stringOf(node.expression);
		return PLACEHOLDER;
	};
	for (const file of [
		...sourceFiles(join(REPO, 'nodes')),
		...sourceFiles(join(REPO, 'credentials')),
	]) {
		const source = ts.createSourceFile(
			file,
			readFileSync(file, 'utf8'),
			ts.ScriptTarget.ES2022,
			true,
		);
		const visit = (node: ts.Node): void => {
			const isText =
				ts.isStringLiteral(node) ||
				ts.isNoSubstitutionTemplateLiteral(node) ||
				ts.isTemplateExpression(node);
			const isJoin =
				ts.isBinaryExpression(node) &&
				node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
				!(
					ts.isBinaryExpression(node.parent) &&
					node.parent.operatorToken.kind === ts.SyntaxKind.PlusToken
				);
			if (isText || isJoin) texts.push(stringOf(node).replace(/\s+/g, ' '));
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	return texts.filter((text) => text.replaceAll(PLACEHOLDER, '').trim().length > 0);
}

/**
 * Whether `piece` is part of what `text` writes once its placeholders are filled: the text's own words around the
 * values, in order, covering at least half of the piece.
 */
function partOf(piece: string, text: string): boolean {
	const fragments = text.split(PLACEHOLDER);
	if (fragments.length === 1) return text.includes(piece);
	const need = Math.max(6, Math.ceil(piece.length / 2));
	// Matches `rest` from fragment `index` on, where a placeholder comes first; returns the most characters covered.
	const follow = (rest: string, index: number, covered: number): number => {
		if (rest.length === 0) return covered;
		if (index >= fragments.length) return covered + 0; // the piece ends in the last placeholder
		let best = -1;
		const fragment = fragments[index];
		for (let at = 0; at <= rest.length; at += 1) {
			const tail = rest.slice(at);
			if (tail.length === 0) best = Math.max(best, covered);
			else if (fragment.length > 0 && fragment.startsWith(tail))
				best = Math.max(best, covered + tail.length);
			else if (fragment.length > 0 && tail.startsWith(fragment))
				best = Math.max(
					best,
					follow(tail.slice(fragment.length), index + 1, covered + fragment.length),
				);
			else if (fragment.length === 0) best = Math.max(best, follow(tail, index + 1, covered));
		}
		return best;
	};
	for (let index = 0; index < fragments.length; index += 1) {
		const fragment = fragments[index];
		for (let start = 0; start <= fragment.length; start += 1) {
			const head = fragment.slice(start);
			if (head.length > 0 && head.startsWith(piece)) return true;
			if (!piece.startsWith(head)) continue;
			if (follow(piece.slice(head.length), index + 1, head.length) >= need) return true;
		}
	}
	return false;
}

// ---------------------------------------------------------------------------------------------------------------
// The documents.

interface Span {
	file: string;
	line: number;
	kind: 'bold' | 'italic' | 'quote' | 'says';
	text: string;
	places: Place[];
}

interface DefaultClaim {
	file: string;
	line: number;
	label: string;
	stated: string;
	places: Place[];
}

interface Link {
	file: string;
	line: number;
	target: string;
}

const ARROW = ' → ';

/** A heading's id as GitHub writes it. */
function slug(heading: string): string {
	const text = heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/`/g, '')
		.replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1')
		.trim()
		.toLowerCase();
	return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

function anchorsOf(path: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	let fenced = false;
	for (const line of readFileSync(path, 'utf8').split('\n')) {
		if (/^\s*```/.test(line)) fenced = !fenced;
		const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
		if (!heading) continue;
		const base = slug(heading[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	return anchors;
}

/** Inline code and HTML comments taken out, so that what they hold is never read as emphasis. */
function withoutCode(text: string): string {
	return text.replace(/<!--.*?-->/g, ' ').replace(/`[^`]*`/g, '⟨code⟩');
}

function spansOf(paragraph: string): Array<{ kind: 'bold' | 'italic' | 'quote'; text: string }> {
	const found: Array<{ kind: 'bold' | 'italic' | 'quote'; text: string }> = [];
	const text = withoutCode(paragraph);
	for (const match of text.matchAll(/\*\*(.+?)\*\*/g)) found.push({ kind: 'bold', text: match[1] });
	const rest = text
		.replace(/\*\*(.+?)\*\*/g, ' ')
		.replace(/(?<!\w)__(?!\s)(.+?)(?<!\s)__(?!\w)/g, ' ')
		.replace(/(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)/g, ' ');
	for (const match of rest.matchAll(/(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])/g))
		found.push({ kind: 'italic', text: match[1] });
	for (const match of rest.matchAll(/"([^"]+)"/g))
		if (match[1].trim().split(/\s+/).length >= 4) found.push({ kind: 'quote', text: match[1] });
	return found;
}

const cellsOf = (row: string) =>
	row
		.trim()
		.replace(/^\|/, '')
		.replace(/\|$/, '')
		.split(/(?<!\\)\|/)
		.map((cell) => cell.trim());

interface Document {
	spans: Span[];
	defaults: DefaultClaim[];
	links: Link[];
}

/** Reads a document: its spans and default claims with the place each is in, and its links. */
function readDocument(file: string, pagePlaces: Place[], checkText: boolean): Document {
	const document: Document = { spans: [], defaults: [], links: [] };
	const lines = readFileSync(join(REPO, file), 'utf8').split('\n');
	let places = pagePlaces;
	const headingPlaces: Array<{ level: number; places: Place[] }> = [];
	let paragraph: Array<{ line: number; text: string }> = [];
	let table: { header: string[]; under?: string } | undefined;
	let lastParagraph = '';
	let fenced = false;

	const flush = () => {
		if (paragraph.length) lastParagraph = paragraph.map((entry) => entry.text).join(' ');
		if (paragraph.length && checkText) {
			const text = paragraph.map((entry) => entry.text).join(' ');
			for (const span of spansOf(text))
				document.spans.push({ file, line: paragraph[0].line, ...span, places });
		}
		paragraph = [];
	};

	lines.forEach((raw, index) => {
		const line = index + 1;
		if (/^\s*```/.test(raw)) {
			flush();
			fenced = !fenced;
			return;
		}
		if (fenced) return;
		for (const match of withoutCode(raw).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
			document.links.push({ file, line, target: match[1] });
		const heading = /^(#{1,6})\s+(.*)$/.exec(raw);
		if (heading) {
			flush();
			table = undefined;
			const level = heading[1].length;
			while (headingPlaces.length && headingPlaces[headingPlaces.length - 1].level >= level)
				headingPlaces.pop();
			const named = placesNamed(heading[2], pagePlaces);
			if (named.length) headingPlaces.push({ level, places: named });
			places = headingPlaces.length ? headingPlaces[headingPlaces.length - 1].places : pagePlaces;
			return;
		}
		if (/^\s*\|/.test(raw)) {
			flush();
			const cells = cellsOf(raw);
			if (!table) {
				// A table right after "**Options**:" (or "- **Wait Options**:") lists that collection's fields.
				const lead = /^(?:[-*] )?\*\*([^*]+)\*\*(?:[:,]|$)/.exec(lastParagraph)?.[1];
				table = { header: cells, under: lead };
				return;
			}
			if (cells.every((cell) => /^:?-+:?$/.test(cell))) return;
			if (!checkText) return;
			for (const span of spansOf(raw)) document.spans.push({ file, line, ...span, places });
			const row = /^\*\*([^*]+)\*\*$/.exec(cells[0])?.[1];
			if (
				row &&
				table.under &&
				resolvePath([table.under], rootsAt(places)).some((label) => label.children.length)
			) {
				document.spans.push({
					file,
					line,
					kind: 'bold',
					text: `${table.under}${ARROW}${row}`,
					places,
				});
			}
			const says = table.header.findIndex((cell) => /^The test says$/i.test(cell));
			if (says >= 0 && cells[says] && !cells[says].includes('`'))
				document.spans.push({ file, line, kind: 'says', text: cells[says], places });
			const label = /^\*\*([^*]+)\*\*$/.exec(cells[0])?.[1];
			if (label) {
				const column = table.header.findIndex((cell) => /^Default$/i.test(cell));
				if (column >= 0 && cells[column])
					document.defaults.push({ file, line, label, stated: cells[column], places });
				for (const cell of cells.slice(1)) {
					for (const match of cell.matchAll(/\bDefault (\S+?)[.,;)]?(?:\s|$)/g))
						document.defaults.push({ file, line, label, stated: match[1], places });
				}
			}
			return;
		}
		table = undefined;
		if (raw.trim() === '') {
			flush();
			return;
		}
		if (/^\s*[-*] /.test(raw)) flush();
		paragraph.push({ line, text: raw.trim() });
	});
	flush();
	return document;
}

/** The place a heading names: an operation (`Start`, `Template → Get`), a resource, or none. */
function placesNamed(heading: string, pagePlaces: Place[]): Place[] {
	const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim();
	const named: Place[] = [];
	for (const place of pagePlaces) {
		for (const resource of resourcesOf(place.node)) {
			if (place.resource !== undefined && place.resource !== resource.value) continue;
			for (const operation of operationsOf(place.node, String(resource.value))) {
				if (text === operation.name || text === `${resource.name}${ARROW}${operation.name}`) {
					named.push({
						node: place.node,
						resource: String(resource.value),
						operation: String(operation.value),
					});
				}
			}
		}
	}
	return named;
}

// ---------------------------------------------------------------------------------------------------------------

const OWNED_ELSEWHERE = ['docs/ARCHITECTURE.md', 'docs/RELIABILITY.md'];

async function loadDocs() {
	const { loader } = await loadPackage();
	const nodes = loader.types.nodes;
	const byName = (name: string) => nodes.find((node) => node.name === name)!;
	const action = byName('draftingWorkspace');
	const trigger = byName('draftingWorkspaceTrigger');
	const chatModel = byName('lmChatDraftingWorkspace');
	const credential = loader.types.credentials[0];
	const tool = { ...action, displayName: `${action.displayName} Tool`, name: `${action.name}Tool` };
	const credentialNode = {
		displayName: credential.displayName,
		name: credential.name,
		properties: credential.properties,
	};
	const everywhere: Place[] = [
		{ node: action },
		{ node: tool },
		{ node: trigger },
		{ node: chatModel },
		{ node: credentialNode },
	];
	allNodes = everywhere.map((place) => place.node);
	const pages: Record<string, Place[]> = {
		'README.md': everywhere,
		'docs/ai-agent-tool.md': [{ node: action }, { node: tool }],
		'docs/chat-model.md': [{ node: chatModel }],
		'docs/chat.md': [{ node: action, resource: 'chat' }],
		'docs/errors.md': everywhere,
		'docs/input-documents.md': [{ node: action, resource: 'inputDocument' }],
		'docs/running-at-scale.md': [{ node: action }],
		'docs/runs.md': [{ node: action, resource: 'run' }],
		'docs/templates-and-documents.md': [
			{ node: action, resource: 'template' },
			{ node: action, resource: 'document' },
		],
		'docs/trigger.md': [{ node: trigger }],
		'docs/try-it.md': everywhere,
		'docs/workflows.md': [{ node: action, resource: 'workflow' }],
	};
	const files = [
		'README.md',
		...readdirSync(join(REPO, 'docs'))
			.filter((name) => name.endsWith('.md'))
			.map((name) => `docs/${name}`),
	];
	const documents = files.map((file) => {
		const checked = !OWNED_ELSEWHERE.includes(file);
		if (checked && !pages[file])
			throw new Error(`${file}: say in docsMatchNodes.test.ts which node it describes`);
		return readDocument(file, pages[file] ?? everywhere, checked);
	});
	const descriptionTexts: string[] = [];
	const collect = (value: unknown): void => {
		if (typeof value === 'string') descriptionTexts.push(value.replace(/\s+/g, ' '));
		else if (Array.isArray(value)) value.forEach(collect);
		else if (value && typeof value === 'object') Object.values(value).forEach(collect);
	};
	collect([...nodes, ...loader.types.credentials]);
	return {
		descriptionTexts,
		spans: documents.flatMap((document) => document.spans),
		defaults: documents.flatMap((document) => document.defaults),
		links: documents.flatMap((document) => document.links),
	};
}

const where = (entry: { file: string; line: number }) => `${entry.file}:${entry.line}`;

describe('the docs say what the editor shows', () => {
	let docs: Awaited<ReturnType<typeof loadDocs>>;
	let texts: string[];
	beforeAll(async () => {
		docs = await loadDocs();
		texts = [...codeTexts(), ...docs.descriptionTexts];
	});

	test('every bold span is a label, or a path of labels, at its place', () => {
		const wrong = docs.spans
			.filter((span) => span.kind === 'bold')
			.filter(
				(span) =>
					resolvePath(
						span.text.split(ARROW).map((segment) => segment.trim()),
						rootsAt(span.places),
					).length === 0,
			)
			.map((span) => `${where(span)} **${span.text}**`);
		expect(wrong).toEqual([]);
	});

	test('every italic span and quoted message is written by the package (a label, a description, a message)', () => {
		const known = (piece: string) => texts.some((text) => partOf(piece, text));
		const wrong = docs.spans
			.filter((span) => span.kind !== 'bold')
			.filter((span) => {
				const pieces = span.text
					.replace(/\s+/g, ' ')
					.split('…')
					.map((piece) => piece.trim().replace(/^[("']+|[)"'.:,]+$/g, ''))
					.filter((piece) => piece.length > 0);
				// A message the code builds from several texts is quoted sentence by sentence.
				const sentences = (piece: string) =>
					piece.split(/(?<=[.;])\s+/).map((part) => part.replace(/[.;]$/, ''));
				return pieces.some(
					(piece) =>
						!known(piece) && !known(`${piece}.`) && !sentences(piece).every((part) => known(part)),
				);
			})
			.map(
				(span) => `${where(span)} ${span.kind === 'italic' ? `*${span.text}*` : `"${span.text}"`}`,
			);
		expect(wrong).toEqual([]);
	});

	test('every place a message of the nodes sends a user to ("under Values to Send") is one the editor shows', () => {
		const all = rootsAt([{ node: allNodes[0] }, ...allNodes.slice(2).map((node) => ({ node }))]);
		// What follows "under " up to the end of its clause; it names a place when some run of its first words does.
		const named = texts.flatMap((text) =>
			[...text.matchAll(/\bunder ([A-Z][^,.;:()\u0000]*)/g)].map((match) => match[1].trim()),
		);
		const resolves = (place: string) => {
			const words = place.split(' ');
			return words.some(
				(_, end) =>
					resolvePath(
						words
							.slice(0, words.length - end)
							.join(' ')
							.split(ARROW),
						all,
					).length > 0,
			);
		};
		const wrong = [...new Set(named)].filter((place) => !resolves(place));
		expect(named.length).toBeGreaterThan(0);
		expect(wrong).toEqual([]);
	});

	test('every default a table states is the field’s default', () => {
		const wrong = docs.defaults
			.filter((claim) => {
				const fields = flatten(rootsAt(claim.places)).filter(
					(label) => label.label === claim.label && label.defaults?.length,
				);
				if (!fields.length) return true;
				const stated = claim.stated.replace(/\*\*/g, '');
				return !fields.some((field) =>
					field.defaults!.some((value) =>
						new RegExp(
							`(^|[^\\w.])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.]|\\.(\\s|$))`,
							'i',
						).test(stated),
					),
				);
			})
			.map((claim) => `${where(claim)} ${claim.label}: ${claim.stated}`);
		expect(wrong).toEqual([]);
	});

	test('every relative link and anchor resolves', () => {
		const wrong = docs.links
			.filter(({ target }) => !/^[a-z]+:/i.test(target))
			.filter(({ file, target }) => {
				const [path, anchor] = target.split('#');
				const to = path
					? resolve(dirname(join(REPO, file)), decodeURIComponent(path))
					: join(REPO, file);
				if (!existsSync(to)) return true;
				if (anchor === undefined) return false;
				return !to.endsWith('.md') || !anchorsOf(to).has(anchor);
			})
			.map((link) => `${where(link)} ${link.target}`);
		expect(wrong).toEqual([]);
	});
});

describe('the README’s first screen', () => {
	// GitHub at 1440 × 900 shows the title, the introduction and about a dozen lines more before the fold; a picture
	// takes most of a screen, so the two commands come before the first one.
	test('the demo and test commands come before the first picture, within its first 15 lines', () => {
		const lines = readFileSync(join(REPO, 'README.md'), 'utf8').split('\n');
		const demo = lines.findIndex((line) => line.startsWith('npm ci && npm run demo'));
		const tests = lines.findIndex((line) => line.startsWith('npm ci && npm test'));
		const picture = lines.findIndex((line) => /^!\[/.test(line));
		expect(demo).toBeGreaterThan(0);
		expect(tests).toBeGreaterThan(0);
		expect(Math.max(demo, tests)).toBeLessThan(Math.min(15, picture === -1 ? Infinity : picture));
	});
});

describe('the checks themselves', () => {
	test('GitHub’s heading ids', () => {
		expect(slug("n8n's SSRF protection")).toBe('n8ns-ssrf-protection');
		expect(slug('Template → Get Many')).toBe('template--get-many');
		expect(slug('The version matrix (`npm run test:matrix`)')).toBe(
			'the-version-matrix-npm-run-testmatrix',
		);
	});

	test('a message with its values filled in is part of the code’s message', () => {
		const text = `Run "${PLACEHOLDER}" was not found (404)`;
		expect(partOf('Run "run_1" was not found (404)', text)).toBe(true);
		expect(partOf('was not found (404)', text)).toBe(true);
		expect(partOf('Run "run_1" was lost (404)', text)).toBe(false);
		expect(partOf('Run "run_1', text)).toBe(false);
	});

	test('spans: bold, italic, quoted; code and underscores are not read', () => {
		expect(
			spansOf(
				'**Wait Options → Timeout (Seconds)**, *Busy workspace?*, __Settings__, _stress_, `**no**`, _"not a message of ours"_, "a message of four words"',
			),
		).toEqual([
			{ kind: 'bold', text: 'Wait Options → Timeout (Seconds)' },
			{ kind: 'italic', text: 'Busy workspace?' },
			{ kind: 'quote', text: 'a message of four words' },
		]);
	});
});
