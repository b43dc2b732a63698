// The house rules of nodes/ that no compiler checks: what shared/ holds, where a path of the contract is written,
// which room may import which, and the size of a file.
import {
	cycles,
	importGraph,
	read,
	reachable,
	sourceFiles,
	stringLiterals,
} from '../../support/sourceGraph';

const files = sourceFiles('nodes');
const graph = importGraph(files);
const NODES = {
	action: 'nodes/DraftingWorkspace/',
	trigger: 'nodes/DraftingWorkspaceTrigger/',
	chatModel: 'nodes/LmChatDraftingWorkspace/',
};

/** The shared files each node's own files reach, directly or through other shared files. */
function sharedReachedBy(nodeFolder: string): Set<string> {
	const reached = new Set<string>();
	for (const file of files.filter((candidate) => candidate.startsWith(nodeFolder))) {
		for (const target of reachable(graph, file))
			if (target.startsWith('nodes/shared/')) reached.add(target);
	}
	return reached;
}

/** The room of a file: `shared/<folder>`, `<Node>/<folder>`, or `<Node>` for a node's own top-level files. */
function roomOf(file: string): string {
	const parts = file.split('/');
	return parts.length > 3 ? `${parts[1]}/${parts[2]}` : parts[1];
}

/**
 * What each room may import besides itself. Lower rooms never import higher ones: the transport talks HTTP, the
 * client is the contract on it, shared domains use both, and inside the action node the pace engine and the pure
 * helpers sit under the domains, which sit under the operations.
 */
const SHARED_BASE = [
	'shared/transport',
	'shared/client',
	'shared/common',
	'shared/runs',
	'shared/chat',
];
const MAY_IMPORT: Record<string, string[]> = {
	'shared/transport': [],
	'shared/client': ['shared/transport'],
	'shared/common': ['shared/transport', 'shared/client'],
	'shared/runs': ['shared/transport', 'shared/client', 'shared/common'],
	'shared/chat': ['shared/transport', 'shared/client', 'shared/common'],
	'DraftingWorkspace/pace': ['shared/transport', 'shared/common'],
	'DraftingWorkspace/mapper': SHARED_BASE,
	'DraftingWorkspace/execution': [...SHARED_BASE, 'DraftingWorkspace/pace'],
	'DraftingWorkspace/runs': [
		...SHARED_BASE,
		'DraftingWorkspace/pace',
		'DraftingWorkspace/execution',
		'DraftingWorkspace/mapper',
		'DraftingWorkspace/inputDocuments',
	],
	'DraftingWorkspace/templates': [
		...SHARED_BASE,
		'DraftingWorkspace/pace',
		'DraftingWorkspace/execution',
		'DraftingWorkspace/mapper',
	],
	'DraftingWorkspace/inputDocuments': [
		...SHARED_BASE,
		'DraftingWorkspace/pace',
		'DraftingWorkspace/execution',
	],
};
const ACTION_ROOMS = Object.keys(MAY_IMPORT).filter((room) =>
	room.startsWith('DraftingWorkspace/'),
);
MAY_IMPORT['DraftingWorkspace/actions'] = [...SHARED_BASE, ...ACTION_ROOMS];
MAY_IMPORT['DraftingWorkspace/methods'] = [...SHARED_BASE, ...ACTION_ROOMS];
MAY_IMPORT.DraftingWorkspace = [
	...SHARED_BASE,
	...ACTION_ROOMS,
	'DraftingWorkspace/actions',
	'DraftingWorkspace/methods',
];
for (const node of ['DraftingWorkspaceTrigger', 'LmChatDraftingWorkspace'])
	MAY_IMPORT[node] = [...SHARED_BASE];
MAY_IMPORT.DraftingWorkspaceTrigger.push('DraftingWorkspaceTrigger/state');
MAY_IMPORT['DraftingWorkspaceTrigger/state'] = SHARED_BASE;

/** Each endpoint of the contract, as the code writes its path (a literal, or the part after an id). */
const ENDPOINT_PATHS: Array<[string, RegExp]> = [
	['GET /workflows, GET /workflows/{id}', /^\/workflows(\/\$\{|$)/],
	['/workflows/runs and every run endpoint', /^\/workflows\/runs/],
	['POST …/cancel', /\}\/cancel$/],
	['GET …/events', /\}\/events$/],
	['GET …/files/{stepId}/download', /\/files\//],
	['GET …/input-documents/{documentVersionId}/download', /\/input-documents\//],
	['/workflow-inputs/documents', /^\/workflow-inputs\/documents/],
	['/document-templates', /^\/document-templates/],
	['POST /document-templates/{templateId}/documents', /\}\/documents$/],
	['GET /v1/models', /^\/v1\/models/],
	['POST /v1/chat/completions', /^\/v1\/chat\/completions/],
];

describe('nodes/ layout', () => {
	test('every file of nodes/shared/ is reached by at least two of the three nodes', () => {
		const reachedBy = Object.values(NODES).map(sharedReachedBy);
		const sharedFiles = files.filter((file) => file.startsWith('nodes/shared/'));
		const usedByOne = sharedFiles.filter(
			(file) => reachedBy.filter((reached) => reached.has(file)).length < 2,
		);
		expect(usedByOne).toEqual([]);
		expect(sharedFiles.length).toBeGreaterThan(20);
	});

	test.each(ENDPOINT_PATHS)(
		'the path of %s is written in one file, the client',
		(_name, pattern) => {
			const writers = files.filter((file) =>
				stringLiterals(read(file)).some((literal) => pattern.test(literal)),
			);
			expect(writers).toHaveLength(1);
			expect(writers[0]).toMatch(/^nodes\/shared\/client\//);
		},
	);

	test('no import cycle', () => {
		expect(cycles(graph)).toEqual([]);
	});

	test('each room imports only the rooms under it, and no node imports another', () => {
		const upward: string[] = [];
		for (const [file, targets] of graph) {
			const room = roomOf(file);
			const allowed = MAY_IMPORT[room];
			if (!allowed) {
				upward.push(`${file}: its room ${room} has no rule (add it to MAY_IMPORT)`);
				continue;
			}
			for (const target of targets) {
				const targetRoom = roomOf(target);
				if (targetRoom !== room && !allowed.includes(targetRoom))
					upward.push(`${file} → ${target}`);
			}
		}
		expect(upward).toEqual([]);
	});

	test('files have one job: at most 250 lines, the router at most 100', () => {
		const lines = (file: string) => read(file).split('\n').length - 1;
		expect(files.filter((file) => lines(file) > 250)).toEqual([]);
		expect(lines('nodes/DraftingWorkspace/actions/router.ts')).toBeLessThanOrEqual(100);
	});

	test('the checks above see what they check: the string reader skips comments, the graph finds imports', () => {
		expect(
			stringLiterals("// '/workflows'\n/* '/v1/models' */ const a = '/workflows/runs';"),
		).toEqual(['/workflows/runs']);
		expect(graph.get('nodes/shared/client/index.ts')).toContain('nodes/shared/client/runs.ts');
	});
});
