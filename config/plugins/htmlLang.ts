import type { IApi } from '@umijs/max';

/** The language of the console's texts (the specification's Chinese), for index.html's `<html>`. */
export const HTML_LANG = 'zh-CN';

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
