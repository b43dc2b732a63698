// The version matrix's essentials (essentials.ts) in its share 2 of the hosts: every other host, oldest first.
import { describeMatrixHosts } from './essentials';

describeMatrixHosts(1);
