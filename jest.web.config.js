// Jest for the web apps: the shell and every remote (each top-level mf-* folder), CommonJS through swc like the root
// config. Files run in Node unless they ask for a DOM with a docblock: `@jest-environment jsdom`, or for React
// tests that call the API `@jest-environment ./shell/test/support/jsdom-env.mjs` (jsdom with fetch).
// The packages' pure tests (packages/ui, packages/web-core) run in the root jest. Usage: npm run test:web
import { readdirSync } from 'node:fs';

const remotes = readdirSync(import.meta.dirname).filter((dir) => dir.startsWith('mf-'));
const swc = (tsx) => [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/shell', ...remotes.map((dir) => `<rootDir>/${dir}`)],
  testMatch: ['**/test/**/*.test.ts', '**/test/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.ts$': swc(false), '^.+\\.tsx$': swc(true), '^.+[\\/]packages[\\/]web-core[\\/]build[\\/].+\\.js$': swc(false) },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json', 'cjs', 'mjs'],
  moduleNameMapper: { '\\.css$': '<rootDir>/shell/test/support/style-stub.ts', '^@cp/react-router-impl$': 'react-router', '^@cp/redux-toolkit-impl$': '@reduxjs/toolkit' },
  testTimeout: 20000,
};
