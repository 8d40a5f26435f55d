import type { Config } from 'jest';

/**
 * The bench's unit tests (bench/**\/*.test.ts: the peers' translator). The root jest.config.ts's projects do not
 * look in bench/, so these run on their own:
 * `NODE_OPTIONS='--experimental-vm-modules --disable-warning=ExperimentalWarning' npx jest -c bench/jest.config.ts`.
 * Same transform as the root's (swc).
 */
const config: Config = {
  rootDir: '..',
  displayName: 'bench',
  testEnvironment: 'node',
  roots: ['<rootDir>/bench'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/bench/out/'],
  modulePathIgnorePatterns: ['<rootDir>/bench/peers/node_modules', '<rootDir>/bench/out'],
  transform: {
    '^.+\\.m?[tj]sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
};

export default config;
