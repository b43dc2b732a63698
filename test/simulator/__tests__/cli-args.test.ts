/** The arguments of `npm run simulator -- …`: host, port and the --latency flag, accepted and refused. */
import { CliUsageError, parseCliArgs } from '../cli-args';
import { createSimulator } from '../index';

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseCliArgs(argv, env);

describe('npm run simulator -- arguments', () => {
	test('defaults: 127.0.0.1:4010 and the zero latency profile; SIM_HOST and SIM_PORT are read', () => {
		expect(parse([])).toEqual({ help: false, host: '127.0.0.1', port: 4010, latency: 'zero' });
		expect(parse([], { SIM_HOST: '0.0.0.0', SIM_PORT: '0' })).toEqual({
			help: false,
			host: '0.0.0.0',
			port: 0,
			latency: 'zero',
		});
		expect(parse(['--host', '::', '--port=4020'], { SIM_PORT: '1' })).toMatchObject({
			host: '::',
			port: 4020,
		});
		expect(parse(['-h'])).toEqual({ help: true });
	});

	test('--latency takes a profile name or a JSON object of fields, in both spellings', () => {
		const named = parse(['--latency', 'realistic']);
		expect(named).toMatchObject({ latency: 'realistic' });
		expect(parse(['--latency=zero'])).toMatchObject({ latency: 'zero' });
		const json = parse([
			'--latency',
			'{"profile":"realistic","chatAnswerMs":500,"runDurationMs":null}',
		]);
		expect(json).toMatchObject({
			latency: { profile: 'realistic', chatAnswerMs: 500, runDurationMs: null },
		});
		expect(parse(['--latency={"roundTripMs": 20}'])).toMatchObject({
			latency: { roundTripMs: 20 },
		});
		// What the flag gives, the simulator takes.
		if (json.help) throw new Error('unexpected help');
		expect(createSimulator({ latency: json.latency }).latency.profile).toMatchObject({
			chatAnswerMs: 500,
			produceDocumentMs: 1000,
			runDurationMs: null,
		});
	});

	test.each([
		[['--latency'], /--latency needs a value/],
		[
			['--latency', 'quick'],
			/--latency must be zero, realistic, fast, capped, slowing, rate-limited or a JSON object/,
		],
		[['--latency', 'Realistic'], /--latency must be zero, realistic/],
		[['--latency', '{"roundTripMs":'], /--latency is not valid JSON/],
		[['--latency', '{"roundTripMs":-1}'], /roundTripMs must be a number of milliseconds/],
		[['--latency', '{"renderMs":300}'], /latency has no field "renderMs"/],
		[['--latency', '{"profile":"quick"}'], /latency profile must be zero or realistic or fast/],
		[
			['--latency', '[]'],
			/--latency must be zero, realistic, fast, capped, slowing, rate-limited or a JSON object/,
		],
		[['--port', '70000'], /Invalid port: 70000/],
		[['--host', ' '], /Invalid host: empty/],
		[['--verbose'], /Unknown argument: --verbose/],
	])('refuses %j', (argv, message) => {
		expect(() => parse(argv)).toThrow(CliUsageError);
		expect(() => parse(argv)).toThrow(message);
	});
});
