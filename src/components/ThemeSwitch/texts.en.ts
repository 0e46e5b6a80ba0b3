import type { Translation } from '@/locales';
import type { THEME_TEXTS } from './texts';

export const theme: Translation<typeof THEME_TEXTS> = {
  options: { system: 'Follow the system', light: 'Light', dark: 'Dark' },
  modes: { light: 'light', dark: 'dark' },
  trigger: (current) => `Appearance (now: ${current})`,
  following: (mode) => `following the system, ${mode}`,
};
