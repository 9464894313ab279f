// The browser tests (issue 3 §7): real Chromium (playwright-core) against the real running system. The global setup
// builds the web apps when needed, starts an isolated infrastructure (profile "e2e"), every service, the gateway
// serving the site, and one Chromium; the teardown stops them. Usage: npm run test:e2e [-- e2e/auth.test.ts]
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } }],
  },
  moduleFileExtensions: ['ts', 'js', 'json', 'cjs', 'mjs'],
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  // One file at a time: the stack and the browser share two cores, and one test stops a remote's server.
  maxWorkers: 1,
  testTimeout: 90_000,
  slowTestThreshold: 30,
};
