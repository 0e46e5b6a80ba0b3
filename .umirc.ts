import { defineConfig } from '@umijs/max';
import { join } from 'path';
import defaultSettings from './src/defaultSettings';
import proxy from './config/proxy';
import routes from './config/routes';

/**
 * API_BASE_URL points the built app at another origin (for example
 * `http://localhost:7529`); empty means same origin: the mocks in development,
 * a reverse proxy in production.
 */
const API_BASE_URL = process.env.API_BASE_URL ?? '';

/** HELP_URL sends the header's help link elsewhere; empty means the bundled guide (public/help/). */
const HELP_URL = process.env.HELP_URL ?? '';

export default defineConfig({
  title: defaultSettings.title as string,
  favicons: ['/logo.svg'],
  metas: [
    // Umi's default viewport forbids zooming (maximum-scale=1, user-scalable=no): WCAG 1.4.4.
    { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    { name: 'description', content: 'Agler接口 — API 开放平台' },
  ],
  hash: true,
  // Minify each chunk as its own scope: with shared chunks, esbuild's helpers otherwise collide.
  esbuildMinifyIIFE: true,
  // Browsers of the last few years: polyfills and transpilation only for what they lack.
  targets: { chrome: 100, edge: 100, firefox: 100, safari: 16 },
  // These targets run everything the app and its libraries use natively, so core-js's default
  // entry (every ES proposal too) would be dead weight.
  polyfill: { imports: [] },
  npmClient: 'npm',
  routes,
  chainWebpack(memo) {
    // The rc-* components and antd's style packages have no side effects but do not declare it;
    // declared here, a page that only needs antd's form context does not bundle the whole form
    // library and its validator.
    memo.module
      .rule('side-effect-free')
      .test(
        /[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/,
      )
      .sideEffects(false);
    // axios names Buffer only on a path browsers never take (they have Blob), yet the
    // Buffer shim would ship in the entry chunk.
    if (memo.plugins.has('node-polyfill-provider')) {
      memo.plugin('node-polyfill-provider').tap(([provided]) => {
        const { Buffer: _unused, ...rest } = provided;
        return [rest];
      });
    }
  },
  // antd's ConfigProvider (theme, zh_CN locale) and App are set up in src/app.tsx
  // (rootContainer): the plugin's runtime adds lodash/merge to the entry chunk.
  antd: false,
  access: {},
  model: {},
  // While the session is read, the skeleton of the page being opened (as index.html shows it).
  initialState: { loading: '@/loading' },
  request: {},
  layout: {
    title: defaultSettings.title,
    locale: false,
    ...defaultSettings,
  },
  proxy,
  // mock/platform.ts starts the demo platform; its helpers and tests are not mock files.
  mock: { exclude: ['mock/wiring/**', 'mock/**/*.test.ts'] },
  define: { API_BASE_URL, HELP_URL },
  // `ANALYZE=1 npm run build` writes dist/report.json: the size of every module in every chunk.
  analyze: { analyzerMode: 'json', reportFilename: 'report.json', generateStatsFile: !!process.env.ANALYZE_STATS, statsOptions: { reasons: true, modules: true, chunks: false, assets: false } },
  plugins: [
    '@umijs/max-plugin-openapi',
    require.resolve('./config/plugins/routePreload'),
    require.resolve('./config/plugins/earlyRoutes'),
    require.resolve('./config/plugins/skeleton'),
    require.resolve('./config/plugins/htmlLang'),
    require.resolve('./config/plugins/antdStyles'),
    require.resolve('./config/plugins/precompress'),
    require.resolve('./config/plugins/readyLine'),
  ],
  openAPI: [
    {
      requestLibPath: "import { request } from '@umijs/max'",
      schemaPath: join(__dirname, 'config/openapi.json'),
      projectName: 'agler',
      mock: false,
    },
  ],
});
