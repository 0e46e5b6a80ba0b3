/**
 * The console's language: 简体中文 (the specification's, and the default) or English, as chosen
 * in the header and remembered in this browser. No imports through Umi's aliases: the build reads
 * this file in Node for index.html's inline script (config/plugins/skeleton.ts).
 */

export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';
export const LANG_STORAGE_KEY = 'agler-lang';

const isLang = (value: unknown): value is Lang =>
  typeof value === 'string' && (LANGS as readonly string[]).includes(value);

/** The chosen language; storage that throws (blocked cookies) counts as no choice. */
export function readLang(): Lang {
  try {
    const stored = window.localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(stored) ? stored : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/**
 * index.html's inline script: gives <html> the chosen language before anything paints, so screen
 * readers read the skeleton (and then the page) in it. The same rule as readLang, in ES5.
 */
export const langScript = (): string =>
  `(function(){var l;try{l=localStorage.getItem(${JSON.stringify(LANG_STORAGE_KEY)})}catch(e){}` +
  `if(l===${JSON.stringify('en-US')})document.documentElement.lang=l})();`;

/**
 * Remembers the choice (the default forgets it) and reloads the page in it: every text, antd's
 * own, dates and numbers then start in the new language, and the other one is never downloaded.
 * Returns false when the browser refused to store it.
 */
export function setLang(lang: Lang, reload: () => void = () => window.location.reload()): boolean {
  try {
    if (lang === DEFAULT_LANG) window.localStorage.removeItem(LANG_STORAGE_KEY);
    else window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    return false;
  }
  reload();
  return true;
}
