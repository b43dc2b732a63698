// npm run test:queue: the package in n8n queue mode (main + 2 workers + Redis + PostgreSQL).
// Builds and packs the package, makes sure the n8n host is installed (npm run e2e:host), then runs
// e2e/queue/*.queue.test.ts in band through test/setup/jest-summary.js, so the output ends with
// "jest: N passed, N failed, N skipped". The test file itself installs Redis when missing, starts and stops
// every process, and prints the summary (timings, throughput, memory per process, outcomes).
// Extra arguments go to Jest, e.g. `npm run test:queue -- -t trigger`.
import { runPackedSuite } from '../lib/suite';

runPackedSuite({
	tag: 'queue',
	what: 'the queue-mode scenarios',
	config: 'e2e/queue/jest.config.js',
	jestArgs: ['--runInBand'],
	env: { QUEUE_TEST_STARTED_AT: String(Date.now()) },
});
