// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Every folder under features/ is a feature: a new one is covered without editing this list.
const features = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The API's adapters and infrastructure, below its modules, and the entry points above them.
const apiInfrastructure = [
  'audit',
  'cache',
  'db',
  'http',
  'hypervisors',
  'jobs',
  'lib',
  'mail',
  'payments',
  'pdf',
  'tenancy',
];
const apiEntryPoints = ['app.ts', 'app-deps.ts', 'server.ts', 'workers.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/migrations/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      // STYLE.md: kebab-case file and folder names.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // STYLE.md: a feature is a folder; features do not import each other; imports flow
      // app → features → shared.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature; move shared code to components/ or lib/.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/i18n'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not import features or the app.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers (ARCHITECTURE.md): the entry points (app, server, workers, seed) compose the
    // modules; modules/<area> hold the application; the adapters and infrastructure below them
    // never import a module or an entry point, so a gateway, a driver or the job queue can be read
    // and tested on its own.
    files: ['apps/api/src/**/*.ts'],
    // A test may build the whole app around the part it tests.
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: apiInfrastructure.map((folder) => `./apps/api/src/${folder}`),
              from: [
                './apps/api/src/modules',
                './apps/api/src/seed',
                ...apiEntryPoints.map((file) => `./apps/api/src/${file}`),
              ],
              message:
                'Adapters and infrastructure do not import modules or entry points; pass what they need in (see ARCHITECTURE.md).',
            },
            {
              target: './apps/api/src/modules',
              // app-deps.ts is the type of what the app hands every module's routes.
              from: [
                './apps/api/src/seed',
                ...apiEntryPoints
                  .filter((file) => file !== 'app-deps.ts')
                  .map((file) => `./apps/api/src/${file}`),
              ],
              message: 'Modules do not import the entry points or the demo seed.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser never reads server code, and the server never reads browser code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@cloud-portal/api', '@cloud-portal/api/*'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
