module.exports = {
  extends: require.resolve('@umijs/lint/dist/config/eslint'),
  globals: { API_BASE_URL: 'readonly' },
  ignorePatterns: ['src/.umi', 'src/.umi-production', 'src/.umi-test', 'dist', 'node_modules', 'src/services/agler'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
  },
  // Dependencies point one way: config/ builds from src/; src/ and server/ use contract/; mock/
  // wires server/ and contract/ into the dev server; contract/ uses none of them.
  overrides: [
    {
      files: ['contract/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [
          { group: ['@/*', '@@/*', '@umijs/*', 'umi', 'react', 'react-dom', 'antd', 'antd/*', '@ant-design/*'], message: 'contract/ is plain TypeScript: no app, UI or framework imports.' },
          { group: ['../../*', '**/src/*', '**/mock/*', '**/server/*', '**/config/*'], message: 'contract/ imports nothing else of the repository.' },
          { group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os', 'child_process', 'stream', 'url', 'util'], message: 'contract/ runs in browsers too: no Node-only modules.' },
        ] }],
      },
    },
    {
      files: ['src/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [
          { group: ['**/mock/*', '**/mock', '**/server/*', '**/server'], message: 'src/ never imports the mocks or the server: share through @agler/contract.' },
          { group: ['**/config/*', '**/config'], message: 'config/ builds the app from src/, so src/ never imports config/ back: shared settings live in src/.' },
        ] }],
        'no-restricted-properties': ['error', {
          object: 'Grid',
          property: 'useBreakpoint',
          message: 'useScreen (src/utils/media.ts) knows the screen in the first render; useBreakpoint renders its component again before the paint.',
        }],
      },
    },
    {
      // A test may hold src/ to the route table.
      files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [
          { group: ['**/mock/*', '**/mock', '**/server/*', '**/server'], message: 'src/ never imports the mocks or the server: share through @agler/contract.' },
        ] }],
      },
    },
    {
      // Umi loads config/ in Node, where the app's aliases do not resolve.
      files: ['config/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [
          { group: ['@/*', '@@/*'], message: 'config/ runs in Node, outside the bundle: import src/ by a relative path.' },
          { group: ['../server', '../server/*', '../../server', '../../server/*'], message: 'config/ builds the console: it never imports the server.' },
        ] }],
      },
    },
    {
      files: ['server/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [
          { group: ['@/*', '**/src/*', '**/src', '**/mock/*', '**/mock'], message: 'server/ never imports src/ or mock/: share through @agler/contract.' },
        ] }],
      },
    },
    {
      files: ['mock/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [
          { group: ['@/*', '**/src/*', '**/src'], message: 'mock/ never imports src/: it wires the server and contract/ only.' },
        ] }],
      },
    },
  ],
};
