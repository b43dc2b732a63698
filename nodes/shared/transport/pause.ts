/**
 * The pause that a rate limit or a tenant lock puts on a key. The service limits requests per key, not per
 * request: when one request is answered 429 (or 423), every other request with that key would be refused too.
 * So the wait is taken by all of them: a request that meets the refusal records how long the key must rest,
 * and every request with that key, in this n8n process, waits out what is left of that rest before it is sent,
 * instead of each lane retrying on its own and burning the key's requests. Pure: the caller gives the time.
 */
export class KeyPauses {
	private readonly until = new Map<string, number>();

	/** The key rests until `untilMs` (a longer rest already recorded is kept). */
	pause(key: string, untilMs: number): void {
		if ((this.until.get(key) ?? 0) < untilMs) this.until.set(key, untilMs);
	}

	/** How long a request with this key must still wait; a rest that has passed is forgotten. */
	remainingMs(key: string, nowMs: number): number {
		const until = this.until.get(key);
		if (until === undefined) return 0;
		if (until <= nowMs) {
			this.until.delete(key);
			return 0;
		}
		return until - nowMs;
	}
}

/** One board for the process: every node, item and execution that uses a key shares its rest. */
export const keyPauses = new KeyPauses();

/**
 * Who hears that the service pushed back (a 429 or 423) on a request made with a context: a batch's Auto window
 * (common/sendWindow.ts) narrows on it. The router sets it on the context its items run with; the transport
 * tells it which item's request was refused and until when the key rests, and sends it again at its turn.
 */
export const PUSHBACK_LISTENER = Symbol(
	'told when the service refuses a request made with this context',
);

/** What the listener returns: when the refused request may be sent again (its turn in the batch's window). */
export type PushbackListener = (itemIndex: number | undefined, restUntil: number) => Promise<void>;

/** Tells the context's listener, if it has one, that a request of `itemIndex` was refused; resolves at its turn. */
export async function reportPushback(
	context: object,
	itemIndex: number | undefined,
	restUntil: number,
): Promise<void> {
	await (context as { [PUSHBACK_LISTENER]?: PushbackListener })[PUSHBACK_LISTENER]?.(
		itemIndex,
		restUntil,
	);
}
