/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { isDeepStrictEqual } from 'node:util';
import type { IDataObject } from 'n8n-workflow';

import { PollHarness, type PollResult } from './poll';

/**
 * What n8n 2.41 does with a poll trigger's static data, per poller (read in n8n's code, measured in e2e/README.md):
 *
 * - `legacy` (n8n's default up to 2.44): one workflow object in memory; its static data is saved to the database
 *   after the activation poll and with every execution a poll emits. A crash loses what was not saved.
 * - `durable` (the durable scheduler, default from 2.45): every poll starts from the database. The node's static
 *   data is staged: committed with the execution the poll emits, or alone when it emits nothing, and only when the
 *   poll changed it (n8n compares it with what it loaded); discarded when the poll fails, outlasts its timeout
 *   (`abandon`), or loses its lease before the commit (`fenced`). A poll may run twice from the same state (its
 *   lease ran out): the fence lets one of the two commit (`twice`). Two occurrences of one trigger may run at once
 *   from the same state (two Poll Times entries due together, overdue occurrences after a restart): the fence is
 *   per occurrence, so both may commit, in either order (`overlap`). The first poll of a newly published trigger
 *   runs as a test: its node static data is committed only when it emits; the workflow's global static data is
 *   saved after the activation whatever it returned. Scheduled polls run with activation mode `update`.
 *
 * Each host is one trigger of one n8n process: its workflow id changes at a restart (a new process knows nothing
 * of the polls under way in the old one).
 */
export type Poller = 'legacy' | 'durable';
export type SchedulerFault =
	| { kind: 'abandon' }
	| { kind: 'fenced' }
	| { kind: 'twice'; commits: 'first' | 'second'; gapMs: number }
	| Overlap;
/**
 * Two polls of one trigger started from the same saved state. The second starts once the service has received
 * `joins` requests of the first (0: both at once), or once the first has returned (before its commit), or once
 * the first is committed (the second loaded the state before that commit). `commits`: which one n8n commits
 * first; `discard`: one that n8n abandons or fences (its items and state dropped). The legacy poller runs both on
 * its one workflow object and has no fence.
 */
export type Overlap = {
	kind: 'overlap';
	joins: number | 'returned' | 'committed';
	commits: 'first' | 'second';
	discard?: 'first' | 'second';
};

export interface HostPollResult extends PollResult {
	/** Whether n8n committed what this poll did (the items it emitted became executions, its state was kept). */
	committed: boolean;
	/** A durable activation poll: its node state is gone, its global static data (the activation's record) kept. */
	activationPoll: boolean;
}

interface Leased {
	result: PollResult;
	loaded: IDataObject;
	saved: IDataObject;
}

const isNodeKey = (key: string) => key.startsWith('node:');
const pick = (data: IDataObject, node: boolean) =>
	Object.fromEntries(
		Object.entries(data).filter(([key]) => !key.startsWith('__') && isNodeKey(key) === node),
	);
/** n8n compares a poll's node static data with what it loaded (a node's data that was not there reads as empty). */
const sameNodeData = (a: IDataObject, b: IDataObject) =>
	[...new Set([...Object.keys(pick(a, true)), ...Object.keys(pick(b, true))])].every((key) =>
		isDeepStrictEqual(a[key] ?? {}, b[key] ?? {}),
	);
/** A poll that left the work to another poll of the trigger (it changed nothing and returned nothing). */
const leftTheWork = (result: PollResult) =>
	result.nodeLog.some((line) => /poll left to another poll/.test(line));

/** n8n's budget for a leased poll: its timeout (45 s) less the margin (9 s). */
const LEASED_POLL_BUDGET_MS = 36_000;
let hosts = 0;

export class PollerHost {
	/** What the database holds. */
	private persisted: IDataObject = {};
	/** Legacy: the workflow object in memory. */
	private memory?: PollHarness;
	private activationPoll = true;
	/** Legacy: callbacks of the polls whose state lives only in memory (told when a crash loses it). */
	private unsaved: Array<() => void> = [];
	private readonly id = ++hosts;
	private process = 1;

	constructor(
		readonly poller: Poller,
		private parameters: IDataObject,
		private readonly credential: { baseUrl: string; apiKey: string },
		/** Moves the clock the trigger reads (a second run of a poll comes after its lease ran out). */
		private readonly advance: (ms: number) => void,
		/** How many requests the service has received (an overlapping poll joins after a number of them). */
		private readonly requests: () => number = () => 0,
	) {}

	private harness(staticData: IDataObject, leased: boolean): Promise<PollHarness> {
		const workflowId = `wf-host-${this.id}-process-${this.process}`;
		return PollHarness.create(
			this.parameters,
			this.credential,
			staticData,
			leased ? { pollBudgetMs: LEASED_POLL_BUDGET_MS, workflowId } : { workflowId },
		);
	}

