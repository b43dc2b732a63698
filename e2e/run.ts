// npm run test:e2e: build, pack, make sure the n8n host is installed, then run the e2e Jest suite through
// test/setup/jest-summary.js (so the output ends with "jest: N passed, N failed, N skipped").
// Extra arguments go to Jest, e.g. `npm run test:e2e -- -t trigger`.
import { runPackedSuite } from './lib/suite';

runPackedSuite({ tag: 'e2e', what: 'the e2e tests', config: 'e2e/jest.config.js' });
