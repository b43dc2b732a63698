/** The ramp's settings (pace.ts): its start, and how its doubling time shortens as it widens. */
export interface RampSettings {
	/** Sends in flight at the start: a small batch (up to this many items) goes all at once. */
	start: number;
	/** The ramp (until the first refusal or slow answer) doubles the window this often at `start`... */
	doublingMs: number;
	/** ...ever quicker as it widens (linearly in doublings), and this often from `quickAbove` on. */
	quickDoublingMs: number;
	quickAbove: number;
}

/** The ramp's size against ramp time, and its inverse. */
export interface RampCurve {
	sizeAt(rampMs: number): number;
	msAt(size: number): number;
}

/**
 * In doublings x = log2(size / start), the doubling time falls linearly from `doublingMs` (a) to `quickDoublingMs`
 * (q) over the first k doublings (up to `quickAbove`), then stays q: the time to x is a·x − b·x²/2 with
 * b = (a − q) / k, up to k, and q per doubling past it. Its constants are worked out once, not at every look.
 */
export function rampCurve({
	start,
	doublingMs: a,
	quickDoublingMs: q,
	quickAbove,
}: Readonly<RampSettings>): RampCurve {
	const k = Math.max(1, Math.log2(quickAbove / start));
	const b = (a - q) / k;
	const quickFromMs = a * k - (b * k * k) / 2;
	return {
		sizeAt(rampMs) {
			const x =
				rampMs > quickFromMs
					? k + (rampMs - quickFromMs) / q
					: b === 0
						? rampMs / a
						: (a - Math.sqrt(a * a - 2 * b * rampMs)) / b;
			return start * 2 ** x;
		},
		msAt(size) {
			const x = Math.max(0, Math.log2(size / start));
			return x <= k ? a * x - (b * x * x) / 2 : quickFromMs + q * (x - k);
		},
	};
}
