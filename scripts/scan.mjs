#!/usr/bin/env node
// n8n's scanner (@n8n/scan-community-package) on this checkout, offline: `npm run scan` (part of `npm test`,
// after the build).
//
// `npx @n8n/scan-community-package <name>` scans a PUBLISHED version: it reads the registry's metadata, checks
// the npm provenance attestation, downloads the source archive of the attested commit from GitHub, downloads
// the published tarball, then lints both with its own ESLint configuration. Here the same analysis function
// (`analyzePackage`, the scanner's own code, its own configuration and plugin versions) runs on:
//   1. the source, with the scanner's source patterns (package.json, nodes/ and credentials/);
//   2. the tarball that `npm pack` makes now, with the scanner's tarball patterns (every .js, package.json).
// Skipped, because they need a published version and the network (these machines reach only the npm
// registry, and this version is not published): the provenance check (registry metadata,
// dist.attestations.provenance), the attestation lookup (/-/npm/v1/attestations) that names the source
// commit, and the download of that commit from codeload.github.com. The publish workflow
// (.github/workflows/publish.yml) publishes with provenance, which is what those checks read.
//
// The tarball's file list is also checked: only the build output n8n loads, README, CHANGELOG, LICENSE, package.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
const say = (line) => process.stdout.write(`[scan] ${line}\n`);

// The scanner makes a temporary folder when it is imported (and never removes it): keep it inside ours.
const work = mkdtempSync(join(tmpdir(), 'dw-scan-'));
process.env.TMPDIR = work;

/** What may be in the tarball: the build output n8n loads (nodes, credentials, icons), README, CHANGELOG, LICENSE, package.json. */
const ALLOWED =
	/^(package\.json|README\.md|CHANGELOG\.md|LICENSE|dist\/(nodes|credentials|icons)\/.+\.(js|json|svg|png))$/;

function pack() {
	const run = spawnSync('npm', ['pack', '--json', '--pack-destination', work], {
		cwd: REPO,
		encoding: 'utf8',
	});
	if (run.status !== 0) throw new Error(`npm pack failed (exit ${run.status}):\n${run.stderr}`);
	const [packed] = JSON.parse(run.stdout.slice(run.stdout.indexOf('[')));
	return packed;
}

function checkListing(packed) {
	const paths = packed.files.map((file) => file.path);
	const problems = paths
		.filter((path) => !ALLOWED.test(path))
		.map((path) => `not part of the package: ${path}`);
	// Every node and credential package.json names, and each node's codex file (categories, links, aliases).
	const codex = manifest.n8n.nodes.map((node) => node.replace(/\.js$/, '.json'));
	const required = [...manifest.n8n.nodes, ...(manifest.n8n.credentials ?? []), ...codex];
	for (const path of required) if (!paths.includes(path)) problems.push(`missing: ${path}`);
	if (!paths.some((path) => /^dist\/icons\/.+\.svg$/.test(path)))
		problems.push('missing: the icons (dist/icons/*.svg)');
	if (problems.length)
		throw new Error(
			`the tarball is not what n8n should install (run \`npm run build\` first):\n  ${problems.join('\n  ')}`,
		);
	const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
	const icons = paths.filter((path) => path.startsWith('dist/icons/')).length;
	say(
		`tarball ${packed.filename}: ${packed.entryCount} files, ${kB(packed.size)} packed, ${kB(packed.unpackedSize)} unpacked; ${icons} icons, ${codex.length} codex files, only dist/, README.md, CHANGELOG.md, LICENSE, package.json`,
	);
}

async function main() {
	const scannerPath = createRequire(import.meta.url).resolve(
		'@n8n/scan-community-package/scanner/scanner.mjs',
	);
	const { analyzePackage, buildScanConfig, SOURCE_FILE_PATTERNS } = await import(
		pathToFileURL(scannerPath).href
	);
	// The scanner's own ESLint and fast-glob (the same modules analyzePackage uses), to count files and warnings.
	const fromScanner = createRequire(scannerPath);
	const { ESLint } = fromScanner('eslint');
	const glob = fromScanner('fast-glob');

	/** The scanner's verdict (errors fail it), plus a count of the files and of warnings, which it does not fail on. */
	async function analyse(label, dir, patterns) {
		const verdict = await analyzePackage(dir, patterns);
		const files = glob.sync(patterns, {
			cwd: dir,
			absolute: true,
			ignore: ['node_modules/**', '**/package-lock.json'],
		});
		const eslint = new ESLint({
			cwd: dir,
			allowInlineConfig: false,
			overrideConfigFile: true,
			overrideConfig: await buildScanConfig(),
		});
		const results = await eslint.lintFiles(files);
		const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
		const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
		if (!verdict.passed || errors || warnings) {
			const formatter = await eslint.loadFormatter('stylish');
			process.stdout.write(await formatter.format(results));
			throw new Error(
				`${label}: ${verdict.passed ? `${warnings} warning(s)` : verdict.message} (${errors} errors, ${warnings} warnings)`,
			);
		}
		say(`${label}: ${files.length} files (${patterns.join(', ')}): 0 findings`);
	}

	await analyse('source', REPO, SOURCE_FILE_PATTERNS);

	const packed = pack();
	checkListing(packed);
	const extracted = join(work, 'package');
	mkdirSync(extracted);
	const untar = spawnSync(
		'tar',
		['-xzf', join(work, packed.filename), '-C', extracted, '--strip-components=1'],
		{ encoding: 'utf8' },
	);
	if (untar.status !== 0) throw new Error(`could not extract ${packed.filename}: ${untar.stderr}`);
	await analyse('tarball', extracted, ['**/*.js', 'package.json']);
	say(
		'not run (they read a published version over the network): the provenance check, the attestation lookup and',
	);
	say('  the download of the attested source from GitHub, the download of the published tarball');
}

try {
	await main();
} catch (error) {
	process.stderr.write(`[scan] FAILED: ${error.message}\n`);
	process.exitCode = 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
