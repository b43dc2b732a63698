// Test tooling, run as a child process by loadsWithoutSdk.test.ts.
// A host without @n8n/ai-node-sdk (n8n 1.x, 2.0–2.15): the SDK cannot be resolved, as in a community install where
// n8n's installer dropped the peer dependency and n8n itself does not ship it. n8n's own package loader
// (n8n-core's PackageDirectoryLoader: the same loop in 1.123, 2.0 and 2.41, one require per file, no error
// handling per file) then loads the built package from the folder given, and the Chat Model is asked for its model.
// Prints one JSON line: what loaded, and what the Chat Model answered.
'use strict';
const Module = require('node:module');

const hideSdk = process.argv.includes('--without-sdk');
if (hideSdk) {
	const resolveFilename = Module._resolveFilename;
	Module._resolveFilename = function (request, ...rest) {
		if (request === '@n8n/ai-node-sdk' || request.startsWith('@n8n/ai-node-sdk/')) {
			const error = new Error(`Cannot find module '${request}'`);
			error.code = 'MODULE_NOT_FOUND';
			throw error;
		}
		return resolveFilename.call(this, request, ...rest);
	};
}

require('reflect-metadata');
const { PackageDirectoryLoader } = require('n8n-core');

async function main() {
	const directory = process.argv[2];
	const result = { nodes: [], credentials: [] };
	const loader = new PackageDirectoryLoader(directory);
	try {
		await loader.loadAll();
	} catch (error) {
		result.loadError = String(error && error.message);
	}
	result.nodes = Object.keys(loader.nodeTypes).sort();
	result.credentials = Object.keys(loader.credentialTypes).sort();
	const chatModel = loader.nodeTypes.lmChatDraftingWorkspace;
	if (chatModel) {
		const node = {
			id: 'm',
			name: 'Drafting Workspace Chat Model',
			type: 'n8n-nodes-drafting-workspace.lmChatDraftingWorkspace',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		const parameters = { model: { __rl: true, mode: 'id', value: 'gpt-4o-mini' }, options: {} };
		const context = {
			getNode: () => node,
			getNodeParameter: (name, _item, fallback) =>
				name in parameters ? parameters[name] : fallback,
		};
		try {
			const supplied = await chatModel.type.supplyData.call(context, 0);
			result.supplied =
				supplied && typeof supplied.response === 'object' ? 'a model' : typeof supplied;
		} catch (error) {
			result.supplyError = {
				name: error.constructor.name,
				message: error.message,
				description: error.description,
			};
		}
	}
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	process.stdout.write(`${JSON.stringify({ crashed: String(error && error.stack) })}\n`);
});
