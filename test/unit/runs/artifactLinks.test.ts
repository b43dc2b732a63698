import { withAbsoluteArtifactPaths } from '../../../nodes/shared/runs/artifactLinks';

const urlOf = (path: string) =>
	path.startsWith('https://elsewhere') ? undefined : `https://ws.example.com${path}`;

describe('withAbsoluteArtifactPaths', () => {
	it('makes each renderedArtifact.downloadPath absolute, null on another origin, and leaves the rest as it is', () => {
		const record = {
			runId: 'run_1',
			downloadPath: '/not/an/artifact',
			steps: [
				{
					stepId: 's1',
					renderedArtifact: {
						downloadPath: '/workflows/runs/run_1/files/s1/download',
						filename: 'a.pdf',
					},
				},
				{ stepId: 's2', renderedArtifact: { downloadPath: 'https://elsewhere.example/x' } },
				{ stepId: 's3', output: 'text' },
			],
		};
		expect(withAbsoluteArtifactPaths(record, urlOf)).toEqual({
			runId: 'run_1',
			downloadPath: '/not/an/artifact',
			steps: [
				{
					stepId: 's1',
					renderedArtifact: {
						downloadPath: 'https://ws.example.com/workflows/runs/run_1/files/s1/download',
						filename: 'a.pdf',
					},
				},
				{ stepId: 's2', renderedArtifact: { downloadPath: null } },
				{ stepId: 's3', output: 'text' },
			],
		});
		expect(record.steps[0].renderedArtifact?.downloadPath).toBe(
			'/workflows/runs/run_1/files/s1/download',
		);
	});

	it('a __proto__ key in the service answer stays data', () => {
		const record = JSON.parse(
			'{"steps":[{"__proto__":{"polluted":true},"renderedArtifact":{"downloadPath":"/f"}}]}',
		);
		const output = withAbsoluteArtifactPaths(record, urlOf);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect((output.steps as Array<Record<string, unknown>>)[0].renderedArtifact).toEqual({
			downloadPath: 'https://ws.example.com/f',
		});
	});
});
