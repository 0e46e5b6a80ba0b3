// Around the pages: the static skeleton of index.html and the skeletons that follow it, the
// header's help link to the developer guide, and the header search's interface suggestions.
import type { Page } from '@playwright/test';
import { inlineScriptHashes } from '../../server/plugins/console';
import { contentSecurityPolicy } from '../../server/plugins/security';
import { atPath, expect, test, WEATHER_ID } from './fixtures';

/** Blocks every script file (inline scripts still run): what shows is what the HTML paints alone. */
async function blockScriptFiles(page: Page) {
  await page.route(/\.js(\?.*)?$/, (route) => route.abort());
}

test('loading: index.html holds the static skeleton inside the mount element', async ({ request }) => {
  const html = await (await request.get('/admin/interface_info')).text();
  expect(html).toMatch(/<div id="root"><div class="agler-sk agler-sk-static" aria-busy="true">/);
  expect(html).toContain('agler-sk-login-card');
  // Its inline style: the order of antd's cascade layers, the skeleton's colours (light, and dark
  // when the page is marked so), then its rules.
  expect(html).toMatch(
    /<style>@layer antd,antd-pro;\s*:root\{--sk-bg:[^<]*html\[data-agler-theme=dark\][^<]*\.agler-sk\{/,
  );
  // No script is needed to paint it: the only inline scripts are small and allowed by their hash.
  expect(inlineScriptHashes(html).length).toBeGreaterThan(0);
});

test('loading: the login page shows its card frame before any script file runs, within the CSP', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/user/login')).text();
  const policy = contentSecurityPolicy(inlineScriptHashes(html));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await blockScriptFiles(page);
  // The page as the platform's server sends it: with its Content-Security-Policy.
  await page.route(atPath('/user/login'), (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': policy },
      body: html,
    }),
  );
  await page.goto('/user/login');
  const card = page.locator('.agler-sk-static .agler-sk-login-card');
  await expect(card).toBeVisible();
  await expect(card.getByText('Agler接口')).toBeVisible();
  await expect(card.locator('img[src="/logo.svg"]')).toBeVisible();
  // The inline script ran under the policy: the login card shows, not the layout.
  await expect(page.locator('.agler-sk-static .agler-sk-layout')).toBeHidden();
  expect(violations).toEqual([]);
});

test.describe('baked styles', () => {
  // With reduced motion antd's tokens differ from the file's (motion off): it generates them.
  test.use({ reducedMotion: 'no-preference' });

  test('loading: antd’s styles for a cold page come from the stylesheet baked at build time, not generated in the page', async ({
    adminSession: page,
  }) => {
    await page.goto('/');
    await expect(page.locator('main a[href^="/interface_info/"]').first()).toBeVisible();
    // One file, linked after the static skeleton and before the scripts (config/plugins/antdStyles.ts).
    const order = await page.evaluate(() =>
      [...document.body.querySelectorAll(':scope > link[rel="stylesheet"], :scope > script[src]')].map(
        (element) => element.getAttribute('href') ?? 'script',
      ),
    );
    expect(order).toEqual([expect.stringMatching(/^\/antd\.[0-9a-f]{8}\.css$/), 'script']);
    // What antd generated in the page: nothing the file holds. Its path map (cssinjs's, at the
    // file's end) names each style's id; a style antd generates is tagged with its id.
    const { generated, fromFile } = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('body > link[rel="stylesheet"]')!.href;
      const css = await (await fetch(href)).text();
      const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
      return {
        generated: [...document.querySelectorAll('style[data-css-hash]')].map((style) => style.getAttribute('data-css-hash')),
        fromFile: map.split(';').map((entry) => entry.slice(entry.lastIndexOf(':') + 1)),
      };
    });
    expect(fromFile.length).toBeGreaterThan(50);
    expect(generated.filter((id) => fromFile.includes(id ?? ''))).toEqual([]);
    // Yet they apply: a card's rules from the file, in antd's layer, under the app's rules.
    const card = page.locator('main .ant-card').first();
    await expect(card).toHaveCSS('border-radius', '8px');
    await expect(page.locator('body')).toHaveCSS('margin', '0px');
  });
});

