import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The import arrows of STYLE.md, enforced: a broken arrow fails `npm run lint` and CI.
const noAppImports = {
  group: ['@teamboard/server', '@teamboard/web', '**/apps/*'],
  message: 'Packages and apps never import an app (STYLE.md, Arrows).',
};
const noDeepPackageImports = {
  group: ['@teamboard/contract/*', '@teamboard/i18n/*'],
  message: 'Import packages from their root.',
};

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
      'no-restricted-imports': ['error', { patterns: [noAppImports, noDeepPackageImports] }],
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
  {
    // A web feature never imports another feature; the app layer composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            noDeepPackageImports,
            { group: ['**/features/**'], message: 'A feature never imports another feature (STYLE.md).' },
            { group: ['**/app/**'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  },
  {
    // Server features reach each other only through services, and never the app wiring.
    files: ['apps/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            noDeepPackageImports,
            { group: ['**/app.js', '**/main.js'], message: 'Only main.ts and app.ts wire features.' },
            {
              group: ['../*/*.repository.js', '../*/*.table.js', '../*/*.routes.js'],
              message: 'Another domain is reached through its service only.',
            },
          ],
        },
      ],
    },
  },
);
