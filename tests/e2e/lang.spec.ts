// English: chosen from the login page or the header, remembered, and only then downloaded. The
// console's own texts (menus, buttons, table heads, form labels), antd's and the document's
// language follow; the demo data stays as it was written.
import type { Page } from '@playwright/test';
import { CODE_TABS_ON_A_PHONE, expectAccessible, keepScreenshot } from './axe';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { exampleText } from '@agler/contract/example';
import { api, expect, PHONE, test, WEATHER_ID } from './fixtures';

const ENGLISH_CHUNK = /lang-en-US\.[0-9a-f]+\.async\.js$/;
const CJK = /[\u3400-\u9fff]/;

/** The console's own words on the page: what is Chinese among them, by where it is. */
async function chineseChrome(page: Page, data: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    ([cjk, words]) => {
      const pattern = new RegExp(cjk);
      // Longest first, so that a name is taken out whole before a word inside it.
      const dataWords = [...words].sort((a, b) => b.length - a.length);
      const withoutData = (text: string) => dataWords.reduce((rest, word) => rest.split(word).join(''), text);
      const selectors = [
        'button',
        'th',
        'label',
        '[role="tab"]',
        '.ant-menu-title-content',
        '.ant-breadcrumb',
        '.ant-page-header-heading-title',
        '.ant-card-head-title',
        '.ant-pagination',
        '.ant-empty-description',
        'input[placeholder]',
      ];
      const found: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
        if (!element.checkVisibility?.()) continue;
        const text = element instanceof HTMLInputElement ? element.placeholder : element.innerText;
        // The brand and the user's own data (names of interfaces and people) are not the console's words.
        if (element.closest('[data-agler-data], .ant-pro-global-header-logo, .ant-table-tbody')) continue;
        // Marked as Chinese on purpose: the other language's name, in itself.
        if (
          element.closest('[lang]')?.getAttribute('lang') === 'zh-CN' &&
          element.closest('[lang]') !== document.documentElement
        )
          continue;
        if (pattern.test(withoutData(text)))
          found.push(`${element.tagName.toLowerCase()}: ${text.trim().slice(0, 60)}`);
      }
      return found;
    },
    [CJK.source, data] as const,
  );
}

/**
 * Every text of the demo data (names, descriptions, parameters and their examples): written in
 * Chinese, and shown as written.
 */
async function demoData(page: Page): Promise<string[]> {
  const words = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') {
      if (CJK.test(value)) words.add(value);
      if (/^\s*[[{]/.test(value)) {
        try {
          collect(JSON.parse(value));
        } catch {
          // Text that only looks like JSON.
        }
      }
    } else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(await api(page, '/api/interfaceInfo/list/page?current=1&pageSize=50'));
  const weather = await api<{ requestParams?: string }>(page, `/api/interfaceInfo/get?id=${WEATHER_ID}`);
  collect(weather);
  // The example values its parameter form offers are the interface's own (a city for `city`).
  collect(exampleText(weather.data.requestParams));
  collect(await api(page, '/api/user/list/page?current=1&pageSize=50'));
  return [...words];
}

/** Row actions and buttons whose words break over lines: their column or box is too narrow. */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-row a, .ant-table-row button, button')]
      .filter((element) => element.checkVisibility?.() && element.innerText.trim())
      .filter((element) => {
        // The words' own lines: text nodes only (a click's wave effect is a box of its own).
        const tops: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
        }
        tops.sort((a, b) => a - b);
        return tops.some((top, i) => i > 0 && top - tops[i - 1] > 4);
      })
      .map((element) => element.innerText.trim()),
  );
}

async function logIn(page: Page, who: 'admin' | 'user') {
  const account = DEMO_ACCOUNTS.find((a) => a.userAccount === who)!;
  await page.getByLabel('Account').fill(account.userAccount);
  await page.getByLabel('Password').fill(account.userPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText(account.userName, { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
}

test('Chinese by default: the English chunk is never downloaded', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto('/user/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en-US');
  // What the English scenario finds none of, here in Chinese.
  expect(await chineseChrome(page)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^button: 登\s*录$/),
      'label: 账号',
      'input: 请输入密码（8-256 位）',
    ]),
  );
  expect(fetched.filter((url) => ENGLISH_CHUNK.test(url))).toEqual([]);
});

