import type { IApi } from '@umijs/max';
import { DEFAULT_LANG } from '../../src/locales/lang';

/**
 * The default language of the console's texts (the specification's Chinese), for index.html's
 * `<html>`; an inline script switches it when English is chosen (src/locales/lang.ts).
 */
export const HTML_LANG = DEFAULT_LANG;

/**
 * Umi writes a bare `<html>`: without a language, screen readers read the Chinese texts with the
 * reader's own voice and rules (WCAG 3.1.1).
 */
export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('html').attr('lang', HTML_LANG);
    return $;
  });
};
