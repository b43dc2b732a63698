import Ajv2020 from 'ajv/dist/2020';
import { FIXTURE_KEYS } from '../index';
import { postChatCompletion, readChatStream } from '../chat/testing';
import { useTestServer } from './helpers';

interface Completion {
	choices: { message: { content: string }; finish_reason: string }[];
	usage: { completion_tokens: number };
}

/** An independent validator: ajv with real checks for every format the simulator claims to produce. */
function schemaValidator(): Ajv2020 {
	const ajv = new Ajv2020({
		strict: true,
		strictRequired: false,
		allowUnionTypes: true,
		allErrors: true,
	});
	ajv.addFormat(
		'date',
		(value: string) =>
			/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
	);
	ajv.addFormat(
		'date-time',
		(value: string) =>
			/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
			!Number.isNaN(Date.parse(value)),
	);
	ajv.addFormat('time', /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
	ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
	ajv.addFormat('uri', (value: string) => URL.canParse(value));
	ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
	return ajv;
}

const CONTRACT_SCHEMA = {
	type: 'object',
	title: 'Contract facts',
	additionalProperties: false,
	required: ['title', 'parties', 'effective_date'],
	properties: {
		title: { type: 'string', description: 'The heading of the contract' },
		parties: {
			type: 'array',
			minItems: 2,
			maxItems: 4,
			items: {
				type: 'object',
				additionalProperties: false,
				required: ['name', 'role'],
				properties: {
					name: { type: 'string' },
					role: { type: 'string', enum: ['buyer', 'seller'] },
				},
			},
		},
		effective_date: { type: 'string', format: 'date' },
		signed_at: { type: 'string', format: 'date-time' },
		term_months: { type: 'integer', minimum: 6, maximum: 60 },
		fee: { type: 'number' },
		renewable: { type: 'boolean' },
		notes: { type: ['string', 'null'] },
		tags: { type: 'array', items: { type: 'string' } },
		penalty_points: { type: 'integer', maximum: 0 },
		contact: { type: 'string', format: 'email' },
		reference: { type: 'string', format: 'uuid' },
	},
};

const jsonSchemaFormat = (schema: object, name = 'contract_facts', strict = true) => ({
	type: 'json_schema',
	json_schema: { name, schema, strict },
});

describe('POST /v1/chat/completions with response_format (Chat completion: "structured-output constraint forwarded verbatim")', () => {
	const t = useTestServer({ chatChunkDelayMs: 0 }, { resetBeforeEach: false });

	const chat = (body: unknown) => postChatCompletion(t.url, FIXTURE_KEYS.full, body);
	const complete = async (body: Record<string, unknown>): Promise<Completion> => {
		const res = await chat(body);
		expect(res.status).toBe(200);
		return (await res.json()) as Completion;
	};
	const request = (response_format: unknown, extra: Record<string, unknown> = {}) => ({
		model: 'dw-standard',
		messages: [{ role: 'user', content: 'Extract the facts.' }],
		response_format,
		...extra,
	});

	describe('Honoured: json_schema over the supported keywords', () => {
		test('The answer is JSON that validates against the schema (ajv, real format checks), with every property filled deterministically (a prompt without names or dates: placeholders for those, its phrase for the rest)', async () => {
			const body = await complete(request(jsonSchemaFormat(CONTRACT_SCHEMA)));
			expect(body.choices[0].finish_reason).toBe('stop');
			const answer: unknown = JSON.parse(body.choices[0].message.content);
			const validate = schemaValidator().compile(CONTRACT_SCHEMA);
			expect(validate.errors ?? validate(answer)).toBe(true);
			expect(answer).toEqual({
				title: 'Extract the facts',
				parties: [
					{ name: 'example name', role: 'buyer' },
					{ name: 'example name', role: 'buyer' },
				],
				effective_date: '2026-01-15',
				signed_at: '2026-01-15T12:00:00Z',
				term_months: 6,
				fee: 1,
				renewable: true,
				notes: 'Extract the facts',
				tags: ['Extract the facts'],
				penalty_points: 0,
				contact: 'example@example.com',
				reference: '00000000-0000-4000-8000-000000000000',
			});
			// Deterministic: the same request, the same content.
			expect(
				(await complete(request(jsonSchemaFormat(CONTRACT_SCHEMA)))).choices[0].message.content,
			).toBe(body.choices[0].message.content);
		});

		test('Filled from the prompt: names (quoted or capitalised) for name fields, its dates, the number nearest the field words, a mentioned enum value, its email', async () => {
			const prompt =
				'Draft an NDA between "Globex Corporation" and Jane Doe as seller, effective March 3, 2026, for 24 months at a fee of 1,500.50 EUR. ' +
				'Contact legal@globex.example with questions.';
			const body = await complete(
				request(jsonSchemaFormat(CONTRACT_SCHEMA), {
					messages: [{ role: 'user', content: prompt }],
				}),
			);
			const answer: unknown = JSON.parse(body.choices[0].message.content);
			const validate = schemaValidator().compile(CONTRACT_SCHEMA);
			expect(validate.errors ?? validate(answer)).toBe(true);
			expect(answer).toMatchObject({
				title: 'Draft an NDA between "Globex Corporation" and Jane Doe as',
				parties: [
					{ name: 'Globex Corporation', role: 'seller' },
					{ name: 'Jane Doe', role: 'seller' },
				],
				effective_date: '2026-03-03',
				signed_at: '2026-03-03T00:00:00Z',
				term_months: 24,
				fee: 1500.5,
				contact: 'legal@globex.example',
			});
			// Kept within the schema: a number the prompt gives above the maximum is the maximum.
			const capped = await complete(
				request(
					jsonSchemaFormat({
						type: 'object',
						properties: { term_months: { type: 'integer', minimum: 6, maximum: 60 } },
					}),
					{ messages: [{ role: 'user', content: 'A term of 120 months.' }] },
				),
			);
			expect(JSON.parse(capped.choices[0].message.content)).toEqual({ term_months: 60 });
			// The last user message is the one answered.
			const two = await complete(
				request(jsonSchemaFormat({ type: 'object', properties: { party: { type: 'string' } } }), {
					messages: [
						{ role: 'user', content: 'An agreement with Umbrella Corp.' },
						{ role: 'assistant', content: 'Noted.' },
						{ role: 'user', content: 'Now the one with Wayne Enterprises.' },
					],
				}),
			);
			expect(JSON.parse(two.choices[0].message.content)).toEqual({ party: 'Wayne Enterprises' });
		});

		test('Other roots: an array schema, a string schema (named after the schema), strict omitted', async () => {
			const clauses = { type: 'array', items: { type: 'string' }, minItems: 3 };
			const list = await complete(
				request({ type: 'json_schema', json_schema: { name: 'clauses', schema: clauses } }),
			);
			expect(JSON.parse(list.choices[0].message.content)).toEqual([
				'Extract the facts',
				'Extract the facts',
				'Extract the facts',
			]);
			const single = await complete(
				request(jsonSchemaFormat({ type: 'string' }, 'headline', false)),
			);
			expect(JSON.parse(single.choices[0].message.content)).toBe('Extract the facts');
		});

		test('Every instance validates: a table of schemas', async () => {
			const schemas = [
				{ type: 'object', properties: {} },
				{ type: 'object', properties: { count: { type: 'integer', minimum: 2.5 } } },
				{ type: 'object', properties: { ratio: { type: 'number', minimum: -1, maximum: 0.5 } } },
				{
					type: 'object',
					properties: {
						when: { type: 'string', format: 'time' },
						site: { type: 'string', format: 'uri' },
					},
				},
				{
					type: 'object',
					properties: { empty: { type: 'array', maxItems: 0, items: { type: 'string' } } },
				},
				{ type: 'object', required: ['extra'], additionalProperties: { type: 'integer' } },
				{
					type: 'object',
					properties: {
						nested: {
							type: 'object',
							properties: {
								deeper: { type: 'array', items: { type: 'array', items: { enum: [3, 'x'] } } },
							},
						},
					},
				},
				{ type: 'null' },
			];
			const ajv = schemaValidator();
			for (const schema of schemas) {
				const body = await complete(request(jsonSchemaFormat(schema, 'item')));
				const validate = ajv.compile(schema);
				const answer: unknown = JSON.parse(body.choices[0].message.content);
				expect({ schema, answer, valid: validate(answer) }).toEqual({
					schema,
					answer,
					valid: true,
				});
			}
		});

		test('response_format { type: text }, null or absent: a text answer', async () => {
			for (const format of [{ type: 'text' }, null, undefined]) {
				const body = await complete(request(format));
				expect(body.choices[0].message.content).toBe('Standard answer: Extract the facts.');
			}
		});

		test('Limits (cap): a json_schema answer is cut like text: truncated JSON, finish_reason length', async () => {
			const schema = { type: 'object', properties: { summary: { type: 'string' } } };
			const full = await complete(request(jsonSchemaFormat(schema)));
			expect(full.choices[0].message.content).toBe('{"summary":"Extract the facts"}');
			expect(full.usage.completion_tokens).toBe(3);
			const cut = await complete(request(jsonSchemaFormat(schema), { max_completion_tokens: 1 }));
			expect(cut.choices[0]).toMatchObject({
				message: { content: '{"summary":"Extract' },
				finish_reason: 'length',
			});
		});

		test('Streamed, the deltas of a json_schema answer add up to the same JSON', async () => {
			const plain = await complete(request(jsonSchemaFormat(CONTRACT_SCHEMA)));
			const stream = await readChatStream(
				await chat(request(jsonSchemaFormat(CONTRACT_SCHEMA), { stream: true })),
			);
			expect(stream.done).toBe(true);
			expect(stream.content).toBe(plain.choices[0].message.content);
		});
	});

	describe('Errors (structured_output_unsupported): what this deployment cannot honour', () => {
		const refused = async (format: unknown): Promise<string> => {
			const res = await chat(request(format));
			expect(res.status).toBe(400);
			const body = (await res.json()) as { error: string; message: string };
			expect(body.error).toBe('structured_output_unsupported');
			return body.message;
		};
		const property = (schema: object) =>
			jsonSchemaFormat({ type: 'object', properties: { field: schema } });

		test('Other response_format types: json_object, an unknown type, a bare string', async () => {
			expect(await refused({ type: 'json_object' })).toContain('json_object');
			expect(await refused({ type: 'xml' })).toContain('xml');
			expect(await refused({})).toContain('null');
			expect(await refused('json')).toMatch(/cannot honour/);
		});

		test.each([
			['$ref', { $ref: '#/$defs/x' }],
			['oneOf', { oneOf: [{ type: 'string' }, { type: 'integer' }] }],
			['anyOf', { anyOf: [{ type: 'string' }, { type: 'null' }] }],
			['allOf', { allOf: [{ type: 'string' }] }],
			['pattern', { type: 'string', pattern: '^[A-Z]+$' }],
			['minLength', { type: 'string', minLength: 3 }],
			['const', { const: 'fixed' }],
			['prefixItems', { type: 'array', prefixItems: [{ type: 'string' }] }],
		])(
			'A schema using %s is refused and the message names the keyword and where it is',
			async (keyword, schema) => {
				const message = await refused(property(schema));
				expect(message).toContain(`"${keyword}"`);
				expect(message).toContain('#/properties/field');
			},
		);

		test('$defs at the root, an unknown JSON type, an array form of items', async () => {
			expect(await refused(jsonSchemaFormat({ type: 'object', $defs: {} }))).toContain('"$defs"');
			expect(await refused(property({ type: 'date' }))).toContain('"date"');
			expect(await refused(property({ type: 'array', items: [{ type: 'string' }] }))).toContain(
				'#/properties/field/items',
			);
		});

		test('A json_schema response_format without its parts: json_schema, name, schema', async () => {
			expect(await refused({ type: 'json_schema' })).toContain('json_schema');
			expect(
				await refused({ type: 'json_schema', json_schema: { schema: { type: 'object' } } }),
			).toContain('name');
			expect(await refused({ type: 'json_schema', json_schema: { name: 'x' } })).toContain(
				'schema',
			);
			expect(
				await refused({
					type: 'json_schema',
					json_schema: { name: 'x', schema: { type: 'object' }, strict: 'yes' },
				}),
			).toContain('strict');
		});

		test('Order: tools, model and messages are refused before response_format', async () => {
			const bad = { type: 'json_object' };
			const code = async (body: unknown) =>
				((await (await chat(body)).json()) as { error: string }).error;
			expect(await code({ ...request(bad), tools: [] })).toBe('tools_not_supported_yet');
			expect(await code({ ...request(bad), model: 'gpt-4o' })).toBe('model_not_allowed');
			expect(await code({ ...request(bad), messages: [] })).toBe('invalid_request');
		});
	});
});
