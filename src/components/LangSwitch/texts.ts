import { localized } from '@/locales';
import type { Lang } from '@/locales';

/** Each language's name, in that language: the same on an English and a Chinese page. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** What the language switch says. */
export const LANG_TEXTS = localized('lang', {
  /** The button's name: what it does and which language is chosen. */
  trigger: (current: string) => `切换语言（当前：${current}）`,
  refused: '浏览器不允许保存语言设置',
} as const);
