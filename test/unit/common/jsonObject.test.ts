// The one JSON-object parser (Start Run's Input (JSON), Chat's JSON Schema, event data): each caller keeps its words.
import type { INode } from 'n8n-workflow';

import {
	jsonObjectParameter,
	parseJsonObject,
	parseJsonText,
} from '../../../nodes/shared/common/jsonObject';

const node: INode = {
	id: 'n',
	name: 'Drafting Workspace',
	type: 'dw',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const wording = {
	field: 'Input (JSON)',
	syntaxHint: (detail: string) => `${detail}. Enter an object.`,
	objectHint: 'Enter an object.',
};

describe('parseJsonObject', () => {
	test('an object, as text or already parsed', () => {
		expect(parseJsonObject('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
		expect(parseJsonObject({ a: 1 })).toEqual({ ok: true, value: { a: 1 } });
	});

	test('arrays, null, scalars and missing values are not objects', () => {
		for (const raw of ['[1]', 'null', '3', '"text"', undefined, null, [1]])
			expect(parseJsonObject(raw)).toEqual({ ok: false, problem: 'notObject' });
	});

	test('invalid JSON says why', () => {
		const parsed = parseJsonObject('{a}');
		expect(parsed.ok).toBe(false);
		expect(parsed).toMatchObject({ problem: 'syntax' });
	});
});

describe('jsonObjectParameter', () => {
	test("names the field in its refusals, with the caller's hints", () => {
		expect(() => jsonObjectParameter(node, '{a}', 0, wording)).toThrow(
			'Input (JSON) is not valid JSON',
		);
		expect(() => jsonObjectParameter(node, '[]', 0, wording)).toThrow(
			'Input (JSON) must be an object',
		);
		expect(jsonObjectParameter(node, '{"counterparty": "Acme"}', 0, wording)).toEqual({
			counterparty: 'Acme',
		});
	});
});

describe('parseJsonText', () => {
	test('parses text that looks like an object or array, keeps anything else as given', () => {
		expect(parseJsonText('{"a":1}')).toEqual({ a: 1 });
		expect(parseJsonText(' [1] ')).toEqual([1]);
		expect(parseJsonText('data')).toBe('data');
		expect(parseJsonText('{broken')).toBe('{broken');
		expect(parseJsonText(3)).toBe(3);
	});
});