test('English from the login page: every page speaks it, passes axe, and the choice is kept', async ({
  page,
}, testInfo) => {
  test.slow();
  await page.goto('/user/login');
  const english = page.waitForResponse((response) => ENGLISH_CHUNK.test(response.url()));
  await page.getByRole('button', { name: 'English' }).click();
  await english;
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveTitle(/^Log in - /);
  expect(await chineseChrome(page)).toEqual([]);
  await expectAccessible(page, 'login (English)');

  await logIn(page, 'admin');
  await expect(page.getByRole('menuitem', { name: /Home/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language (now: English)' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'en-home');
  const data = await demoData(page);
  expect(await chineseChrome(page, data)).toEqual([]);
  await expectAccessible(page, 'home (English)');

  for (const [path, ready] of [
    [`/interface_info/${WEATHER_ID}`, '.ant-descriptions'],
    ['/admin/interface_info', '.ant-table-row'],
    ['/admin/interface_analysis', '.ant-table-row'],
    ['/account/center', '.ant-table-row'],
    ['/account/usage', '.ant-table-row'],
    ['/admin/user', '.ant-table-row'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning')).toHaveCount(0);
    await keepScreenshot(page, testInfo, `en-${path.split('/').filter(Boolean).join('-') || 'home'}`);
    expect(await chineseChrome(page, data), path).toEqual([]);
    // Longer English words still fit their buttons and links: none breaks over two lines.
    expect(await brokenWords(page), path).toEqual([]);
    await expectAccessible(page, `${path} (English)`);
  }

  // The drawers and the header's menus.
  const drawer = page.locator('.ant-drawer-content');
  const checkOpen = async (where: string) => {
    expect(await chineseChrome(page, data), where).toEqual([]);
    expect(await brokenWords(page), where).toEqual([]);
    await expectAccessible(page, `${where} (English)`);
  };
  await page
    .getByRole('button', { name: /^Quota$/ })
    .first()
    .click();
  await expect(drawer.getByRole('spinbutton').first()).toBeVisible();
  await checkOpen('the quota drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.goto('/admin/interface_info');
  await page.getByRole('button', { name: 'Create interface' }).click();
  await expect(drawer.getByRole('textbox').first()).toBeVisible();
  await checkOpen('the create drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.goto('/admin/interface_analysis');
  await page
    .getByRole('button', { name: /^View the callers and status codes of/ })
    .first()
    .click();
  await expect(drawer.getByRole('heading', { name: 'Top callers' })).toBeVisible();
  await expect(drawer.locator('.ant-skeleton-active')).toHaveCount(0);
  await checkOpen('the callers drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: /^Appearance/ }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
  await checkOpen('the theme menu');
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await page.goto('/admin/interface_info');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await keepScreenshot(page, testInfo, 'en-phone-admin');
  await expectAccessible(page, 'interface management (English, 375 px)');
});

test('the header switches back to Chinese from the keyboard', async ({ page }) => {
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.setItem('agler-lang', 'en-US'));
  await page.reload();
  await logIn(page, 'user');
  const trigger = page.getByRole('button', { name: 'Language (now: English)' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const chinese = page.getByRole('menuitemradio', { name: '简体中文' });
  await expect(chinese).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await chinese.focus();
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '切换语言（当前：简体中文）' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('agler-lang'))).toBeNull();
});

test.describe('English in a dark system', () => {
  test.use({ colorScheme: 'dark' });

  test('the catalogue and an interface page pass axe at 1366 and 375 px', async ({ page }) => {
    await page.goto('/user/login');
    await page.evaluate(() => localStorage.setItem('agler-lang', 'en-US'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-agler-theme', 'dark');
    await logIn(page, 'user');
    for (const [path, ready] of [
      ['/', '.ant-card'],
      [`/interface_info/${WEATHER_ID}`, '.ant-descriptions'],
    ] as const) {
      for (const size of [{ width: 1366, height: 900 }, PHONE]) {
        await page.setViewportSize(size);
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning')).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
        await expectAccessible(page, `${path} (English, dark, ${size.width} px)`, [CODE_TABS_ON_A_PHONE]);
      }
    }
  });
});
