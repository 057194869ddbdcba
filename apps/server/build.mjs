// Bundles the server into dist/. Our workspace packages are TypeScript source, so they are
// bundled; so is Kysely (below); every other dependency stays external and is resolved from
// node_modules at run time.
import { build, transform } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
// Kysely ships one ES module per class: 262 modules loaded at start, each with its own record and
// source text. Bundled, it is one chunk without the parts the server never calls (issue 45.9: the
// idle server's heap 1.5 MB and its RSS ~4 MB smaller). Only this bundle imports it at run time, so
// there is one copy. zod bundled the same way (with fastify-type-provider-zod, which imports it)
// held more at idle than it saved: 1 MB less heap, 5 MB more malloc left by compiling a 955 KB chunk.
const BUNDLED = new Set(['kysely']);
/** Its code without its comments (JSDoc examples, ~60% of its text): V8 keeps a module's whole source. */
const withoutComments = {
  name: 'bundled-without-comments',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]kysely[\\/].*\.js$/ }, async ({ path }) => {
      const { code } = await transform(readFileSync(path, 'utf8'), { minifyWhitespace: true, format: 'esm' });
      return { contents: code, loader: 'js' };
    });
  },
};
const external = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !name.startsWith('@teamboard/') && !BUNDLED.has(name),
);

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
  plugins: [withoutComments],
  logLevel: 'info',
  // Some CommonJS dependencies call require() at run time; ESM bundles do not have it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// V8 keeps each module's source text for as long as the module lives, as a one-byte string only if
// every character fits in Latin-1. esbuild escapes strings but not the comments it keeps nor regular
// expressions, so a single '→' in a comment made the server's 1.1 MB chunk a 2.2 MB two-byte string.
// Escaped as \uXXXX (code units: an astral character becomes its surrogate pair, which a regular
// expression reads as the same character), it means the same and holds ~1.2 MB less at idle. Source
// maps are off by a few columns after an escape on the same line.
const NOT_LATIN1 = /[\u0100-\uffff]/g;
// After a backslash (a regular expression's identity escape, `\→`) the escape would read as `\\u2192`,
// a backslash and five letters: such a character stops the build rather than change meaning.
const ESCAPED_NOT_LATIN1 = /\\[\u0100-\uffff]/;
const escapeUnit = (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
for (const file of readdirSync(new URL('dist', import.meta.url))) {
  if (!file.endsWith('.js')) continue;
  const url = new URL(`dist/${file}`, import.meta.url);
  const text = readFileSync(url, 'utf8');
  const escapedByHand = ESCAPED_NOT_LATIN1.exec(text);
  if (escapedByHand)
    throw new Error(`dist/${file}: cannot escape ${JSON.stringify(escapedByHand[0])}; write it as \\uXXXX`);
  const escaped = text.replace(NOT_LATIN1, escapeUnit);
  if (escaped !== text) writeFileSync(url, escaped);
}
