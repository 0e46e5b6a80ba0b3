import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { ConfigProviderProps, ThemeConfig } from 'antd';
import { useLayoutEffect, useMemo } from 'react';
import { useReducedMotion } from '@/utils/motion';
import { paintDocument, useTheme } from '@/utils/theme';
import type { ThemeMode } from '@/utils/theme';

type ThemeProviderProps = {
  /** antd's theme for each mode. */
  themes: Record<ThemeMode, ThemeConfig>;
  locale?: ConfigProviderProps['locale'];
  children?: React.ReactNode;
};

/** No click wave on buttons when the system asks for less motion. */
const STILL_WAVE = { disabled: true };

/**
 * antd's ConfigProvider in the current mode, with <html> marked before the browser paints so the
 * static skeleton and the page's background change with antd; antd's styles go in cascade layers
 * so the app's own stylesheets override them wherever they stand.
 */
export function ThemeProvider({ themes, locale, children }: ThemeProviderProps) {
  const { mode } = useTheme();
  const reducedMotion = useReducedMotion();
  useLayoutEffect(() => paintDocument(mode), [mode]);
  const theme = useMemo(
    () => (reducedMotion ? { ...themes[mode], token: { ...themes[mode].token, motion: false } } : themes[mode]),
    [themes, mode, reducedMotion],
  );
  return (
    <StyleProvider layer>
      <ConfigProvider locale={locale} theme={theme} wave={reducedMotion ? STILL_WAVE : undefined}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}
