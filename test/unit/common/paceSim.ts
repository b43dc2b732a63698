/**
 * Auto's pace (nodes/DraftingWorkspace/pace/pace.ts) against a made-up service on a made-up clock: sends go out as
 * the window allows, each answered when the service says. Pure: no timers.
 */
import { AUTO_PACE, AutoPace, type PaceSettings } from '../../../nodes/DraftingWorkspace/pace/pace';

/** When the service answers a send that begins at `now` with `inFlight` others in flight (this one included). */
export type Service = (now: number, inFlight: number) => number;

/** One server taking one send at a time, each for `serviceMs(n)` (the n-th send): as many answers a second however many wait. */
export function oneAtATime(serviceMs: (n: number) => number): Service {
	let freeAt = 0;
	let n = 0;
	return (now) => (freeAt = Math.max(freeAt, now) + serviceMs(n++));
}

/** Any number side by side, each taking `latencyMs(now)`: more in flight, more answers a second. */
export function sideBySide(latencyMs: (now: number) => number): Service {
	return (now) => now + latencyMs(now);
}

export interface SimResult {
	/** The window after each answer. */
	windows: number[];
	/** When the last answer came. */
	endAt: number;
}

/** Sends `count` sends through Auto's window against `service`; looks at the window every `lookMs` as the caller does. */
export function simulate(
	service: Service,
	count: number,
	settings: Partial<PaceSettings> = {},
	lookMs = 10,
): SimResult {
	const pace = new AutoPace({ ...AUTO_PACE, ...settings });
	const answers: Array<{ at: number; sentAt: number }> = [];
	const windows: number[] = [];
	let now = 0;
	let sent = 0;
	let endAt = 0;
	const fill = () => {
		while (sent < count && answers.length < pace.limit(now)) {
			pace.sent(now);
			sent++;
			answers.push({ at: service(now, answers.length + 1), sentAt: now });
		}
		answers.sort((a, b) => a.at - b.at);
	};
	fill();
	while (answers.length) {
		const next = answers[0];
		// The caller looks at the window while it waits (its wake-ups), then hears the answer.
		while (now + lookMs < next.at) {
			now += lookMs;
			fill();
		}
		now = Math.max(now, next.at);
		answers.shift();
		pace.answered(now, next.sentAt, now - next.sentAt);
		windows.push(pace.limit(now));
		endAt = now;
		fill();
	}
	return { windows, endAt };
}

/** The mean of the last `share` of the values. */
export function meanOfLast(values: number[], share: number): number {
	const tail = values.slice(Math.floor(values.length * (1 - share)));
	return tail.reduce((sum, value) => sum + value, 0) / Math.max(1, tail.length);
}
