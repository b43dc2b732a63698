/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The version matrix's essentials (essentials.ts) in its share 1 of the hosts: every other host, oldest first.
import { describeMatrixHosts } from './essentials';

describeMatrixHosts(0);
