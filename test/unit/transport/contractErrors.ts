/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

/** The catalogue of error codes, read from the contract's own text (contract-errors.md: its Errors section verbatim). */
const CONTRACT = readFileSync(join(__dirname, 'contract-errors.md'), 'utf8');

/** The contract's rows, as the test table names them: a code, `http_<status>` for a row without one, or `run input refusal`. */
export interface ContractRow {
	name: string;
	shape: 1 | 2 | 3;
	/** The status the contract gives the row, if it gives one. */
	status?: number;
}

export function contractRows(): ContractRow[] {
	const rows: ContractRow[] = [];
	for (const [index, section] of CONTRACT.split(/^### Shape /m)
		.slice(1)
		.entries()) {
		const shape = (index + 1) as 1 | 2 | 3;
		for (const line of section.split('\n').filter((text) => /^\| [^-]/.test(text))) {
			const cells = line
				.split('|')
				.slice(1, -1)
				.map((cell) => cell.trim());
			if (cells[0] === 'Status' || cells[0] === 'error.type') continue;
			if (shape === 3) {
				const status = /\((\d{3})\b/.exec(cells[1])?.[1];
				for (const code of cells[0].split(',').map((text) => text.trim()))
					rows.push({ name: code, shape, status: status ? Number(status) : undefined });
				continue;
			}
			const status = /^\d{3}$/.test(cells[0]) ? Number(cells[0]) : undefined;
			const code = /^[a-z_]+/.exec(cells[1])?.[0];
			const name =
				code ?? (cells[1] === '(unspecified)' ? `http_${status}` : cells[1].replace(/[()]/g, ''));
			rows.push({ name, shape, status });
		}
	}
	return rows;
}

/** An answer to a row, shaped as the contract says for its section (shape 1: the challenge header too). */
export function answer(row: ContractRow): { headers: IDataObject; body: unknown } {
	if (row.name.startsWith('http_')) return { headers: {}, body: '<html>proxy page</html>' };
	if (row.name === 'run input refusal')
		return {
			headers: {},
			body: {
				error: 'invalid_input',
				message: 'no',
				details: [{ field: 'a', message: 'is required' }],
			},
		};
	if (row.shape === 1)
		return {
			headers: { 'www-authenticate': `Bearer error="${row.name}"` },
			body: { error: row.name },
		};
	if (row.shape === 2) return { headers: {}, body: { error: row.name, message: 'service words' } };
	return {
		headers: {},
		body: { error: { type: row.name, message: 'service words', request_id: 'req_1' } },
	};
}
