/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The queue scenarios' workflows (their ids and webhook paths) and the queue lock settings n8n runs with.
import { renamed, type WorkflowJson } from '../lib/workflows';

/**
 * Shorter than n8n's defaults (lock 60 s, renewed every 10 s, stalled check every 30 s) so that scenario 3
 * sees a dead worker's job declared stalled in about 30 s instead of 60–90 s. Same mechanism, same outcome.
 * QUEUE_TEST_DEFAULT_LOCKS=1 keeps n8n's defaults (scenario 3 then takes about a minute longer).
 */
const DEFAULT_LOCKS = process.env.QUEUE_TEST_DEFAULT_LOCKS === '1';
export const LOCK_ENV: Record<string, string> = DEFAULT_LOCKS
	? {}
	: {
			QUEUE_WORKER_LOCK_DURATION: '20000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
			QUEUE_WORKER_STALLED_INTERVAL: '10000',
		};
export const LOCK_NOTE = DEFAULT_LOCKS
	? "n8n's default lock 60 s, stalled check every 30 s"
	: "lock 20 s, stalled check every 10 s; n8n's defaults are 60 s and 30 s";

export const WF = {
	pdf: 'dwQueueWebhookPdf',
	trigger: 'dwQueueRunFinished',
	wait: 'dwQueueWaitForRun',
	waitProgress: 'dwQueueWaitProgress',
};
export const PATHS = {
	pdf: 'dw-queue-pdf',
	wait: 'dw-queue-wait',
	waitProgress: 'dw-queue-wait-progress',
};

/** The scenario-3 workflow with "Save execution progress" on (another id, path and webhook id). */
export function withProgress(workflow: WorkflowJson): WorkflowJson {
	const copy = renamed(workflow, WF.waitProgress, `${workflow.name} (execution progress saved)`);
	copy.settings = { ...copy.settings, saveExecutionProgress: true };
	const hook = copy.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
	if (!hook) throw new Error('queue-wait-for-run.json has no Webhook node');
	hook.parameters = { ...hook.parameters, path: PATHS.waitProgress };
	hook.webhookId = '459c62eb-5867-4382-8d05-7be4576e0c99';
	return copy;
}
