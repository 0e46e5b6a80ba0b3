import { createConfig } from '@umijs/max/test';
import type { Config } from 'jest';
import { runsRealCalls } from './targets';

/**
 * The contract suite: black-box HTTP specs (*.contract.ts, which the root
 * jest config never matches) against one target at a time, see targets.ts.
 *
 *   npm run test:contract                          the server on a new embedded database (pglite)
 *   CONTRACT_TARGET=<name> npm run test:contract   another target of targets.ts
 *   CONTRACT_BASE_URL=<url> npm run test:contract  a target that is already up
 *     (with CONTRACT_UPSTREAM_PORT=<port> when it makes real calls and allows 127.0.0.1:<port>)
 */
const config: Config = {
  ...createConfig({ target: 'node', jsTransformer: 'esbuild' }),
  rootDir: '../..',
  roots: ['<rootDir>/tests/contract'],
  testMatch: ['<rootDir>/tests/contract/**/*.contract.ts'],
  // *.server.contract.ts: real calls to local upstreams, for targets that make them (targets.ts).
  testPathIgnorePatterns: ['/node_modules/', ...(runsRealCalls() ? [] : ['\\.server\\.contract\\.ts$'])],
  globalSetup: '<rootDir>/tests/contract/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/contract/globalTeardown.ts',
  // One target, one store: the specs run one after another so counts they read are their own.
  maxWorkers: 1,
  // Sized for a busy 2-core machine (an invoke waits for its interface's own answer time).
  testTimeout: 60_000,
};

export default config;
