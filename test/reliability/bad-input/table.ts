import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, runAdmin, type FixtureKeyName } from '../../simulator';
import type { ItemSpec } from '../support/harness';
import { ReliabilityContext } from '../support/results';
import { ForeignOrigin } from '../support/servers';

/**
 * What a row of the bad-input table is, the simulator and the foreign origin its rows run against (one of each per
 * test file: the rows' set-up and checks read them), and the items and seeds the rows of every resource build on.
 */

export const ctx = new ReliabilityContext();
export const foreign = new ForeignOrigin();
export const wf = FIXTURE_IDS.workflows;
export const steps = FIXTURE_IDS.steps;
export const mapper = (value: IDataObject) => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns: [],
	schema: [],
});

type ErrorClass = 'NodeOperationError' | 'NodeApiError';

export interface Row {
	operation: string;
	input: string;
	parameters: IDataObject;
	key?: FixtureKeyName;
	/** The three items; `vars` come from `setup` (ids of runs and documents made for the row). */
	items: (vars: IDataObject) => ItemSpec[];
	setup?: () => Promise<IDataObject>;
	/** The bad item, or `all` when the bad input is the credential (every item fails alike). */
	bad: 1 | 'all';
	errorClass: ErrorClass;
	message: RegExp;
	httpCode?: string;
	/** Extra checks after both runs (nothing sent to another origin, no request to an unintended path…). */
	after?: () => void;
}

export interface TriggerRow {
	operation: 'Trigger (Run Finished)';
	input: string;
	parameters: IDataObject;
	key?: FixtureKeyName;
	baseUrl?: () => string;
	/** Runs that finish after activation, before the polled poll. */
	afterActivation?: () => Promise<void>;
	message: RegExp;
	errorClass: ErrorClass;
	after?: () => void;
}

export const three = (make: (index: number) => ItemSpec): ItemSpec[] => [0, 1, 2].map(make);
export const jsonItems = (good: IDataObject, bad: IDataObject) => () =>
	three((index) => ({ json: index === 1 ? bad : good }));

export const text = (name: string, body = 'Plain notes for the run.\n'): ItemSpec['binary'] => ({
	data: { fileName: name, mimeType: 'text/plain', base64: Buffer.from(body).toString('base64') },
});

/** Three Completed runs of the contract summary (seeded: settled at once, files built on first read). */
export function seedSummaryRuns(
	count = 3,
	workflowId: string = wf.agentSummary,
	key: FixtureKeyName = 'full',
	status: 'Completed' | 'Running' = 'Completed',
): string[] {
	return runAdmin(ctx.sim).seedRuns([
		{
			workflowId,
			keyId: FIXTURE_IDS.keys[key],
			status,
			startedAt: new Date(Date.now() - 60_000).toISOString(),
			count,
		},
	]);
}

export const noRequestTo = (path: RegExp) => () =>
	expect(ctx.sim.admin.requests().filter((entry) => path.test(entry.path))).toEqual([]);
export const foreignUntouched = () => expect(foreign.hits).toEqual([]);
