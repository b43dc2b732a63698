import fc from 'fast-check';

import { binaryBytes, describeFile, type FileFacts } from '../../../nodes/shared/runs/files';
import { carriesUserinfo, resolveServiceUrl } from '../../../nodes/shared/transport/baseUrl';
import {
	FORBIDDEN_IN_NAMES,
	hostileName,
	isBareName,
	userinfoPart,
} from '../../expectations/untrusted';
import { runsOf } from '../../support/depth';

// The one file shape. Every file, whatever the service or n8n said about it,
// comes out with the same five keys (null when not known), a bare name, a size in bytes and an absolute link.

const BASE = 'https://ws.example.com';
const urlOf = (path: string): string | undefined => {
	const resolved = resolveServiceUrl(BASE, path);
	return resolved.ok ? resolved.url : undefined;
};
const KEYS = ['name', 'format', 'mimeType', 'size', 'url'];

describe('describeFile: one shape for every file', () => {
	it('a rendered PDF the node downloaded: the download first, the record after; the link absolute', () => {
		const facts: FileFacts = {
			declared: {
				filename: 'contract-summary.pdf',
				contentType: 'application/pdf',
				format: 'pdf',
				sizeBytes: 1300,
			},
			downloaded: {
				fileName: 'contract-summary.pdf',
				mimeType: 'application/pdf',
				bytes: 1262,
				binaryProperty: 'data',
			},
			path: '/workflows/runs/r1/files/s3/download',
			stepId: 's3',
			fallbackName: 'r1-s3.pdf',
		};
		expect(describeFile(facts, urlOf)).toEqual({
			name: 'contract-summary.pdf',
			format: 'pdf',
			mimeType: 'application/pdf',
			size: 1262,
			url: `${BASE}/workflows/runs/r1/files/s3/download`,
			binaryProperty: 'data',
			stepId: 's3',
		});
	});

	it('a file only the record names: no binaryProperty, its size from sizeBytes', () => {
		const file = describeFile(
			{
				declared: { filename: 'nda.docx', format: 'DOCX', sizeBytes: 40 },
				path: '/f',
				stepId: 's',
				fallbackName: 'x',
			},
			urlOf,
		);
		expect(file).toEqual({
			name: 'nda.docx',
			format: 'docx',
			mimeType: null,
			size: 40,
			url: `${BASE}/f`,
			stepId: 's',
		});
	});

	it('the format comes from the service, else the MIME type, else the extension; unknown is null', () => {
		const named = (name: string, mimeType?: string) =>
			describeFile(
				{ downloaded: { fileName: name, mimeType, binaryProperty: 'data' }, fallbackName: 'x' },
				urlOf,
			).format;
		expect(
			named('a.bin', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
		).toBe('docx');
		expect(named('notes.md', 'application/octet-stream')).toBe('markdown');
		expect(named('notes.txt')).toBe('text');
		expect(named('source', 'text/markdown; charset=utf-8')).toBe('markdown');
		expect(named('README')).toBeNull();
	});

	it('a link on another origin (or with user information) is null, never passed on', () => {
		expect(
			describeFile({ path: 'https://elsewhere.example/f.pdf', fallbackName: 'f.pdf' }, urlOf).url,
		).toBeNull();
		expect(
			describeFile({ path: `https://user@ws.example.com/f`, fallbackName: 'f.pdf' }, urlOf).url,
		).toBeNull();
		expect(describeFile({ fallbackName: 'f.pdf' }, urlOf)).toEqual({
			name: 'f.pdf',
			format: 'pdf',
			mimeType: null,
			size: null,
			url: null,
		});
	});

	const anything = fc.oneof(
		fc.jsonValue({ maxDepth: 1 }),
		hostileName,
		fc.integer({ min: -5, max: 1e12 }),
		fc.double(),
	);
	const odd = <T>(arbitrary: fc.Arbitrary<T>) =>
		fc.oneof(arbitrary, anything) as fc.Arbitrary<never>;
	const facts: fc.Arbitrary<FileFacts> = fc.record(
		{
			declared: fc.record(
				{
					filename: odd(hostileName),
					contentType: odd(fc.constantFrom('application/pdf', 'text/plain;x=1', 'bad type')),
					format: odd(fc.string()),
					sizeBytes: odd(fc.nat()),
				},
				{ requiredKeys: [] },
			),
			downloaded: fc.record(
				{
					fileName: odd(hostileName),
					mimeType: odd(fc.string()),
					bytes: odd(fc.nat()),
					binaryProperty: fc.constantFrom('data', 'data_1'),
				},
				{ requiredKeys: ['binaryProperty'] },
			),
			path: odd(
				fc.oneof(
					fc.webPath(),
					fc.webUrl(),
					userinfoPart.map((part) => `https://${part}ws.example.com/f`),
				),
			),
			stepId: fc.string({ minLength: 1 }),
			fallbackName: fc.string(),
		},
		{ requiredKeys: ['fallbackName'] },
	);

	it('property: any facts give the five keys, a bare name, whole bytes or null, an absolute own-origin link or null', () => {
		fc.assert(
			fc.property(facts, (given) => {
				const file = describeFile(given, urlOf);
				expect(Object.keys(file).slice(0, 5)).toEqual(KEYS);
				expect(isBareName(file.name)).toBe(true);
				expect(file.name).not.toMatch(FORBIDDEN_IN_NAMES);
				expect(file.size === null || (Number.isSafeInteger(file.size) && file.size >= 0)).toBe(
					true,
				);
				expect(file.format === null || /^[a-z0-9]{1,16}$/.test(file.format)).toBe(true);
				expect(file.mimeType === null || /^[a-z0-9][^/\s;]*\/[^/\s;]+$/.test(file.mimeType)).toBe(
					true,
				);
				if (file.url !== null) {
					expect(file.url.startsWith(`${BASE}/`)).toBe(true);
					expect(carriesUserinfo(file.url)).toBe(false);
				}
				expect('binaryProperty' in file).toBe(given.downloaded !== undefined);
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});

describe('binaryBytes: the size of n8n binary data', () => {
	it('n8n 2.16+ says it (bytes); a stored file without it is not guessed', () => {
		expect(binaryBytes({ bytes: 12, data: 'AAAA' })).toBe(12);
		expect(binaryBytes({ id: 'filesystem-v2:x', data: 'filesystem-v2' })).toBeUndefined();
	});

	it('property: data held in memory (older n8n) gives its decoded length', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
				expect(binaryBytes({ data: Buffer.from(bytes).toString('base64') })).toBe(bytes.length);
			}),
		);
	});
});
