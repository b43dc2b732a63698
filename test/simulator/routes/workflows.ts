/** GET /workflows and GET /workflows/{id} (contract, Endpoints). */
import { sendJson } from '../responses';
import type { Simulator } from '../simulator';
import { toWorkflowDetail, toWorkflowSummary } from '../workflow-projection';
import { listVisibleWorkflows, requireAllowedWorkflow } from '../workflow-visibility';

export function registerWorkflowRoutes(sim: Simulator): void {
	sim.routeOperation('listWorkflows', (ctx) => {
		sendJson(ctx.res, 200, listVisibleWorkflows(ctx.state, ctx.auth).map(toWorkflowSummary));
	});

	sim.routeOperation('getWorkflow', (ctx) => {
		sendJson(
			ctx.res,
			200,
			toWorkflowDetail(requireAllowedWorkflow(ctx.state, ctx.auth, ctx.params.id)),
		);
	});
}
