/**
 * antd's light-theme styles, extracted whole at build time with antd's documented tool
 * (`@ant-design/static-style-extract`), so the browser takes them from the page instead of
 * generating them; anything missing is still generated at run time, so a gap costs time, never a style.
 *
 * Usage: `NODE_ENV=production node --import tsx config/antdStyles/extract.tsx` writes the CSS to
 * stdout (config/plugins/antdStyles.ts runs it during `max build`).
 */
import { StyleProvider } from '@ant-design/cssinjs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { THEMES } from '../../src/utils/antdThemes';

/** The CSS, in the app's cascade layer and theme as src/components/ThemeSwitch/ThemeProvider.tsx sets them. */
export function antdStyles(): string {
  return extractStyle((node) => (
    <StyleProvider layer>
      <ConfigProvider theme={THEMES.light} locale={zhCN}>
        {node}
      </ConfigProvider>
    </StyleProvider>
  ));
}

if (require.main === module) {
  process.stdout.write(antdStyles(), () => process.exit(0));
}
