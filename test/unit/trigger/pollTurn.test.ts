import {
	TURN_MS,
	endTurn,
	takeTurn,
	type NoTurn,
	type PollTurn,
} from '../../../nodes/DraftingWorkspaceTrigger/pollTurn';

const T0 = Date.parse('2026-11-28T10:00:00Z');
let triggers = 0;
/** A trigger of its own for each test: the turns live in the module, shared by the process. */
const newTrigger = () => `wf-${++triggers}:node`;
const turnOf = (taken: PollTurn | NoTurn): PollTurn => {
	if (!('token' in taken)) throw new Error(`expected the turn, got: ${taken.reason}`);
	return taken;
};
const reasonOf = (taken: PollTurn | NoTurn): string | undefined =>
	'token' in taken ? undefined : taken.reason;

describe('pollTurn: one poll of a trigger at a time in an n8n process', () => {
	it('a poll that starts while another of the same trigger is under way has no turn, and waits for it to end; another trigger is not concerned', async () => {
		const key = newTrigger();
		const first = turnOf(takeTurn(key, 'saved', T0));
		const second = takeTurn(key, 'saved', T0 + 4);
		expect(reasonOf(second)).toBe('another poll of this trigger is under way in this n8n');
		expect(reasonOf(takeTurn(newTrigger(), 'saved', T0 + 4))).toBeUndefined();
		// It returns only once the poll under way has ended.
		let ended = false;
		void (second as NoTurn).wait?.then(() => (ended = true));
		await Promise.resolve();
		expect(ended).toBe(false);
		endTurn(first, true);
		await (second as NoTurn).wait;
		expect(ended).toBe(true);
	});

	it('after a poll that returned a state to save, a poll that loaded the state before it waits; one that loaded its state goes ahead', () => {
		const key = newTrigger();
		const first = turnOf(takeTurn(key, 'before', T0));
		endTurn(first, true);
		expect(reasonOf(takeTurn(key, 'before', T0 + 30))).toBe(
			'the state of the previous poll of this trigger is not saved yet',
		);
		const next = turnOf(takeTurn(key, first.token, T0 + 60));
		expect(next.from).toBe(first.token);
		expect(next.token).not.toBe(first.token);
	});

	it('after a poll that saved nothing (it failed, or n8n keeps nothing of it), the next goes ahead from the same state', () => {
		const key = newTrigger();
		endTurn(turnOf(takeTurn(key, 'before', T0)), false);
		expect(reasonOf(takeTurn(key, 'before', T0 + 30))).toBeUndefined();
	});

	it('a turn never holds past its lifetime: a poll that never ends, or a state refused by n8n, blocks for at most TURN_MS', () => {
		const hung = newTrigger();
		turnOf(takeTurn(hung, 'before', T0));
		expect(reasonOf(takeTurn(hung, 'before', T0 + TURN_MS - 1))).toBeDefined();
		expect(reasonOf(takeTurn(hung, 'before', T0 + TURN_MS))).toBeUndefined();

		const refused = newTrigger();
		endTurn(turnOf(takeTurn(refused, undefined, T0)), true);
		expect(reasonOf(takeTurn(refused, undefined, T0 + TURN_MS - 1))).toBeDefined();
		expect(turnOf(takeTurn(refused, undefined, T0 + TURN_MS)).from).toBe('');
	});
});
