/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * n8n's own nodes (HTTP Request, Wait, If, No Operation) for the "what a user would build by hand" side of
 * each benchmark. They come from the real n8n installed by the e2e host (`e2e/n8n-host`, same n8n version as
 * the package is tested with) and run in the same n8n-core engine as this package's nodes, so both sides of a
 * comparison pay the same engine costs.
 */
import { join } from 'node:path';

import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { ensureHost, HOST_DIR } from '../../e2e/lib/host';
import { registerNodeTypes } from '../../test/harness';

type NodeClass = new () => INodeType | IVersionedNodeType;

function load(relativePath: string, className: string): INodeType | IVersionedNodeType {
	const nodesDir = join(HOST_DIR, 'node_modules', 'n8n-nodes-base', 'dist', 'nodes');
	const module = require(join(nodesDir, relativePath)) as Record<string, NodeClass>;
	return new module[className]();
}

/** Installs the host if needed, then registers the nodes; returns the n8n version they come from. */
export function registerN8nNodes(): string {
	const host = ensureHost();
	registerNodeTypes({
		'n8n-nodes-base.httpRequest': {
			type: load('HttpRequest/HttpRequest.node.js', 'HttpRequest'),
			sourcePath: '',
		},
		'n8n-nodes-base.wait': { type: load('Wait/Wait.node.js', 'Wait'), sourcePath: '' },
		'n8n-nodes-base.if': { type: load('If/If.node.js', 'If'), sourcePath: '' },
		'n8n-nodes-base.noOp': { type: load('NoOp/NoOp.node.js', 'NoOp'), sourcePath: '' },
	});
	return host.n8nVersion;
}