test.describe('skeleton motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('loading: the static skeleton’s bars stand still for a second, then shimmer; with less motion they never do', async ({
    page,
  }) => {
    await blockScriptFiles(page);
    await page.goto('/');
    const bar = page.locator('.agler-sk-static .agler-sk-bar:visible').first();
    await expect(bar).toBeVisible();
    // The bar's one animation, as the Web Animations model times it: in its delay it draws nothing
    // (no fill), so the bar shows its plain background.
    const shine = () =>
      bar.evaluate((element) =>
        element.getAnimations().map((animation) => ({
          name: (animation as CSSAnimation).animationName,
          delay: animation.effect!.getTiming().delay,
          time: Number(animation.currentTime),
          progress: animation.effect!.getComputedTiming().progress,
        })),
      );
    const [first] = await shine();
    expect(first).toMatchObject({ name: 'agler-sk-shine', delay: 1000 });
    expect(first.progress === null).toBe(first.time < 1000);
    await expect.poll(async () => (await shine())[0].time, { timeout: 5_000 }).toBeGreaterThan(1050);
    expect((await shine())[0].progress).not.toBeNull();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(async () => (await shine()).length).toBe(0);
  });
});

test('loading: with scripts, React replaces the skeleton with the login form', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page.getByLabel('密码')).toBeVisible();
  await expect(page.locator('.agler-sk')).toHaveCount(0);
});

