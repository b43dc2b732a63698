import { FIXTURE_KEYS, TEMPLATE_IDS, templatesAdmin, type ProducedDocument } from '../index';
import { FakeTime, useTestServer } from './helpers';

/**
 * What the tests of the contract's template input rules share: a simulator on a fake clock for the describe block,
 * a valid offer-letter input, a production, its refusal and the answer a produced document printed.
 */

type Input = Record<string, unknown>;

interface Refusal {
	error: string;
	message: string;
	errors: { path: string; message: string }[];
}

export function useInputRules() {
	const time = new FakeTime();
	const t = useTestServer({ clock: time.source }, { resetBeforeEach: false });

	const EMPLOYEE = { name: 'Jane Doe', start_date: '2026-03-01' };
	const VALID: Input = { employee: EMPLOYEE, role: 'Associate' };
	const withEmployee = (fields: Input): Input => ({
		...VALID,
		employee: { ...EMPLOYEE, ...fields },
	});

	const produce = (input: unknown, templateId: string = TEMPLATE_IDS.offerLetter) =>
		t.call(`/document-templates/${templateId}/documents`, {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: { input },
		});

	async function refused(
		input: unknown,
		code = 'input_validation_failed',
		templateId?: string,
	): Promise<Refusal> {
		const res = await produce(input, templateId);
		const body = (await res.json()) as Refusal;
		expect([res.status, body.error]).toEqual([400, code]);
		return body;
	}
	const pathsOf = (body: Refusal): string[] => body.errors.map((entry) => entry.path);

	/** The answer the document printed at `path` (from the admin view of the produced record). */
	async function producedAnswer(input: unknown, path: string): Promise<unknown> {
		const res = await produce(input);
		expect(res.status).toBe(201);
		const { documentId } = (await res.json()) as ProducedDocument;
		return templatesAdmin(t.sim)
			.document(documentId)
			?.answers.find((answer) => answer.path === path)?.value;
	}

	return { t, VALID, withEmployee, produce, refused, pathsOf, producedAnswer };
}
