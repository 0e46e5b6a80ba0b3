/**
 * antd's styles in the light theme, extracted whole at build time with antd's own tool
 * (`@ant-design/static-style-extract`, the "whole export" of
 * https://ant.design/docs/react/server-side-rendering). The text ends with cssinjs's path map: in
 * the browser antd takes the listed styles from the page instead of generating them. Styles it
 * lacks (ProComponents', the dark theme's, reduced motion's, the overlays the tool leaves out) are
 * generated at run time as before, so a missing entry costs time, never a style.
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
