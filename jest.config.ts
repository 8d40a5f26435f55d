import type { Config } from 'jest';

/** swc transpiles TypeScript for jest (TypeScript's own compiler is only used to type-check). */
const transform: Config['transform'] = {
  // The message catalogues, compiled as the build compiles them (scripts/catalog-loader.cjs).
  '[\\\\/]src[\\\\/]kernel[\\\\/]i18n[\\\\/]catalogs[\\\\/][^\\\\/]+\\.json$': '<rootDir>/scripts/catalog-loader.cjs',
  '^.+\\.m?[tj]sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// @fastify/static requires content-disposition 3, which ships ESM only.
// file-type (content sniffing of uploads) and its chain are ESM only as well, and so are openid-client (the staff's
// single sign-on), its oauth4webapi and jose, otpauth's ESM build, and faker (seed-demo's names).
const SERVER_TRANSFORM_IGNORE = [
  '/node_modules/(?!(content-disposition|file-type|strtok3|token-types|uint8array-extras|@tokenizer|peek-readable|@borewit|openid-client|oauth4webapi|jose|@faker-js)/)',
];

const config: Config = {
  testTimeout: 20_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src', '<rootDir>/tests'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/setup.ts'],
      // Stylesheets mean nothing to jsdom.
      moduleNameMapper: { '\\.css$': '<rootDir>/tests/styleStub.ts' },
      transform,
      // msw 2 pulls ESM-only packages (STACK.md).
      transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
      testEnvironmentOptions: { customExportConditions: [''] },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/test'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['\\.instances\\.test\\.ts$'],
      globalSetup: '<rootDir>/server/test/globalSetup.ts',
      transform,
      transformIgnorePatterns: SERVER_TRANSFORM_IGNORE,
    },
    {
      // The bench's own unit tests (the peers' translator: our form definition to SurveyJS and Form.io JSON). They
      // need none of the peer libraries, which only the bench installs (bench/peers).
      displayName: 'bench',
      testEnvironment: 'node',
      roots: ['<rootDir>/bench'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/bench/out/'],
      modulePathIgnorePatterns: ['<rootDir>/bench/peers/node_modules', '<rootDir>/bench/out'],
      transform,
    },
    {
      // Several instances of the server on one real PostgreSQL cluster that the set-up starts (and S3 storage).
      displayName: 'instances',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/test'],
      testMatch: ['**/*.instances.test.ts'],
      globalSetup: '<rootDir>/server/test/support/instancesSetup.ts',
      globalTeardown: '<rootDir>/server/test/support/instancesTeardown.ts',
      transform,
      transformIgnorePatterns: SERVER_TRANSFORM_IGNORE,
    },
  ],
};

export default config;
