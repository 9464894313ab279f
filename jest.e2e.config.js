// The browser tests (issue 3 §7): real Chromium (playwright-core) against the real running system. The global setup
// builds the web apps when needed, starts an isolated infrastructure (profile "e2e"), every service, the gateway
// serving the site, and one Chromium; the teardown stops them. Usage: npm run test:e2e [-- e2e/auth.test.ts]
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

// A team's own browser tests live in its own folder (issue 35: a team touches only its folders): `mf-<name>/e2e/` or
// `services/<name>/e2e/`, run with the site's; they may use the shared steps of e2e/support.
const root = import.meta.dirname;
const teamFolders = [
  ...readdirSync(root).filter((dir) => dir.startsWith('mf-')),
  ...readdirSync(path.join(root, 'services')).map((dir) => `services/${dir}`),
].filter((dir) => existsSync(path.join(root, dir, 'e2e')));

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e', ...teamFolders.map((dir) => `<rootDir>/${dir}/e2e`)],
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
