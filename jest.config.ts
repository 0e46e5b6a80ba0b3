import { configUmiAlias, createConfig } from '@umijs/max/test';
import { TEST_TIMEOUT_MS } from './src/testing/waits';

/**
 * The only files under node_modules that are ES modules and need the transform: the `es` and
 * `esm` builds some packages import from each other (antd's icons, rc-util, Babel's helpers) and
 * Umi's client runtime. Everything else there is CommonJS that Node runs as it is; Umi's preset
 * sends it all through esbuild with source maps, which cost a cold run (every CI run: the cache key
 * holds the checkout's path) about 50 s of transform over some 10,000 files.
 */
const ES_MODULES_IN_NODE_MODULES = [
  '(@[^/]+/)?[^/]+/(es|esm)/',
  '@babel/runtime/helpers/esm/',
  '@umijs/renderer-react/',
  'umi/client/',
  // ESM-only packages ("type": "module") that the server's dependencies nest.
  'content-disposition/',
  'cookie/',
];

export default async () => {
  const config = await configUmiAlias({
    ...createConfig({ target: 'browser', jsTransformer: 'esbuild', jsTransformerOpts: { jsx: 'automatic' } }),
    setupFilesAfterEnv: ['<rootDir>/tests/setupTests.ts'],
    testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/e2e/', '<rootDir>/tests/bench/'],
    // Ignored: a path under node_modules that is in none of them (also where one package nests another).
    transformIgnorePatterns: [
      `^(?!.*/node_modules/(${ES_MODULES_IN_NODE_MODULES.join('|')})).*/node_modules/`,
    ],
    globals: { API_BASE_URL: '' },
    testTimeout: TEST_TIMEOUT_MS,
  });
  return config;
};
