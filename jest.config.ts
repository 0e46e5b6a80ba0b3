import { configUmiAlias, createConfig } from '@umijs/max/test';
import { TEST_TIMEOUT_MS } from './src/testing/waits';

/**
 * The only files under node_modules that are ES modules and need the transform (the `es` and `esm`
 * builds, Umi's client runtime): Umi's preset would otherwise send all of node_modules through
 * esbuild, a large cost on every uncached run.
 */
const ES_MODULES_IN_NODE_MODULES = [
  '(@[^/]+/)?[^/]+/(es|esm)/',
  '@babel/runtime/helpers/esm/',
  '@umijs/renderer-react/',
  'umi/client/',
  // ESM-only packages ("type": "module") that the server's dependencies nest.
  'content-disposition/',
  'cookie/',
  '@apidevtools/json-schema-ref-parser/',
  // ESM-only: the Markdown renderer of descriptions and what it imports.
  'micromark(-[^/]+)?/',
  'decode-named-character-reference/',
  'character-entities/',
  'devlop/',
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
