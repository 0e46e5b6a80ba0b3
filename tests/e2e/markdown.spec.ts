// Descriptions as OpenAPI writes them: CommonMark with raw HTML. The interface page shows them
// formatted, leaves out what could run, and wraps a long unbroken word, so the page is never wider
// than the screen, at 1440 and 375 px, in Chinese and English, light and dark, and passes axe.
import type { Locator, Page } from '@playwright/test';
import { CODE_TABS_ON_A_PHONE, expectAccessible } from './axe';
import { api, expect, pageWidth, PHONE, test } from './fixtures';

const DESKTOP = { width: 1440, height: 900 };
/** Longer than any column is wide: it fits only when broken. */
const LONG_WORD = (length: number) => `cus_${'9AbCdEfGh'.repeat(Math.ceil(length / 9))}`.slice(0, length);

/** As much Markdown, HTML and things that must not run as an interface's description may hold (256 characters). */
const DESCRIPTION = [
  'Creates a *customer* with <code>email</code>.',
  '<p>Also <strong>HTML</strong>.</p><script>window.ran=1</script>',
  `<img src=x onerror="window.ran=2">[x](javascript:window.ran=3) ${LONG_WORD(80)}`,
].join('\n\n');
const PARAM_DESCRIPTION = [
  "The customer's *email* address, see [the guide](https://docs.example/email).",
  `<p>At most <code>512</code> characters, such as ${LONG_WORD(300)}.</p>`,
  '<iframe src="https://evil.example"></iframe><a href="javascript:window.ran=4">no link</a>',
].join('\n\n');

/** The page is as wide as the screen, the description formatted, nothing of it ran, and axe passes. */
async function check(page: Page, where: string) {
  const info = page.locator('.ant-descriptions');
  await expect(info.locator('em', { hasText: 'customer' })).toBeVisible();
  await expect(info.locator('code', { hasText: 'email' })).toBeVisible();
  await expect(info.locator('strong', { hasText: 'HTML' })).toBeVisible();
  await expect(info).not.toContainText('<p>');
  await expect(info).not.toContainText('javascript');
  await expect(info.locator('img, script, a[href]')).toHaveCount(0);

  const cell = page.getByRole('cell', { name: /The customer's email address/ });
  await expect(cell.locator('em', { hasText: 'email' })).toBeVisible();
  await expect(cell.getByRole('link', { name: 'the guide' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(cell.locator('code', { hasText: '512' })).toBeVisible();
  await expect(cell).not.toContainText('<p>');
  await expect(cell.locator('iframe')).toHaveCount(0);
  await expect(cell.getByText('no link')).not.toHaveAttribute('href');

  expect(await page.evaluate(() => 'ran' in window), 'a description ran code').toBe(false);
  const { width } = page.viewportSize()!;
  expect(await pageWidth(page), `${where}: the page is wider than the screen`).toBeLessThanOrEqual(width);
  // The long word breaks inside its paragraph; on a wide screen the table needs no scrolling either.
  const overflows = (box: Locator) => box.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(await overflows(cell.locator('p', { hasText: 'cus_' })), `${where}: the word is not broken`).toBe(false);
  expect(await overflows(info.locator('p', { hasText: 'cus_' })), `${where}: the word is not broken`).toBe(false);
  if (width >= DESKTOP.width) expect(await overflows(page.locator('.ant-table-content')), `${where}: the table scrolls`).toBe(false);
  await expectAccessible(page, where, width < DESKTOP.width ? [CODE_TABS_ON_A_PHONE] : []);
  await page.screenshot({ path: `/tmp/md-${where.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
}

test('descriptions in Markdown and HTML: formatted, safe, wrapped at 1440 and 375 px, both languages and themes', async ({
  adminPage: page,
}) => {
  test.slow();
  const added = await api<string>(page, '/api/interfaceInfo/add', {
    name: `Markdown ${Date.now().toString(36)}`,
    description: DESCRIPTION,
    url: 'https://api.example.com/e2e/customers',
    method: 'POST',
    requestParams: JSON.stringify([{ name: 'email', type: 'string', required: false, description: PARAM_DESCRIPTION }]),
    requestHeader: '{"Content-Type":"application/json"}',
    responseHeader: '',
  });
  expect(added.code, added.message).toBe(0);
  const id = added.data;
  try {
    for (const lang of ['zh-CN', 'en-US']) {
      await page.evaluate((value) => localStorage.setItem('agler-lang', value), lang);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of [DESKTOP, PHONE]) {
          await page.setViewportSize(size);
          await page.goto(`/interface_info/${id}`);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.locator('html')).toHaveAttribute('data-agler-theme', scheme);
          await check(page, `${lang} ${scheme} ${size.width}`);
        }
      }
    }
  } finally {
    await page.evaluate(() => localStorage.removeItem('agler-lang'));
    await api(page, '/api/interfaceInfo/delete', { id });
  }
});
