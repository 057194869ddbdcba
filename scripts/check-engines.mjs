// Node versions (docs/deploying.md): the app runs on 20.19+, 22.12+ and 24+. This check reads the
// `engines.node` of every production dependency that is installed (scripts/production-packages.mjs)
// and fails on a range that leaves out one of those versions, unless the package is a known
// exception below — and then it must still load on the Node running the check. It also fails when
// a workspace's own `engines` drifts from the supported range, or an exception is no longer needed.
// Run: `npm run check:engines` (exit 0 when clean, 1 otherwise; one line per finding);
// `--root <dir>` checks another tree (the test's made-up one).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import semver from 'semver';
import { productionPackages } from './production-packages.mjs';

export const SUPPORTED_RANGE = '^20.19.0 || ^22.12.0 || >=24.0.0';
/** The lowest release of each supported line: a range must accept all three. */
export const SUPPORTED_VERSIONS = ['20.19.0', '22.12.0', '24.0.0'];
const WORKSPACES = ['apps/server', 'apps/web', 'packages/contract', 'packages/i18n'];

/**
 * Packages whose declared range leaves out Node 20 although they run on it. Both are ESM-only and are
 * loaded by CommonJS Fastify code through require(esm), which Node 20.19 and 22.12 have without a
 * flag — the reason the app's floor is 20.19. The check loads each one the same way (require) on
 * the Node it runs on, so an exception that stops working fails here, not in production.
 */
export const KNOWN_EXCEPTIONS = {
  cookie: {
    declares: '>=22',
    why: 'cookie 2 (via @fastify/cookie and light-my-request): ESM-only, loaded through require(esm)',
  },
  'content-disposition': {
    declares: '>=22',
    why: 'content-disposition 3 (via @fastify/static): ESM-only, loaded through require(esm)',
  },
};

const repositoryRoot = path.resolve(fileURLToPath(import.meta.url), '../..');

/** Every finding as one line; empty when the tree accepts every supported Node. */
export function engineFindings(root = repositoryRoot) {
  const findings = [];
  for (const dir of ['.', ...WORKSPACES]) {
    const declared = readJson(path.join(root, dir, 'package.json')).engines?.node;
    if (declared !== SUPPORTED_RANGE) {
      findings.push(`${dir}/package.json: engines.node is "${declared}", expected "${SUPPORTED_RANGE}"`);
    }
  }
  const seenExceptions = new Set();
  for (const pkg of productionPackages(root, WORKSPACES)) {
    if (pkg.engines === undefined) continue;
    const excluded = excludedVersions(pkg.engines);
    if (excluded.length === 0) continue;
    const label = `${pkg.name}@${pkg.version} (${path.relative(root, pkg.dir)}, required by ${pkg.requiredBy})`;
    const exception = KNOWN_EXCEPTIONS[pkg.name];
    if (exception === undefined || exception.declares !== pkg.engines) {
      findings.push(`${label}: engines.node "${pkg.engines}" excludes Node ${excluded.join(', ')}`);
      continue;
    }
    seenExceptions.add(pkg.name);
    const loadError = requireFrom(pkg);
    if (loadError !== null) findings.push(`${label}: a known exception, but require() fails: ${loadError}`);
  }
  for (const name of Object.keys(KNOWN_EXCEPTIONS)) {
    if (!seenExceptions.has(name)) findings.push(`${name}: listed as an exception but no longer needs one`);
  }
  return findings;
}

function excludedVersions(range) {
  if (semver.validRange(range) === null) return [`(unreadable range)`];
  return SUPPORTED_VERSIONS.filter((version) => !semver.satisfies(version, range));
}

/** Loads the package with require() from its dependant's folder, as that dependant does; null when it loads. */
function requireFrom(pkg) {
  try {
    createRequire(path.join(pkg.requiredFrom, 'package.json'))(pkg.name);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rootArgument = process.argv.indexOf('--root');
  const root = rootArgument === -1 ? repositoryRoot : path.resolve(process.argv[rootArgument + 1] ?? '.');
  const findings = engineFindings(root);
  for (const finding of findings) console.log(`✗ ${finding}`);
  console.log(
    findings.length === 0
      ? `engines: every production dependency accepts Node ${SUPPORTED_VERSIONS.join(', ')} (checked on ${process.version})`
      : `engines: ${findings.length} finding(s)`,
  );
  process.exit(findings.length === 0 ? 0 : 1);
}
