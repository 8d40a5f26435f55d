// ESLint flat config (ESLint 10). Not type-aware on purpose: fast, and no tsconfig project service needed;
// `tsc --noEmit` does the type checking.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** The features under src/features: each is entered through its index.ts only. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature's stylesheets, relative to its folder. */
const stylesheetsOf = (feature) =>
  readdirSync(new URL(`./src/features/${feature}`, import.meta.url), { recursive: true })
    .filter((file) => String(file).endsWith('.css'))
    .map((file) => `./${file}`);

/**
 * The server's areas and the lower folders each may import (docs/architecture.md, "The layers"): one way, so no two
 * areas import each other. Every area may also import the infrastructure (SERVER_INFRASTRUCTURE) and the kernel; the
 * files at the top (app.ts, cli.ts, applicantApi.ts, …) wire the areas and are imported by none.
 */
const SERVER_AREAS = {
  applications: [],
  mail: [],
  backup: [],
  metrics: [],
  lookup: [],
  serviceStatus: [],
  identity: ['applications', 'mail'],
  documents: ['applications', 'identity'],
  answers: ['applications', 'documents', 'identity'],
  pdf: ['applications', 'documents', 'identity'],
  tokens: ['applications', 'documents', 'identity', 'pdf'],
  printView: ['pdf', 'tokens'],
  admin: ['applications', 'backup', 'demo', 'serviceStatus'],
  health: ['documents', 'metrics'],
  demo: ['applications'],
  deadline: ['identity'],
  staff: ['applications', 'deadline', 'documents', 'identity', 'mail', 'pdf', 'schoolReport'],
  schoolReport: ['applications', 'documents', 'identity', 'mail'],
  counselor: ['applications', 'documents', 'schoolReport'],
};
/** What every server area may import, relative to server/src. */
const SERVER_INFRASTRUCTURE = ['./config.ts', './threads.ts', './collegeDays.ts', './db', './http', './jobs'];

