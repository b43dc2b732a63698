import { supplyModel } from '@n8n/ai-node-sdk';
import type { ISupplyDataFunctions, SupplyData } from 'n8n-workflow';

import { WorkspaceChatModel } from './model';
import type { ChatModelOptions } from './options';

/**
 * The model handed to n8n's chains and agents. This is the only way in to `@n8n/ai-node-sdk` at run time: the node
 * file loads it on first use (`sdk.ts`), never at n8n's start, so a host without the SDK still loads the package.
 */
export function supplyWorkspaceModel(
	context: ISupplyDataFunctions,
	modelId: string,
	options: ChatModelOptions,
): SupplyData {
	return supplyModel(context, new WorkspaceChatModel(context, modelId, options));
}
