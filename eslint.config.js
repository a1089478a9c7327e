import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_FLOORS } from './scripts/lib/client-floors.mjs';

// The client's floors (scripts/lib/client-floors.mjs): a part imports only itself and the floors
// below it, and never another part of its own floor (one feature never imports another). The same
// list drives scripts/check-architecture.mjs; the features are read from the folder, so a new one is
// covered.
const clientSrc = join(import.meta.dirname, 'client/src');
const features = readdirSync(join(clientSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `features/${entry.name}`);
/** @param {readonly string[]} floor */
const partsOf = (floor) => floor.flatMap((part) => (part === 'features' ? features : [part]));
const floorBoundaries = CLIENT_FLOORS.flatMap((floor, at) => {
  const below = CLIENT_FLOORS.slice(at + 1).flatMap(partsOf);
  return partsOf(floor).map((part) => ({
    target: `./${part}`,
    from: '.',
    except: [`./${part}`, ...below.map((lower) => `./${lower}`)],
    message: `client/src/${part} imports only ${below.join(', ') || 'packages'}, @gogo/shared and itself: imports run down the client floors (scripts/lib/client-floors.mjs).`,
  }));
});

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
    // A file over 500 lines holds more than one idea: split it by what its parts do (the house rule).
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
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
      'import-x/no-restricted-paths': ['error', { basePath: clientSrc, zones: floorBoundaries }],
    },
  },
);
