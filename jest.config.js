// One jest run for the whole workspace. TypeScript is compiled by swc (type-checking is `npm run typecheck`).
// Integration tests share one set of real infrastructure (MongoDB, NATS, S3, SMTP) started by the global setup.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/infra', '<rootDir>/scripts'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } }],
    // web-core's own modules (its tests load the package's index, which has components).
    '^.+\\.tsx$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2023' }, module: { type: 'commonjs' } }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json', 'cjs', 'mjs'],
  globalSetup: '<rootDir>/infra/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/infra/src/jest/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
