/**
 * @jest-environment node
 */
import { cheerio } from '@umijs/utils';
import type { IApi } from '@umijs/max';
import htmlLangPlugin, { HTML_LANG } from './htmlLang';

const UMI_HTML = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Agler接口</title></head>
<body><div id="root"></div></body></html>`;

describe('the html language plugin', () => {
  it('gives <html> the language of the texts', () => {
    let modify: ((html: ReturnType<typeof cheerio.load>) => ReturnType<typeof cheerio.load>) | undefined;
    htmlLangPlugin({ modifyHTML: (fn: typeof modify) => (modify = fn) } as unknown as IApi);
    const $ = cheerio.load(modify!(cheerio.load(UMI_HTML)).html());
    expect(HTML_LANG).toBe('zh-CN');
    expect($('html').attr('lang')).toBe('zh-CN');
    expect($('#root').length).toBe(1);
  });
});
