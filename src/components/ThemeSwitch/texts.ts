import { localized } from '@/locales';
import type { ThemeMode, ThemePreference } from '@/utils/theme';

/** What the header's theme switch says. */
export const THEME_TEXTS = localized('theme', {
  /** The choices, in the menu's order. */
  options: {
    system: '跟随系统',
    light: '浅色模式',
    dark: '深色模式',
  } satisfies Record<ThemePreference, string>,
  /** What the system's scheme gives while the switch follows it. */
  modes: { light: '浅色', dark: '深色' } satisfies Record<ThemeMode, string>,
  /** The button's name: what it does and what is chosen now. */
  trigger: (current: string) => `切换外观（当前：${current}）`,
  following: (mode: string) => `跟随系统，${mode}`,
} as const);
