import { currentLang, formatNumber, localized, startLanguage } from '@/locales';
import { langScript, LANG_STORAGE_KEY, readLang, setLang } from '@/locales/lang';
import { loadEnglish } from '@/testing/english';

describe('the language layer', () => {
  afterEach(() => window.localStorage.clear());

  it('reads the stored choice, Chinese when none or an unknown one', () => {
    expect(readLang()).toBe('zh-CN');
    window.localStorage.setItem(LANG_STORAGE_KEY, 'en-US');
    expect(readLang()).toBe('en-US');
    window.localStorage.setItem(LANG_STORAGE_KEY, 'fr-FR');
    expect(readLang()).toBe('zh-CN');
  });

  it('remembers a choice and reloads; the default forgets it', () => {
    const reload = jest.fn();
    expect(setLang('en-US', reload)).toBe(true);
    expect(window.localStorage.getItem(LANG_STORAGE_KEY)).toBe('en-US');
    expect(setLang('zh-CN', reload)).toBe(true);
    expect(window.localStorage.getItem(LANG_STORAGE_KEY)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("marks <html> with English from index.html's script, and leaves the default alone", () => {
    document.documentElement.lang = 'zh-CN';
    // eslint-disable-next-line no-new-func
    new Function(langScript())();
    expect(document.documentElement.lang).toBe('zh-CN');
    window.localStorage.setItem(LANG_STORAGE_KEY, 'en-US');
    // eslint-disable-next-line no-new-func
    new Function(langScript())();
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('stays Chinese when the English chunk cannot be loaded', async () => {
    await expect(startLanguage('en-US', () => Promise.reject(new Error('offline')))).resolves.toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('stays Chinese without loading anything when Chinese is chosen', async () => {
    const texts = localized('help', { label: '使用文档' });
    await expect(startLanguage('zh-CN')).resolves.toBe('zh-CN');
    expect(texts.label).toBe('使用文档');
    expect(currentLang()).toBe('zh-CN');
  });

  it('writes English into groups made before and after it loads, keeping nested objects', async () => {
    const before = localized('theme', { options: { system: '跟随系统', light: '浅色模式', dark: '深色模式' } });
    const options = before.options;
    await expect(startLanguage('en-US', loadEnglish)).resolves.toBe('en-US');
    expect(before.options.light).not.toBe('浅色模式');
    expect(options).toBe(before.options);
    const after = localized('forbidden', { title: '403', subTitle: '抱歉，你无权访问此页面。', back: '返回主页' });
    expect(after.back).toBe('Back to home');
    expect(document.documentElement.lang).toBe('en-US');
    expect(formatNumber(1234567)).toBe('1,234,567');
    for (const value of [0, 7, 999, 1000, -1234, 100000, -999999, 2 ** 53 - 1, 1234.5678, -0.5])
      for (const lang of ['en-US', 'zh-CN'])
        expect(formatNumber(value)).toBe(new Intl.NumberFormat(lang).format(value));
  });
});
