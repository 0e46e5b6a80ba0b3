import { ConfigProvider } from 'antd';
import type { ConfigProviderProps, ThemeConfig } from 'antd';
import { useLayoutEffect } from 'react';
import { paintDocument, useTheme } from '@/utils/theme';
import type { ThemeMode } from '@/utils/theme';

type ThemeProviderProps = {
  /** antd's theme for each mode. */
  themes: Record<ThemeMode, ThemeConfig>;
  locale?: ConfigProviderProps['locale'];
  children?: React.ReactNode;
};

/**
 * antd's ConfigProvider with the theme of the current mode (chosen in the header, or the
 * system's), and <html> marked with it before the browser paints, so the static skeleton's
 * colours and the page's background change with antd's.
 */
export function ThemeProvider({ themes, locale, children }: ThemeProviderProps) {
  const { mode } = useTheme();
  useLayoutEffect(() => paintDocument(mode), [mode]);
  return (
    <ConfigProvider locale={locale} theme={themes[mode]}>
      {children}
    </ConfigProvider>
  );
}
