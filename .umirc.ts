import { defineConfig } from '@umijs/max';
import { join } from 'path';
import defaultSettings from './config/defaultSettings';
import proxy from './config/proxy';
import routes from './config/routes';

/**
 * API_BASE_URL points the built app at another origin (for example
 * `http://localhost:7529`); empty means same origin: the mocks in development,
 * a reverse proxy in production.
 */
const API_BASE_URL = process.env.API_BASE_URL ?? '';

export default defineConfig({
  title: defaultSettings.title as string,
  favicons: ['/logo.svg'],
  metas: [{ name: 'description', content: 'Agler接口 — API 开放平台' }],
  hash: true,
  // Browsers of the last few years: polyfills and transpilation only for what they lack.
  targets: { chrome: 100, edge: 100, firefox: 100, safari: 16 },
  // Stable features only: the default `core-js` entry also ships every ES proposal.
  polyfill: { imports: ['core-js/stable'] },
  npmClient: 'npm',
  routes,
  antd: {
    appConfig: {},
    configProvider: {},
    theme: { token: { colorPrimary: defaultSettings.colorPrimary } },
  },
  access: {},
  model: {},
  initialState: {},
  request: {},
  layout: {
    title: defaultSettings.title,
    locale: false,
    ...defaultSettings,
  },
  proxy: process.env.MOCK === 'none' ? proxy : undefined,
  mock: { exclude: ['mock/_lib/**'] },
  define: { API_BASE_URL },
  // `ANALYZE=1 npm run build` writes dist/report.json: the size of every module in every chunk.
  analyze: { analyzerMode: 'json', reportFilename: 'report.json' },
  plugins: ['@umijs/max-plugin-openapi', require.resolve('./config/plugins/noRoutePreload')],
  openAPI: [
    {
      requestLibPath: "import { request } from '@umijs/max'",
      schemaPath: join(__dirname, 'config/openapi.json'),
      projectName: 'agler',
      mock: false,
    },
  ],
});
