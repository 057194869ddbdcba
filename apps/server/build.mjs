// Bundles the server into dist/. Our workspace packages are TypeScript source, so they are
// bundled; every other dependency stays external and is resolved from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@teamboard/'));

// Chunk names carry a content hash: a stale chunk of an earlier build would otherwise stay behind.
rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // main.ts loads the server through a dynamic import, after sizing V8's heap (young-generation.ts):
  // that import must stay a separate file, or its dependencies would be imported before the sizing.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
  // Some CommonJS dependencies call require() at run time; ESM bundles do not have it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
