// The version matrix's essentials (essentials.ts) in its share 1 of the hosts: every other host, oldest first.
import { describeMatrixHosts } from './essentials';

describeMatrixHosts(0);
