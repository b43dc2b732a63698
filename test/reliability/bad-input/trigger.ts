import { seedRunWithDownloadPath } from '../support/downloadPath';
import { ctx, foreign, foreignUntouched, type TriggerRow } from './table';

/** Bad input of the trigger (Run Finished): its settings, its key, its Base URL, a file link on another origin. */
export const TRIGGER_ROWS: TriggerRow[] = [
	{
		operation: 'Trigger (Run Finished)',
		input: 'no event selected',
		parameters: { events: [] },
		errorClass: 'NodeOperationError',
		message: /^Select at least one event$/,
	},
	{
		operation: 'Trigger (Run Finished)',
		input: 'an expired key',
		parameters: { events: ['Completed'] },
		key: 'expired',
		errorClass: 'NodeApiError',
		message:
			/^The service refused the API key \(invalid_api_key\): it is wrong, revoked or expired$/,
	},
	{
		operation: 'Trigger (Run Finished)',
		input: 'a key without the workflows:read scope',
		parameters: { events: ['Completed'] },
		key: 'noWorkflowsRead',
		errorClass: 'NodeApiError',
		message: /^The API key lacks the scope workflows:read \(missing_scope\)$/,
	},
	{
		operation: 'Trigger (Run Finished)',
		input: 'a base URL that is not http(s)',
		parameters: { events: ['Completed'] },
		baseUrl: () => 'ftp://127.0.0.1/api',
		errorClass: 'NodeOperationError',
		message: /^The credential's Base URL is not a valid http\(s\) address$/,
	},
	{
		operation: 'Trigger (Run Finished)',
		input: 'a finished run whose downloadPath is on another origin (Attach Rendered Files)',
		parameters: { events: ['Completed'], options: { attachFiles: true } },
		afterActivation: async () => {
			// Finished after the activation (a run that finished before it is history and never fires).
			seedRunWithDownloadPath(ctx.sim, `${foreign.url}/files/steal.pdf`, {
				completedAt: new Date().toISOString(),
			});
		},
		errorClass: 'NodeOperationError',
		message: /^Refused to follow a link that points outside the service$/,
		after: foreignUntouched,
	},
];
