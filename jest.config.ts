import { configUmiAlias, createConfig } from '@umijs/max/test';
import { TEST_TIMEOUT_MS } from './src/testing/waits';

export default async () => {
  const config = await configUmiAlias({
    ...createConfig({ target: 'browser', jsTransformer: 'esbuild', jsTransformerOpts: { jsx: 'automatic' } }),
    setupFilesAfterEnv: ['<rootDir>/tests/setupTests.ts'],
    testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/e2e/', '<rootDir>/tests/bench/'],
    globals: { API_BASE_URL: '' },
    testTimeout: TEST_TIMEOUT_MS,
  });
  return config;
};
