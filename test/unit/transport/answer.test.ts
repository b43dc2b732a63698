import fc from 'fast-check';

import { describeAnswer, listAnswer, objectAnswer } from '../../../nodes/shared/transport/answer';
import { NOT_OBJECTS, notObject } from '../../expectations/untrusted';
import { runsOf } from '../../support/depth';

/** A problem is said in one line, briefly: it goes into an error message. */
function expectReadable(problem: string): void {
	expect(problem).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
	expect(problem.length).toBeLessThan(400);
	expect(problem).not.toBe('');
}

describe('describeAnswer: what came back, in a few words', () => {
	it.each([
		[null, 'null'],
		[undefined, 'an empty answer'],
		['', 'an empty answer'],
		[[], 'an empty list'],
		[[1], 'a list of 1 entry'],
		[[{}, {}], 'a list of 2 entries'],
		['accepted', 'the text "accepted"'],
		['a\r\nb', 'the text "a\\r\\nb"'],
		[202, 'the number 202'],
		[true, 'the boolean true'],
		[{}, 'an object (no fields)'],
		[{ status: 'Pending', startedAt: 'x' }, 'an object (its fields: status, startedAt)'],
	])('%j → %s', (value, expected) => expect(describeAnswer(value)).toBe(expected));

	it('quotes a long text only in part, and names at most a few fields', () => {
		expect(describeAnswer(`<html>${'x'.repeat(500)}`)).toMatch(/^the text "<html>x+…"$/);
		const many = Object.fromEntries(
			Array.from({ length: 20 }, (_, index) => [`field${index}`, index]),
		);
		expect(describeAnswer(many)).toContain('(20 in all)');
	});

	it('property: any JSON answer is described in one short line', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => expectReadable(describeAnswer(value))),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});

describe('objectAnswer: an object, its id when one is required', () => {
	it.each(NOT_OBJECTS.map(({ label, body }) => [label, body]))('refuses %s', (_label, body) => {
		const checked = objectAnswer(body);
		expect(checked).toEqual({ ok: false, problem: describeAnswer(body) });
	});

	it('accepts any object, however minimal, when no id is required (fields "not shown" stay optional)', () => {
		expect(objectAnswer({})).toEqual({ ok: true, value: {} });
		expect(objectAnswer({ status: 'Completed' })).toEqual({
			ok: true,
			value: { status: 'Completed' },
		});
	});

	it.each([
		[{ runId: 'run_1' }, true],
		[{ id: 'run_1' }, true],
		[{ run_id: 7 }, true],
		[{ runId: '' }, false],
		[{ runId: null, status: 'Pending' }, false],
		[{ runId: { id: 'x' } }, false],
		[{ status: 'Pending', startedAt: '2026-01-01T00:00:00Z' }, false],
	])('a start answer %j has a run ID: %s', (body, ok) => {
		const checked = objectAnswer(body, ['runId', 'id', 'run_id']);
		expect(checked.ok).toBe(ok);
		if (!checked.ok) expect(checked.problem).toMatch(/^an object without runId \(/);
	});

	it('property: an answer that is not an object is always refused, with a readable problem', () => {
		fc.assert(
			fc.property(notObject, (body) => {
				const checked = objectAnswer(body);
				expect(checked.ok).toBe(false);
				if (!checked.ok) expectReadable(checked.problem);
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});

	it('property: an object is accepted as it is, the same object', () => {
		fc.assert(
			fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) =>
				expect(objectAnswer(body)).toEqual({ ok: true, value: body }),
			),
		);
	});
});

describe('listAnswer: a list of objects, bare or wrapped', () => {
	it.each([
		[[{ id: 'a' }], [{ id: 'a' }]],
		[{ runs: [{ id: 'a' }] }, [{ id: 'a' }]],
		[{ data: [] }, []],
		[{ items: [{ id: 'b' }] }, [{ id: 'b' }]],
		[[], []],
	])('reads %j', (body, expected) =>
		expect(listAnswer(body, 'runs')).toEqual({ ok: true, value: expected }),
	);

	it.each([
		[null, 'null'],
		['runs', 'the text "runs"'],
		[{}, 'an object without a runs list (no fields)'],
		[{ runs: 'none' }, 'an object without a runs list (its fields: runs)'],
		[[{ id: 'a' }, null], 'a list whose entry 1 is null'],
		[['run_1'], 'a list whose entry 0 is the text "run_1"'],
		[[[{ id: 'a' }]], 'a list whose entry 0 is a list of 1 entry'],
	])('refuses %j: %s', (body, problem) =>
		expect(listAnswer(body, 'runs')).toEqual({ ok: false, problem }),
	);

	it('property: what is accepted is a list of objects, never null, a list or a text', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.jsonValue(),
					fc.array(fc.jsonValue()),
					fc.record({ runs: fc.array(fc.jsonValue()) }),
				),
				(body) => {
					const checked = listAnswer(body, 'runs');
					if (checked.ok)
						for (const entry of checked.value)
							expect(entry !== null && typeof entry === 'object' && !Array.isArray(entry)).toBe(
								true,
							);
					else expectReadable(checked.problem);
				},
			),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});