test('loading: a logged-in deep link shows the layout, then the page’s own skeleton while its chunk loads', async ({
  adminPage: page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/p__Admin__InterfaceInfo__index\.[0-9a-f]+\.async\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Before any script: the layout's skeleton with the table page's shape.
  const paintedAlone = await page.context().newPage();
  await blockScriptFiles(paintedAlone);
  await paintedAlone.goto('/admin/interface_info');
  await expect(paintedAlone.locator('.agler-sk-static .agler-sk-layout')).toBeVisible();
  await expect(paintedAlone.locator('.agler-sk-static [data-kind="table"]')).toBeVisible();
  await expect(paintedAlone.locator('.agler-sk-static [data-kind="page"]')).toBeHidden();
  await paintedAlone.close();

  // Not waiting for `load`: the held chunk holds it back too.
  await page.goto('/admin/interface_info', { waitUntil: 'commit' });
  // The real layout is there, the page's chunk is held back: its skeleton fills the content, and
  // the side menu's placeholders stand in the sider.
  await expect(page.locator('.ant-pro-sider .agler-sk-menus')).toBeVisible();
  await expect(page.locator('main .agler-sk .agler-sk-table')).toBeVisible();
  await expect(page.locator('.agler-sk-static')).toHaveCount(0);
  release();
  await expect(page.locator('main .ant-table-row').first()).toBeVisible();
  // The side menu and the header's tools come after the page.
  await expect(page.getByRole('menuitem', { name: /主页/ })).toBeVisible();
  await expect(page.getByPlaceholder('站内搜索')).toBeVisible();
  await expect(page.locator('.agler-sk')).toHaveCount(0);
});

for (const { name, path, chunk, api, content } of [
  {
    name: 'the catalogue',
    path: '/?searchText=天气',
    chunk: /^\/p__Index__index\./,
    api: '/api/interfaceInfo/list/page',
    content: { selector: 'main a[href^="/interface_info/"]', hasText: undefined },
  },
  {
    name: 'an interface',
    path: `/interface_info/${WEATHER_ID}`,
    chunk: /^\/p__InterfaceInfo__index\./,
    api: '/api/interfaceInfo/get',
    content: { selector: 'main', hasText: '天气查询' },
  },
  {
    name: 'the interface table',
    path: '/admin/interface_info?method=GET&sortField=name&sortOrder=ascend',
    chunk: /^\/p__Admin__InterfaceInfo__index\./,
    api: '/api/interfaceInfo/list/page',
    content: { selector: 'main .ant-table-row', hasText: undefined },
  },
  {
    // Its requests start once the page's chunk has come, in that chunk (src/utils/earlyRoute.ts).
    name: 'the analysis',
    path: '/admin/interface_analysis?range=7&top=10',
    chunk: /^\/p__Admin__InterfaceAnalysis__index\./,
    api: '/api/analysis/overview',
    content: { selector: 'main canvas', hasText: undefined },
  },
]) {
  // The session is started through the API, with no page opened before: a page logged in through
  // the form lands on the catalogue, whose own list request could come after the listener below.
  test(`loading: a deep link to ${name} asks for its chunk and first answer beside the layout’s chunk`, async ({
    adminSession: page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/t__plugin-layout__Layout\.[0-9a-f]+\.async\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(path, { waitUntil: 'commit' });
    // The layout's own chunk is held back, so the layout has not rendered: the page's chunk and its
    // first request were started when the session was known, not by the rendered route.
    await expect.poll(() => asked.some((p) => chunk.test(p))).toBe(true);
    await expect.poll(() => asked.filter((p) => p === api)).toHaveLength(1);
    await expect(page.locator('main')).toHaveCount(0);
    release();
    await expect(page.locator(content.selector, { hasText: content.hasText }).first()).toBeVisible();
    // The page took that answer instead of asking again.
    expect(asked.filter((p) => p === api)).toHaveLength(1);
  });
}

test('loading: an unknown interface shows its not-found state', async ({ adminSession: page }) => {
  await page.goto('/interface_info/1899999999999999999');
  await expect(page.locator('main .ant-result-404')).toBeVisible();
  await expect(page.locator('main .agler-sk')).toHaveCount(0);
});

test('help: the header’s help link opens the platform’s developer guide', async ({
  adminPage: page,
  request,
}) => {
  const link = page.locator('a[aria-label="使用文档"]');
  await expect(link).toHaveAttribute('href', '/help/index.html');
  const guide = await request.get('/help/index.html');
  expect(guide.ok()).toBe(true);
  expect(await guide.text()).toContain('X-Quota-Remaining');
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(popup.getByRole('heading', { level: 1, name: '开发者指南' })).toBeVisible();
  await expect(popup.getByRole('heading', { name: /为调用签名/ })).toBeVisible();
  // Its stylesheet is served too: the page is laid out, not bare HTML. Waited for: the headings
  // can be on screen before the stylesheet has come.
  await expect(popup.locator('main')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await popup.close();
});

test('help: on an English page the help link opens the English guide, within the CSP, and it links back to Chinese', async ({
  adminPage: page,
}) => {
  await page.evaluate(() => localStorage.setItem('agler-lang', 'en-US'));
  await page.reload();
  const link = page.locator('a[aria-label="Developer guide"]');
  await expect(link).toHaveAttribute('href', '/help/en.html');

  // Both guides as the platform's server sends them: with its Content-Security-Policy, whose
  // script-src names only the console's own inline scripts (none of the guide's: it has none).
  const html = await (await page.request.get('/')).text();
  const policy = contentSecurityPolicy(inlineScriptHashes(html));
  const violations: string[] = [];
  page.context().on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.context().route(/\/help\/(index|en)\.html$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });

  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(popup).toHaveURL(/\/help\/en\.html$/);
  await expect(popup.locator('html')).toHaveAttribute('lang', 'en');
  await expect(popup.getByRole('heading', { level: 1, name: 'Developer guide' })).toBeVisible();
  await expect(popup.getByRole('heading', { name: /Sign your calls/ })).toBeVisible();
  await expect(popup.getByText('X-Quota-Remaining').first()).toBeVisible();
  // The same stylesheet lays it out (waited for, as above).
  await expect(popup.locator('main')).toHaveCSS('background-color', 'rgb(255, 255, 255)');

  const toChinese = popup.locator('header a[lang="zh-CN"]');
  await expect(toChinese).toHaveText('简体中文');
  await toChinese.click();
  await expect(popup).toHaveURL(/\/help\/index\.html$/);
  await expect(popup.getByRole('heading', { level: 1, name: '开发者指南' })).toBeVisible();
  await expect(popup.locator('header a[lang="en"]')).toHaveText('English');
  expect(violations).toEqual([]);
  await popup.close();
});

test('header search: suggests an interface by name as you type and opens it; Enter still searches the catalogue', async ({
  adminPage: page,
}) => {
  const box = page.getByPlaceholder('站内搜索');
  await box.fill('天气');
  const suggestion = page.locator('.ant-select-item-option[title="天气查询"]');
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(atPath(`/interface_info/${WEATHER_ID}`));
  await expect(page.locator('main').getByText('天气查询').first()).toBeVisible();

  await box.fill('IP');
  await box.press('Enter');
  await expect(page).toHaveURL(atPath('/?searchText=IP'));
});
