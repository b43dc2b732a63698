import { KeyPauses } from '../../../nodes/shared/transport/pause';

describe('KeyPauses: the rest a 429 or 423 puts on a key', () => {
	it('a key with no rest waits nothing; a rest is what is left of it, then forgotten', () => {
		const pauses = new KeyPauses();
		expect(pauses.remainingMs('k', 1_000)).toBe(0);
		pauses.pause('k', 3_000);
		expect(pauses.remainingMs('k', 1_000)).toBe(2_000);
		expect(pauses.remainingMs('k', 2_500)).toBe(500);
		expect(pauses.remainingMs('k', 3_000)).toBe(0);
		expect(pauses.remainingMs('k', 2_000)).toBe(0);
	});

	it('a shorter rest never cuts a longer one short; a longer one extends it', () => {
		const pauses = new KeyPauses();
		pauses.pause('k', 5_000);
		pauses.pause('k', 2_000);
		expect(pauses.remainingMs('k', 1_000)).toBe(4_000);
		pauses.pause('k', 9_000);
		expect(pauses.remainingMs('k', 1_000)).toBe(8_000);
	});

	it('keys rest apart: one key rate-limited does not hold another', () => {
		const pauses = new KeyPauses();
		pauses.pause('a', 5_000);
		expect(pauses.remainingMs('b', 1_000)).toBe(0);
		expect(pauses.remainingMs('a', 1_000)).toBe(4_000);
	});
});
