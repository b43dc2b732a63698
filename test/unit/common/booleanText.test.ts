// The one yes/no reading, shared by run inputs and template answers (docs/templates-and-documents.md and docs/runs.md: "Yes/no").
import { booleanFromText } from '../../../nodes/DraftingWorkspace/mapper/booleanText';

describe('booleanFromText', () => {
	test.each([
		[true, true],
		[false, false],
		['true', true],
		['yes', true],
		['  YES ', true],
		['True', true],
		['false', false],
		['no', false],
		[' No', false],
		['FALSE', false],
	])('%p reads as %p', (given, expected) => {
		expect(booleanFromText(given)).toBe(expected);
	});

	test.each(['maybe', '1', '0', 'y', 'n', '', 'on', 'off'])('%p is no yes/no answer', (given) => {
		expect(booleanFromText(given)).toBeUndefined();
	});
});
