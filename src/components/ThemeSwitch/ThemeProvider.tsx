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
 * antd's ConfigProvider with the theme of the current mode (chosen in the header, or the
 * system's), and <html> marked with it before the browser paints, so the static skeleton's
 * colours and the page's background change with antd's; without antd's motion while the system
 * asks for less. antd's styles go in its cascade layers (ordered by the skeleton's inline style,
 * src/components/Skeleton/static.ts): the app's stylesheets override them wherever they stand,
 * among them the stylesheet of antd's styles extracted at build time (config/antdStyles/extract.tsx).
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
