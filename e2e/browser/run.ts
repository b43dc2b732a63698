// npm run test:browser: the n8n editor, driven in headless Chromium as a user would, with the demo's set-up.
// Builds and packs the package, makes sure the n8n host is installed (npm run e2e:host), then runs
// e2e/browser/*.browser.test.ts in band through test/setup/jest-summary.js, so the output ends with
// "jest: N passed, N failed, N skipped". The test file installs Chromium from Debian's packages when missing,
// starts and stops every process, and writes its screenshots (e2e/.artifacts/browser/, docs/screenshots/).
// Extra arguments go to Jest, e.g. `npm run test:browser -- -t search`.
import { runPackedSuite } from '../lib/suite';

runPackedSuite({
	tag: 'browser',
	what: 'the browser scenarios',
	config: 'e2e/browser/jest.config.js',
	jestArgs: ['--runInBand'],
	env: { BROWSER_TEST_STARTED_AT: String(Date.now()) },
});
