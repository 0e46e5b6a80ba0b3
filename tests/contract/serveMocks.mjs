// Serves the mocks over HTTP exactly as `max preview` does (node_modules/@umijs/preset-umi/dist/
// commands/preview.js: umi's express, getMockData over the project's `mock` config, then
// createMockMiddleware), without the built console: the contract suite needs the API, not dist/.
//
//   PORT=8700 HOST=127.0.0.1 node tests/contract/serveMocks.mjs
//
// Every mock setting (MOCK_IDS, MOCK_INTERFACES) is read from the environment by the mocks themselves.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'package.json'));
const presetUmi = path.dirname(require.resolve('@umijs/preset-umi/package.json'));
const fromPreset = createRequire(path.join(presetUmi, 'package.json'));

const express = fromPreset('@umijs/bundler-utils/compiled/express');
const { Config } = require('@umijs/core');
const { DEFAULT_CONFIG_FILES } = require('umi/dist/constants');
const { createMockMiddleware } = fromPreset('./dist/features/mock/createMockMiddleware');
const { getMockData } = fromPreset('./dist/features/mock/getMockData');

const port = Number(process.env.PORT || 8700);
const host = process.env.HOST || '127.0.0.1';
if (!Number.isInteger(port) || port <= 0 || port >= 65536) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

// The same `mock` settings `max preview` hands to getMockData (.umirc.ts excludes mock/_lib).
const userConfig = new Config({ cwd: root, env: 'production', defaultConfigFiles: DEFAULT_CONFIG_FILES }).getUserConfig().config;

const app = express();
app.use(createMockMiddleware({ context: { mockData: getMockData({ cwd: root, mockConfig: userConfig.mock || {} }) } }));

const server = app.listen(port, host, () => {
  console.log(`mocks listening at http://${host}:${port}`);
});
server.on('error', (error) => {
  console.error(error.message);
  process.exit(1);
});
// Stop promptly when the suite is done: drop idle keep-alive sockets instead of waiting for them.
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
