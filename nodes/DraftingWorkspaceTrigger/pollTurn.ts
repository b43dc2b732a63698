/**
 * One poll of a trigger at a time in this n8n process, so that two polls started from the same saved state never
 * fire the same run twice.
 *
 * n8n's durable scheduler makes one scheduled job per Poll Times entry and gives every entry of a node the same
 * second; its guard against a double commit is per occurrence, not per trigger. Two entries due together, or
 * overdue occurrences picked up together after a restart, run two polls of one trigger a few milliseconds apart:
 * both start from the same saved state, both emit the same runs, and n8n commits both. Nothing in the node's
 * state can prevent that (each poll sees only the state it started from), so the polls of one trigger that
 * overlap in this process take turns here: the first takes the turn and does the work; one that starts while it
 * is under way, or before its state has reached the database, changes nothing and returns nothing (n8n then
 * writes nothing for it), and the work is left to the next poll. One that starts while the other is under way
 * returns only once that one has ended: n8n's legacy poller shares one expression sandbox between the polls of a
 * workflow, and the first poll to end releases it for both (measured in n8n 2.41.1: the poll still under way then
 * failed with "No bridge acquired for this context").
 *
 * Nothing is lost when the poll that had the turn is abandoned or its commit refused: its state never reaches the
 * database, so the next poll starts from the state before it and fires what it would have fired. A turn never
 * blocks for longer than a poll can live (`TURN_MS`): it ends when its poll ends, and a poll that started from the
 * state a finished turn started from waits only while that turn's state may still be on its way; the clock is
 * read at each poll, no timer runs. After a restart this process knows of no turn: the saved state is the truth.
 *
 * A saved state is told apart by the token of the poll that wrote it (`poll` in the state): a poll that loads
 * the state a finished turn started from cannot tell whether that turn's commit is still on its way or was
 * refused, so it waits; one that loads the turn's own state (or a later one) knows it landed.
 */

/**
 * How long a turn holds at most, from its poll's start: a poll ends within 30 s (`pollBudget.ts`), n8n abandons
 * one after 45 s and leases it for 60 s; its state reaches the database within milliseconds of its end.
 */
export const TURN_MS = 60_000;

export interface PollTurn {
	/** Stamped on the state this poll writes. */
	readonly token: string;
	/** The token of the saved state the poll started from ('' when there was none, or it had no token). */
	readonly from: string;
	readonly until: number;
	/** The poll has ended: its state, if it returned one, may still be on its way to the database. */
	ended: boolean;
	/** The poll ended with a state n8n commits unless it refuses the poll: until it is seen saved, the turn holds. */
	saving: boolean;
	/** Settles when the poll ends. */
	readonly end: Promise<void>;
	readonly finish: () => void;
}

/** Why a poll has no turn; `wait`: the end of the poll under way, which it waits for before it returns. */
export interface NoTurn {
	reason: string;
	wait?: Promise<void>;
}

const turns = new Map<string, PollTurn>();
/** Tokens are unique within the process (the counter) and, in practice, across processes (time and a random part). */
const PROCESS_PART = Math.floor(Math.random() * 36 ** 4).toString(36);
let issued = 0;

/**
 * The turn for a poll of the trigger `key` (workflow id and node id) that loaded a state with token `loaded`, or
 * why it has none: then the poll must change nothing and return nothing.
 */
export function takeTurn(key: string, loaded: string | undefined, now: number): PollTurn | NoTurn {
	const held = turns.get(key);
	const from = loaded ?? '';
	if (held && now < held.until) {
		if (!held.ended)
			return { reason: 'another poll of this trigger is under way in this n8n', wait: held.end };
		if (held.saving && from === held.from)
			return { reason: 'the state of the previous poll of this trigger is not saved yet' };
	}
	issued += 1;
	let finish = () => {};
	const end = new Promise<void>((resolve) => (finish = resolve));
	const turn: PollTurn = {
		token: `${now.toString(36)}.${PROCESS_PART}.${issued.toString(36)}`,
		from,
		until: now + TURN_MS,
		ended: false,
		saving: false,
		end,
		finish,
	};
	turns.set(key, turn);
	return turn;
}

/** The poll of `turn` has ended; `saving`: with a state n8n commits unless it refuses the poll. */
export function endTurn(turn: PollTurn, saving: boolean): void {
	turn.ended = true;
	turn.saving = saving;
	turn.finish();
}
