import type { INodeProperties } from 'n8n-workflow';

import { DraftingWorkspace } from '../../../nodes/DraftingWorkspace/DraftingWorkspace.node';

test('Follow at Most is named for what it bounds; its parameter name stays followAtMost', () => {
	const { properties } = new DraftingWorkspace().description;
	const options = properties.flatMap((property) =>
		property.type === 'collection' ? (property.options as INodeProperties[]) : [],
	);
	const bounds = options.filter((option) => option.name === 'followAtMost');
	expect(new Set(bounds.map((option) => option.displayName))).toEqual(
		new Set(['Max Runs Followed at Once', 'Max Uploads Checked at Once']),
	);
	for (const option of bounds)
		expect(option.description).toMatch(
			/^How many of this node's (runs|uploaded documents) are (followed|checked) at the same time/,
		);
});
