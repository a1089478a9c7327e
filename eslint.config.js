import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// A feature imports only the layers below it, never another feature.
// Whatever two features share lives in app, session, components, lib or game (CHANGELOG.md,
// 'Boundaries and sizes'). The list of features is read from the folder, so a new one is covered.
const clientSrc = join(import.meta.dirname, 'client/src');
const features = readdirSync(join(clientSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = [
  ...features.map((name) => ({
    target: `./features/${name}`,
    from: '.',
    except: [`./features/${name}`, './app', './components', './lib', './game', './session'],
    message: `features/${name} may import only app, components, lib, game, session, @gogo/shared and itself.`,
  })),
  ...['session', 'components', 'lib'].map((layer) => ({
    target: `./${layer}`,
    from: './features',
    message: `${layer} sits below the features: it never imports one.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'client/dist-prerender/**',
      '**/node_modules/**',
      'server/drizzle/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'client/public/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests read loosely typed JSON answers; `any` there keeps assertions readable.
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', 'client/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Import cycles (between files and between server modules) are checked once, by
    // scripts/check-architecture.mjs in npm test; import-x/no-cycle here took a third of the lint's time.
    files: ['server/src/**/*.ts'],
    rules: {
      // A function longer than a screenful does several things: split it into named parts.
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'client/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: clientSrc, zones: featureBoundaries }],
    },
  },
);
