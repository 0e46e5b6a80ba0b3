import { localized } from '@/locales';

/** What the layout's own controls say (the phone's menu button). */
export const LAYOUT_TEXTS = localized('layout', {
  /** The name of the button that opens the menu on a phone, where the side menu is folded away. */
  menu: '导航菜单',
} as const);