	/** One poll; `lost` is called if a later crash discards what it did (legacy). */
	async poll(fault?: SchedulerFault, lost?: () => void): Promise<HostPollResult> {
		const activationPoll = this.activationPoll;
		this.activationPoll = false;
		if (this.poller === 'legacy')
			return fault?.kind === 'overlap' && !activationPoll
				? await this.overlapLegacy(fault, lost)
				: await this.pollLegacy(activationPoll, lost);
		if (activationPoll) {
			const harness = await this.harness(this.persisted, false);
			const result = await harness.poll();
			const saved = harness.savedStaticData();
			this.persisted = result.items
				? saved
				: { ...pick(this.persisted, true), ...pick(saved, false) };
			return { ...result, committed: !!result.items, activationPoll };
		}
		if (fault?.kind === 'overlap') return await this.overlapDurable(fault);
		const first = await (await this.leasedPoll(this.persisted)).done;
		if (fault?.kind === 'abandon' || fault?.kind === 'fenced')
			return { ...first.result, items: null, committed: false, activationPoll };
		if (fault?.kind !== 'twice') return this.commit(first);
		this.advance(fault.gapMs);
		const second = await (await this.leasedPoll(this.persisted)).done;
		const log = [...first.result.log, ...second.result.log];
		return { ...this.commit(fault.commits === 'first' ? first : second), log };
	}

	private async leasedPoll(loaded: IDataObject): Promise<{ done: Promise<Leased> }> {
		const harness = await this.harness(loaded, true);
		const done = harness
			.poll('trigger', 'update')
			.then((result) => ({ result, loaded, saved: harness.savedStaticData() }));
		return { done };
	}

	/** Resolves once `count` more requests reached the service than at `from`, or `settled` has settled. */
	private async joinAfter(from: number, count: number, settled: Promise<unknown>): Promise<void> {
		let done = false;
		void settled.finally(() => (done = true));
		while (!done && this.requests() < from + count)
			await new Promise((resolve) => setImmediate(resolve));
	}

	private async overlapDurable(fault: Overlap): Promise<HostPollResult> {
		const loaded = this.persisted;
		const before = this.requests();
		const first = (await this.leasedPoll(loaded)).done;
		if (typeof fault.joins === 'number') await this.joinAfter(before, fault.joins, first);
		else await first;
		const firstDone = fault.joins === 'committed' ? await first : undefined;
		const kept: HostPollResult[] = [];
		if (firstDone && fault.discard !== 'first') kept.push(this.commit(firstDone));
		const second = (await this.leasedPoll(loaded)).done;
		const both = [await first, await second];
		const order = fault.commits === 'first' ? [0, 1] : [1, 0];
		for (const index of order) {
			if (index === 0 && firstDone) continue;
			if (fault.discard !== (index === 0 ? 'first' : 'second')) kept.push(this.commit(both[index]));
		}
		return this.pair(
			both.map((leased) => leased.result),
			kept,
		);
	}

	private async overlapLegacy(fault: Overlap, lost?: () => void): Promise<HostPollResult> {
		this.memory ??= await this.harness(this.persisted, false);
		const before = this.requests();
		const first = this.memory.poll();
		if (typeof fault.joins === 'number') await this.joinAfter(before, fault.joins, first);
		else await first;
		const both = await Promise.all([first, this.memory.poll()]);
		if (both.some((result) => result.items)) this.save();
		else if (lost) this.unsaved.push(lost);
		return this.pair(
			both,
			both.map((result) => ({
				...result,
				committed: !result.error && !leftTheWork(result),
				activationPoll: false,
			})),
		);
	}

	/** The two polls as one step: what both logged; what the kept ones emitted (each became an execution). */
	private pair(results: PollResult[], kept: HostPollResult[]): HostPollResult {
		const items = kept.filter((result) => result.committed).flatMap((result) => result.items ?? []);
		return {
			items: items.length ? items : null,
			error: results.find((result) => result.error)?.error,
			log: results.flatMap((result) => result.log),
			nodeLog: results.flatMap((result) => result.nodeLog),
			committed: kept.some((result) => result.committed),
			activationPoll: false,
		};
	}

	private commit({ result, loaded, saved }: Leased): HostPollResult {
		if (result.error) return { ...result, committed: false, activationPoll: false };
		// The node's static data is written only when the poll changed it; with an execution, n8n also saves the
		// workflow's static data.
		const node = sameNodeData(saved, loaded) ? pick(this.persisted, true) : pick(saved, true);
		this.persisted = {
			...(result.items ? pick(saved, false) : pick(this.persisted, false)),
			...node,
		};
		return { ...result, committed: !leftTheWork(result), activationPoll: false };
	}

	private save(): void {
		if (this.memory) this.persisted = this.memory.savedStaticData();
		this.unsaved = [];
	}

	private async pollLegacy(activationPoll: boolean, lost?: () => void): Promise<HostPollResult> {
		this.memory ??= await this.harness(this.persisted, false);
		const result = await this.memory.poll();
		if (activationPoll || result.items) this.save();
		else if (lost) this.unsaved.push(lost);
		return { ...result, committed: !leftTheWork(result), activationPoll: false };
	}

	/** n8n killed and started again: a new process. Legacy: memory is lost, and the start polls at once (an activation poll). */
	restart(): void {
		this.process += 1;
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
		this.save();
		this.memory = undefined;
		this.activationPoll = true;
	}
}
