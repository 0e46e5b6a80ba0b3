/**
 * @jest-environment node
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider } from 'antd';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { THEMES } from '../../src/utils/antdThemes';

/** The file as the build makes it (config/plugins/antdStyles.ts): in a process of its own. */
const extracted = () =>
  execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'extract.tsx')], {
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  }).toString();

/** The paths of cssinjs's path map at the end of an extracted text. */
const pathsOf = (css: string) =>
  (/\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '')
    .split(';')
    .map((entry) => entry.slice(0, entry.lastIndexOf(':')));

describe('antd’s styles extracted at build time', () => {
  it('are in antd’s layer and list the paths the app’s light theme asks for, so antd takes them from the file', () => {
    // A button as the app draws it (src/components/ThemeSwitch/ThemeProvider.tsx).
    const cache = createCache();
    renderToString(
      <StyleProvider cache={cache} layer>
        <ConfigProvider theme={THEMES.light}>
          <Button />
        </ConfigProvider>
      </StyleProvider>,
    );
    const buttonPath = pathsOf(extractStyle(cache, true)).find((path) => path.includes('|Button-Button|'));
    expect(buttonPath).toBeDefined();

    const css = extracted();
    expect(css.startsWith('@layer antd{')).toBe(true);
    expect(pathsOf(css)).toContain(buttonPath);
  });
});
