// ESLint flat config (ESLint 10). Not type-aware on purpose: fast, and no tsconfig project service needed;
// `tsc --noEmit` does the type checking.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
              group: [
                '**/features/**',
                '**/app/**',
                '**/components/**',
                '**/services/**',
                '**/startup/**',
                '**/shell/**',
              ],
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
  // Last: turns off the stylistic rules Prettier owns.
  prettier,
]);
