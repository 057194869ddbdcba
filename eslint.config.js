import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The import arrows of docs/architecture.md, enforced: a broken arrow fails `npm run lint` and CI.
const noAppImports = {
  group: ['@teamboard/server', '@teamboard/web', '**/apps/*'],
  message: 'Packages and apps never import an app (docs/architecture.md, Arrows).',
};
const noDeepPackageImports = {
  // `@teamboard/i18n/server` is an entry the package declares (its `exports`), not a deep path.
  group: ['@teamboard/contract/*', '@teamboard/i18n/*', '!@teamboard/i18n/server'],
  message: 'Import packages from their root (or an entry their package.json exports).',
};
const noWiringImports = {
  group: ['**/app.js', '**/main.js'],
  message: 'Only main.ts and app.ts wire the app.',
};

/** no-restricted-imports with the arrows every file keeps, plus `patterns` of its own. */
function restrictedImports(...patterns) {
  return {
    'no-restricted-imports': ['error', { patterns: [noAppImports, noDeepPackageImports, ...patterns] }],
  };
}

const throughService =
  'Another feature is reached through its service only (../<domain>/<domain>.service.js): docs/architecture.md.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      ...restrictedImports(),
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            { group: ['@teamboard/*'], message: 'contract imports nothing of ours (only zod).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The React Compiler rules are advisory here; we do not run the compiler.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  ...webFeatureRules(),
  ...serverFeatureRules(),
  ...serverLayerRules(),
);

/**
 * The server's layers below features/ (docs/architecture.md, Arrows): each may import only the layers
 * beneath it, and none imports a feature (db/ may name the features' table types, type-only).
 */
function serverLayerRules() {
  const below = {
    users: ['features', 'access', 'board-content', 'plugins', 'realtime'],
    access: ['features', 'board-content', 'plugins', 'realtime'],
    'board-content': ['features', 'access', 'users', 'plugins'],
    plugins: ['features', 'board-content'],
    realtime: ['features', 'access', 'board-content', 'users', 'plugins'],
    lib: ['features', 'access', 'board-content', 'users', 'plugins', 'realtime'],
  };
  const layerRules = Object.entries(below).map(([layer, forbidden]) => ({
    files: [`apps/server/src/${layer}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: restrictedImports(
      {
        regex: `^(\\.\\./)+(${forbidden.join('|')})/`,
        message: `${layer}/ sits below ${forbidden.join(', ')}: it may not import them (docs/architecture.md, Arrows).`,
      },
      noWiringImports,
    ),
  }));
  const databaseRule = {
    files: ['apps/server/src/db/**/*.ts'],
    rules: restrictedImports({
      regex: '^\\.\\./(features|users)/',
      allowTypeImports: true,
      message: 'db/ names the tables a feature declares, type-only (docs/architecture.md, Arrows).',
    }),
  };
  return [...layerRules, databaseRule];
}

/**
 * A web feature never imports another feature, nor the app layer that composes them — by package
 * path or by relative path. A relative path climbs out of its feature with one more `../` than the
 * file is deep inside it, so the rule is written once per depth (features/<x>/file.ts is depth 1).
 */
function webFeatureRules() {
  const otherFeature =
    'A feature never imports another feature; the app layer composes them (docs/architecture.md).';
  return [1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: restrictedImports(
      { group: ['**/features/**'], message: otherFeature },
      { group: ['**/app/**'], message: 'Features do not import the app layer (docs/architecture.md).' },
      { regex: `^(\\.\\./){${depth}}[^./]`, message: otherFeature },
      { regex: `^(\\.\\./)+(features|app)/`, message: otherFeature },
    ),
  }));
}

/**
 * Server features reach each other only through a service's exported functions and interfaces, never
 * another feature's other files, and never the app wiring (docs/architecture.md, Arrows). The rule is
 * written once per depth, so a file in a feature's subfolder may import its sibling subfolders
 * (features/<x>/engines/a.ts → ../providers/b.js) while `../../<other>/` is checked.
 */
function serverFeatureRules() {
  return [1, 2, 3].map((depth) => {
    const up = '\\.\\./'.repeat(depth);
    return {
      files: [`apps/server/src/features/*/${'*/'.repeat(depth - 1)}*.ts`],
      ignores: ['**/*.test.ts'],
      rules: restrictedImports(
        noWiringImports,
        { regex: `^${up}[^./][^/]*/(?![^/]+\\.service\\.js$)`, message: throughService },
        { regex: '^(\\.\\./)+features/', message: throughService },
      ),
    };
  });
}
