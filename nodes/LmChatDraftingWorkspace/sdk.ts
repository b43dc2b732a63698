import { NodeOperationError } from 'n8n-workflow';
import type { ISupplyDataFunctions } from 'n8n-workflow';

/** The first n8n that ships `@n8n/ai-node-sdk` (n8n 1.x and 2.0–2.15 do not); proven by the version matrix (e2e/matrix). */
const FIRST_N8N_WITH_AI_NODE_SDK = '2.16.0';

const SDK = '@n8n/ai-node-sdk';

/** Whether a failed require is the SDK itself being absent (not a fault inside it, nor another module missing). */
function isMissingSdk(error: unknown): boolean {
	const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
	return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.includes(`'${SDK}'`);
}

/**
 * The part of the Chat Model that needs the SDK, loaded when a chain first asks for the model. n8n's loader requires
 * every node file of a package in turn and drops the whole package when one throws, and its installer never installs
 * peer dependencies: a top-level import of the SDK would take the action node, the trigger and the credential down
 * on every n8n that lacks it. Loaded here, the package loads everywhere and only this node says what it needs.
 */
export async function loadModelSupplier(
	context: ISupplyDataFunctions,
): Promise<typeof import('./supply')> {
	try {
		return await import('./supply');
	} catch (error) {
		if (!isMissingSdk(error)) {
			throw new NodeOperationError(context.getNode(), error as Error, {
				description: 'The Chat Model could not load its model code: reinstall the package.',
			});
		}
		throw new NodeOperationError(
			context.getNode(),
			`This n8n cannot run the Drafting Workspace Chat Model: it needs n8n ${FIRST_N8N_WITH_AI_NODE_SDK} or later`,
			{
				description:
					`The Chat Model is built on n8n's AI node SDK (${SDK}), which n8n ships from version ${FIRST_N8N_WITH_AI_NODE_SDK} on; this n8n does not have it. ` +
					'Update n8n, or use the Drafting Workspace node with Chat → Chat Completion instead: it calls the same models and works on every n8n the package supports.',
			},
		);
	}
}
