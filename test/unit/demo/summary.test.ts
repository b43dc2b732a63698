// The demo's summary lines: an answer is shortened at a word's end, never in the middle of one.
import { shortened } from '../../../demo/summary';

describe('shortened', () => {
	it('keeps a text that fits, whitespace made single spaces', () => {
		expect(shortened('A  short\nanswer', 90)).toBe('A short answer');
	});

	it('cuts after the last whole word within the limit, with an ellipsis', () => {
		expect(
			shortened('Confidentiality: each party keeps the other party’s information secret', 30),
		).toBe('Confidentiality: each party…');
		expect(shortened('one two three', 7)).toBe('one two…');
	});

	it('never ends in part of a word, whatever the limit', () => {
		const text =
			'{"text":"Each party shall keep the Confidential Information of the other party secret and use it only for the Purpose."}';
		for (let max = 15; max < text.length; max += 1) {
			const line = shortened(text, max);
			expect(line.length).toBeLessThanOrEqual(max + 1);
			const kept = line.slice(0, -1);
			expect(text.startsWith(kept)).toBe(true);
			expect(text[kept.length] === ' ' || /[,;:]/.test(text[kept.length] ?? '')).toBe(true);
		}
	});

	it('a single word longer than the limit stays whole', () => {
		expect(shortened('Supercalifragilistic rest', 5)).toBe('Supercalifragilistic…');
	});
});
