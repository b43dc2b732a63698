// What the simulator offers the demo's key (alice, ws_acme), computed from its fixtures: the lists the editor's
// pickers must show, in every browser test file.
import { FIXTURE_IDS } from '../../test/simulator';
import { buildFixtureWorkflows } from '../../test/simulator/fixture-workflows';
import { buildFixtureTemplates } from '../../test/simulator/templates/fixtures';

export const ACME = FIXTURE_IDS.workspaces.acme;

/** Workflows the key sees: its tenant's, with an active version (drafts and archived ones never surface). */
const allWorkflows = buildFixtureWorkflows({ acme: ACME, globex: FIXTURE_IDS.workspaces.globex });
export const visibleWorkflows = allWorkflows.filter(
	(workflow) =>
		workflow.workspaceId === ACME &&
		workflow.versions.some((version) => version.status === 'active'),
);
export const hiddenWorkflows = allWorkflows.filter(
	(workflow) => !visibleWorkflows.includes(workflow),
);

/** Templates the key sees: its tenant's active ones, unrestricted or open to alice. */
const allTemplates = buildFixtureTemplates();
export const visibleTemplates = allTemplates.filter(
	(template) =>
		template.workspaceId === ACME &&
		template.active &&
		(!template.restrictedToUserIds ||
			template.restrictedToUserIds.includes(FIXTURE_IDS.users.alice)),
);
export const hiddenTemplates = allTemplates.filter(
	(template) => !visibleTemplates.includes(template),
);
