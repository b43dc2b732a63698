import type { IDataObject } from 'n8n-workflow';

import { PollHarness, type PollResult } from './poll';

/**
 * What n8n 2.41 does with a poll trigger's static data, per poller (read in n8n's code, measured in e2e/README.md):
 *
 * - `legacy` (n8n's default up to 2.44): one workflow object in memory; its static data is saved to the database
 *   after the activation poll and with every execution a poll emits. A crash loses what was not saved.
 * - `durable` (the durable scheduler, default from 2.45): every poll starts from the database. The node's static
 *   data is staged: committed with the execution the poll emits, or alone when it emits nothing; discarded when
 *   the poll fails, outlasts its timeout (`abandon`), or loses its lease before the commit (`fenced`). A poll may
 *   run twice from the same state (its lease ran out): the fence lets one of the two commit (`twice`). The first
 *   poll of a newly published trigger runs as a test: its node static data is committed only when it emits;
 *   the workflow's global static data is saved after the activation whatever it returned.
 */
export type Poller = 'legacy' | 'durable';
export type SchedulerFault = { kind: 'abandon' } | { kind: 'fenced' } | { kind: 'twice'; commits: 'first' | 'second'; gapMs: number };

export interface HostPollResult extends PollResult {
	/** Whether n8n committed what this poll did (the items it emitted became executions, its state was kept). */
	committed: boolean;
	/** A durable activation poll: its node state is gone, its global static data (the activation's record) kept. */
	activationPoll: boolean;
}

const isNodeKey = (key: string) => key.startsWith('node:');
const pick = (data: IDataObject, node: boolean) => Object.fromEntries(Object.entries(data).filter(([key]) => !key.startsWith('__') && isNodeKey(key) === node));

/** n8n's budget for a leased poll: its timeout (45 s) less the margin (9 s). */
const LEASED_POLL_BUDGET_MS = 36_000;

export class PollerHost {
	/** What the database holds. */
	private persisted: IDataObject = {};
	/** Legacy: the workflow object in memory. */
	private memory?: PollHarness;
	private activationPoll = true;
	/** Legacy: callbacks of the polls whose state lives only in memory (told when a crash loses it). */
	private unsaved: Array<() => void> = [];

	constructor(
		readonly poller: Poller,
		private parameters: IDataObject,
		private readonly credential: { baseUrl: string; apiKey: string },
		/** Moves the clock the trigger reads (a second run of a poll comes after its lease ran out). */
		private readonly advance: (ms: number) => void,
	) {}

	private harness(staticData: IDataObject, leased: boolean): Promise<PollHarness> {
		return PollHarness.create(this.parameters, this.credential, staticData, leased ? { pollBudgetMs: LEASED_POLL_BUDGET_MS } : {});
	}

	/** One poll; `lost` is called if a later crash discards what it did (legacy). */
	async poll(fault?: SchedulerFault, lost?: () => void): Promise<HostPollResult> {
		const activationPoll = this.activationPoll;
		this.activationPoll = false;
		if (this.poller === 'legacy') return await this.pollLegacy(activationPoll, lost);
		if (activationPoll) {
			const harness = await this.harness(this.persisted, false);
			const result = await harness.poll();
			const saved = harness.savedStaticData();
			this.persisted = result.items ? saved : { ...pick(this.persisted, true), ...pick(saved, false) };
			return { ...result, committed: !!result.items, activationPoll };
		}
		const first = await this.leasedPoll();
		if (fault?.kind === 'abandon' || fault?.kind === 'fenced') return { ...first.result, items: null, committed: false, activationPoll };
		if (fault?.kind !== 'twice') return this.commit(first);
		this.advance(fault.gapMs);
		const second = await this.leasedPoll();
		const log = [...first.result.log, ...second.result.log];
		return { ...this.commit(fault.commits === 'first' ? first : second), log };
	}

	private async leasedPoll(): Promise<{ result: PollResult; saved: IDataObject }> {
		const harness = await this.harness(this.persisted, true);
		const result = await harness.poll();
		return { result, saved: harness.savedStaticData() };
	}

	private commit({ result, saved }: { result: PollResult; saved: IDataObject }): HostPollResult {
		if (result.error) return { ...result, committed: false, activationPoll: false };
		// With an execution, n8n also saves the workflow's static data; alone, the node's is committed.
		this.persisted = result.items ? saved : { ...pick(this.persisted, false), ...pick(saved, true) };
		return { ...result, committed: true, activationPoll: false };
	}

	private async pollLegacy(activationPoll: boolean, lost?: () => void): Promise<HostPollResult> {
		this.memory ??= await this.harness(this.persisted, false);
		const result = await this.memory.poll();
		if (activationPoll || result.items) {
			this.persisted = this.memory.savedStaticData();
			this.unsaved = [];
		} else if (lost) {
			this.unsaved.push(lost);
		}
		return { ...result, committed: true, activationPoll: false };
	}

	/** n8n killed and started again. Legacy: memory is lost, and the start polls at once (an activation poll). */
	restart(): void {
		if (this.poller === 'durable') return;
		for (const lose of this.unsaved) lose();
		this.unsaved = [];
		this.memory = undefined;
		this.activationPoll = true;
	}

	/**
	 * The trigger's settings changed and the workflow was published again. Legacy: deactivation saves the static
	 * data, activation polls at once. Durable: the poll job is unchanged (same schedule), so nothing polls before
	 * the next scheduled poll, which reads the new settings.
	 */
	reconfigure(parameters: IDataObject): void {
		this.parameters = parameters;
		if (this.poller === 'durable') return;
		if (this.memory) this.persisted = this.memory.savedStaticData();
		this.unsaved = [];
		this.memory = undefined;
		this.activationPoll = true;
	}
}
