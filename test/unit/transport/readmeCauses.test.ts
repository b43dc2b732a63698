/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode } from 'n8n-workflow';

import {
	parseServiceError,
	serviceErrorToNodeApiError,
} from '../../../nodes/shared/transport/errors';
import { answer, contractRows } from './contractErrors';

/** docs/errors.md's "Errors and their causes" says what the node declares: each code it names, with the cause it gives. */
const node = {
	id: 'n1',
	name: 'Drafting Workspace',
	type: 'draftingWorkspace',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;
const ERRORS_PAGE = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'errors.md'), 'utf8');

interface TableRow {
	codes: string[];
	status: number;
	cause: string;
	text: string;
}

function readmeRows(): TableRow[] {
	const section = ERRORS_PAGE.split('## Errors and their causes')[1]?.split(/^#{2,3} /m)[0] ?? '';
	return section
		.split('\n')
		.filter((line) => /^\| [^-]/.test(line) && !line.startsWith('| Service code'))
		.map((line) => {
			const [first, status, cause] = line
				.split('|')
				.slice(1, -1)
				.map((cell) => cell.trim());
			return {
				codes: [...first.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((match) => match[1]),
				status: Number(/\d{3}/.exec(status)?.[0] ?? 400),
				cause: /`([a-z-]+)`/.exec(cause)?.[1] ?? cause,
				text: first,
			};
		});
}

describe("docs/errors.md's error table", () => {
	const rows = readmeRows();
	const contract = contractRows();

	it('names every row of the contract’s catalogue', () => {
		const named = rows.flatMap((row) => row.codes);
		const expected = contract.map((row) =>
			row.name === 'http_404'
				? 'not_found'
				: row.name === 'http_413'
					? 'payload_too_large'
					: row.name,
		);
		expect(
			expected.filter((name) => name !== 'run input refusal' && !named.includes(name)),
		).toEqual([]);
		expect(rows.some((row) => row.text.startsWith('run input refusal'))).toBe(true);
	});

	it.each(readmeRows().flatMap((row) => row.codes.map((code) => [code, row] as const)))(
		'%s is declared as the table says',
		(code, row) => {
			const contractRow = contract.find((entry) => entry.name === code);
			const { headers, body } = contractRow ? answer(contractRow) : { headers: {}, body: '' };
			const info = parseServiceError(row.status, headers, body);
			expect(info.code).toBe(code);
			expect(serviceErrorToNodeApiError(node, info, { request: 'GET /x' }).failure?.cause).toBe(
				row.cause,
			);
		},
	);
});