export default defineConfig([
  globalIgnores(['dist', 'data', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'bench/out']),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  // The shared kernel (src/kernel: the form definition, conditions, options, constants, the spec's messages, file
  // and password rules) is what the SPA and the server share: it imports no React, no state and no feature.
  {
    files: ['src/kernel/**'],
    ignores: ['src/kernel/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/components/**', '**/services/**', '**/firstPaint/**'],
              message: 'src/kernel is shared with the server: it imports nothing from the SPA around it.',
            },
            {
              group: ['react', 'react-*', 'antd', '@reduxjs/*', 'redux*', 'formik', 'yup'],
              message: 'src/kernel is shared with the server: no UI or state library.',
            },
          ],
        },
      ],
    },
  },
  // Layers run one way: app/ (store, router, layouts) on top of the features, which sit on components/, services/
  // and shared/ (events, the typed store hooks, navigation). Below app/ nothing imports it, but for types.
  {
    files: ['src/features/**', 'src/components/**', 'src/services/**', 'src/shared/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing.ts', '**/testing.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/*'],
              allowTypeImports: true,
              message: 'src/app is the top layer: import shared events, hooks and navigation from src/shared.',
            },
          ],
        },
      ],
    },
  },
  // Feature boundaries and one-way arrows: a feature is entered through its public index.ts (its internals are its
  // own), and no import cycle anywhere (type-only imports aside; a lazy import() counts too): in the product, the
  // bench and the test support (testing/). Tests and test helpers may reach into what they test.
  {
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'bench/**/*.ts', 'testing/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing.ts', '**/testing.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: ['./src/*.{ts,tsx}', './src/!(features)/**/*', `./src/features/!(${feature})/**/*`],
              from: `./src/features/${feature}`,
              // Its stylesheets may be shared: the print view wears the form's, the upload the documents'.
              except: ['./index.ts', ...stylesheetsOf(feature)],
              message: `Import the ${feature} feature through its index.ts (src/features/${feature}/index.ts).`,
            })),
            // The first paint (shells, start-up, the print view's renderer) sits on top of the app: the entry point
            // starts it through its index.ts, and nothing below reaches up into it (the app is handed the shell).
            {
              target: ['./src/*.{ts,tsx}'],
              from: './src/firstPaint',
              except: ['./index.ts'],
              message: 'Start the app through src/firstPaint/index.ts.',
            },
            {
              target: ['./src/!(firstPaint)/**/*'],
              from: './src/firstPaint',
              message: 'src/firstPaint is above the app: the app is handed what it needs (src/app/shellHandover.ts).',
            },
            // The staff console is a second product in the same repository (ARCHITECTURE.md, "The staff console"): apart
            // from the applicants' app but for the kernel, on the SPA's side and on the server's.
            {
              target: ['./src/!(staff)/**/*', './src/*.{ts,tsx}'],
              from: './src/staff',
              message: 'The applicants’ app never imports the staff console (src/staff): it has its own entry.',
            },
            {
              target: './src/staff',
              from: ['./src/!(staff|components|kernel)/**/*', './src/*.{ts,tsx}', './server/**/*'],
              message: 'The staff console (src/staff) imports only itself, src/components and src/kernel.',
            },
            {
              target: [
                './src/!(staff|kernel)/**/*',
                './src/kernel/!(staff)/**/*',
                './src/*.{ts,tsx}',
                './src/kernel/*.ts',
                './server/src/!(staff)/**/*',
                './server/src/*.ts',
              ],
              from: './src/kernel/staff',
              message: 'Only staff code (src/staff, server/src/staff) imports the staff contract (src/kernel/staff).',
            },
            {
              target: ['./server/src/!(staff)/**/*', './server/src/!(app|cli).ts'],
              from: './server/src/staff',
              message: 'Outside server/src/staff, only app.ts and cli.ts use it, through server/src/staff/index.ts.',
            },
            {
              target: ['./server/src/app.ts', './server/src/cli.ts'],
              from: './server/src/staff',
              except: ['./index.ts'],
              message: 'Use the staff subtree through server/src/staff/index.ts.',
            },
            // The counselor's page is a third audience (ARCHITECTURE.md, "The counselor's page"): its own entry, apart
            // from the other two but for the kernel (the staff contract aside); only counselor code, on the SPA's side
            // and the server's (server/src/counselor), imports the counselor's contract.
            {
              target: ['./src/!(counselor)/**/*', './src/*.{ts,tsx}'],
              from: './src/counselor',
              message: 'Nothing outside src/counselor imports the counselor’s page: it has its own entry.',
            },
            {
              target: './src/counselor',
              from: ['./src/!(counselor|kernel)/**/*', './src/*.{ts,tsx}', './src/kernel/staff/**/*', './server/**/*'],
              message:
                'The counselor’s page (src/counselor) imports only itself and src/kernel (not src/kernel/staff).',
            },
            {
              target: [
                './src/!(counselor|kernel)/**/*',
                './src/kernel/!(counselor)/**/*',
                './src/*.{ts,tsx}',
                './src/kernel/*.ts',
                './server/src/!(counselor)/**/*',
                './server/src/*.ts',
              ],
              from: './src/kernel/counselor',
              message:
                'Only counselor code (src/counselor, server/src/counselor) imports the counselor’s contract (src/kernel/counselor).',
            },
            // http/ is infrastructure only (errors, CSRF, body parsing, headers, static files): it imports no area.
            {
              target: './server/src/http',
              from: './server/src',
              except: ['./http', './config.ts', './db'],
              message:
                'server/src/http is infrastructure: it imports only config.ts, db/ and the kernel (a page of an area is handed in).',
            },
            ...Object.entries(SERVER_AREAS).map(([area, lower]) => ({
              target: `./server/src/${area}`,
              from: './server/src',
              except: [`./${area}`, ...lower.map((name) => `./${name}`), ...SERVER_INFRASTRUCTURE],
              message: `server/src/${area} imports only ${lower.length ? `${lower.join(', ')} and ` : ''}the infrastructure (SERVER_AREAS in eslint.config.mjs): areas import one way.`,
            })),
            {
              target: './server/src/staff',
              from: [
                './server/src/identity/gate.ts',
                './server/src/identity/sessions.ts',
                './server/src/identity/service.ts',
              ],
              message:
                'Staff sessions are not the applicants’: server/src/staff never imports their gate, sessions or service.',
            },
          ],
        },
      ],
    },
  },
  // The server takes from the SPA's folder only the shared kernel.
  {
    files: ['server/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*', '!**/src/kernel'],
              message: 'The server imports from src/ only the shared kernel (src/kernel).',
            },
          ],
        },
      ],
    },
  },
  // Staff services reach the database only through the audit gate (server/src/staff/audit/gate.ts), so a read cannot
  // skip the audit log: outside audit/, server/src/staff imports nothing from server/src/db but types (index.ts hands
  // the database to the gate).
  {
    files: ['server/src/staff/**/*.ts'],
    ignores: ['server/src/staff/audit/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db', '**/db/**'],
              allowTypeImports: true,
              message: 'Outside audit/, staff code reaches the database through the audit gate (audit/gate.ts).',
            },
          ],
        },
      ],
    },
  },
  // Last: turns off the stylistic rules Prettier owns.
  prettier,
]);
