// The interface catalogue: browse, search, read and try an interface.
import type { Page } from '@playwright/test';
import { api, atPath, expect, expectWeatherUnitRefused, PHONE, test, userName, WEATHER_ID } from './fixtures';

const HTML_ID = '1800000000000000006';
const OLD_WEATHER_ID = '1800000000000000008';
const UNKNOWN_ID = '1800000000000009999';

const catalogue = (page: Page) => page.getByRole('list', { name: '接口列表' });
/** The catalogue's entries (their links) in the order shown. */
const entries = (page: Page) => catalogue(page).getByRole('link');
const entry = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const totalText = (page: Page, total: number) => page.getByText(`共 ${total} 个接口`, { exact: true });
const editor = (page: Page) => page.getByLabel('请求参数（JSON）');
/** The form's field of one parameter. */
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });
/** The JSON box is shown only once JSON is chosen as the way to edit the parameters. */
const showJson = (page: Page) => page.getByLabel('参数编辑方式').getByText('JSON', { exact: true }).click();
/** What the answer panel says before the first send. */
const PLACEHOLDER = '点击“发送请求”（或按 Ctrl/⌘ + Enter）后在这里查看返回结果';
const resultPanel = (page: Page) => page.getByRole('region', { name: '返回结果' });
/** A call of the interface itself, not the reading of its history (/api/interfaceInfo/invoke/history). */
const isInvoke = (url: string) => new URL(url).pathname === '/api/interfaceInfo/invoke';

/** How many interfaces the list endpoint counts for `query` in this session. */
async function listTotal(page: Page, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const answer = await api<{ total: number }>(page, `/api/interfaceInfo/list/page?${params}`);
  return answer.data.total;
}

test('catalogue: browse, page, sort and filter, with the view state in the URL', async ({
  userPage: page,
  requests,
}) => {
  await expect(page).toHaveURL(atPath('/'));
  await expect(entries(page).first()).toBeVisible();
  expect(
    requests.filter((url) => url.includes('/api/interfaceInfo/list/page')).length,
    'one list request on mount',
  ).toBe(1);
  const total = await listTotal(page, { current: 1, pageSize: 12 });
  expect(total, 'more than one page of interfaces').toBeGreaterThan(12);
  await expect(totalText(page, total)).toBeVisible();
  await expect(entries(page)).toHaveCount(12);
  await expect(entries(page).first(), 'newest first').toHaveText('天气查询');
  // Each entry is a real link to its view page.
  await expect(entries(page).first()).toHaveAttribute('href', `/interface_info/${WEATHER_ID}`);
  const first = await entries(page).allTextContents();

  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(atPath('/?current=2'));
  await expect(entry(page, first[0])).toHaveCount(0);
  await expect(entries(page).first()).toBeVisible();
  const second = await entries(page).allTextContents();
  expect(
    second.filter((name) => first.includes(name)),
    'page 2 shows other interfaces',
  ).toEqual([]);

  await page.goBack();
  await expect(page).toHaveURL(atPath('/'));
  await expect(entry(page, first[0])).toBeVisible();

  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: '排序' }) }).click();
  await page.locator('.ant-select-item-option', { hasText: '名称' }).click();
  await expect(page).toHaveURL(atPath('/?sortField=name'));
  await page.getByRole('button', { name: '升序' }).click();
  await expect(page).toHaveURL(atPath('/?sortField=name&sortOrder=descend'));

  await page.getByRole('group', { name: '请求方法' }).getByText('POST', { exact: true }).click();
  await expect(page).toHaveURL(atPath('/?method=POST&sortField=name&sortOrder=descend'));
  const postTotal = await listTotal(page, { method: 'POST' });
  await expect(totalText(page, postTotal)).toBeVisible();
  const tags = catalogue(page).locator('.ant-tag');
  await expect(tags.first()).toBeVisible();
  await expect(tags.filter({ hasNotText: /^POST$/ }), 'only POST interfaces').toHaveCount(0);

  // A shared link opens the same view.
  await page.goto('/?method=POST&sortField=name&sortOrder=descend');
  await expect(totalText(page, postTotal)).toBeVisible();
  await expect(
    page.getByRole('group', { name: '请求方法' }).locator('.ant-segmented-item-selected'),
  ).toHaveText('POST');
});

test('catalogue: search from the header, by deep link and in the page; no match offers to clear the filters', async ({
  userPage: page,
}) => {
  const search = page.getByLabel('搜索接口');
  await page.getByPlaceholder('站内搜索').fill('翻译');
  await page.getByPlaceholder('站内搜索').press('Enter');
  await expect(page).toHaveURL(atPath(`/?searchText=${encodeURIComponent('翻译')}`));
  await expect(entry(page, '中英文翻译')).toBeVisible();
  await expect(search).toHaveValue('翻译');
  await expect(page.getByTestId('interface-card').filter({ hasNotText: '翻译' })).toHaveCount(0);

  await page.goto(`/?searchText=ip&method=GET`);
  await expect(entry(page, 'IP 归属地查询')).toBeVisible();
  await expect(search).toHaveValue('ip');
  const total = await listTotal(page, { searchText: 'ip', method: 'GET' });
  await expect(totalText(page, total)).toBeVisible();

  // Typing searches by itself after a short pause, and resets the page.
  await page.goto('/?current=2');
  await search.fill('UUID');
  await expect(page).toHaveURL(atPath('/?searchText=UUID'));
  await expect(entry(page, '随机 UUID')).toBeVisible();

  await search.fill('没有这种接口zzz');
  await expect(page.getByText('没有匹配的接口')).toBeVisible();
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await expect(entry(page, '天气查询')).toBeVisible();
  await expect(search).toHaveValue('');
});

test('catalogue: a slow answer to an older search does not replace the newer one', async ({
  userPage: page,
}) => {
  await expect(entries(page).first()).toBeVisible();
  let releaseSlow = () => {};
  const slowAnswered = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  await page.route('**/api/interfaceInfo/list/page?**', async (route) => {
    if (new URL(route.request().url()).searchParams.get('searchText') !== '天气') return route.continue();
    const response = await route.fetch();
    await slowAnswered;
    return route.fulfill({ response });
  });
  await page.getByLabel('搜索接口').fill('天气');
  await expect(page).toHaveURL(atPath(`/?searchText=${encodeURIComponent('天气')}`));
  await page.getByLabel('搜索接口').fill('IP');
  await expect(page).toHaveURL(atPath('/?searchText=IP'));
  await expect(entry(page, 'IP 归属地查询')).toBeVisible();
  const answered = page.waitForResponse((res) =>
    res.url().includes(`searchText=${encodeURIComponent('天气')}`),
  );
  releaseSlow();
  await answered;
  // The late answer arrived and React has had two frames to show it: the list still shows the
  // search the user asked for last.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  await expect(catalogue(page).getByRole('link', { name: 'IP 归属地查询', exact: true })).toBeVisible();
  await expect(catalogue(page).getByRole('link', { name: '天气查询', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('搜索接口')).toHaveValue('IP');
});

test('catalogue: open an interface, read it, call it and see the answer', async ({
  userPage: page,
  requests,
}) => {
  await entry(page, '天气查询').click();
  await expect(page).toHaveURL(atPath(`/interface_info/${WEATHER_ID}`));
  await expect(page.getByText('天气查询', { exact: true }).first()).toBeVisible();
  expect(
    requests.some((url) => url.endsWith(`/api/interfaceInfo/get?id=${WEATHER_ID}`)),
    'the id is sent as received',
  ).toBe(true);
  // The demo interface's own service, on the platform that serves the console.
  await expect(page.getByText(/^http:\/\/localhost:\d+\/demo\/v1\/weather\/now$/)).toBeVisible();
  const params = page.getByRole('table');
  await expect(params.getByText('city', { exact: true })).toBeVisible();
  await expect(params.getByText('城市名，如 北京、上海')).toBeVisible();
  await expect(field(page, 'city'), 'the example prefills the form').toHaveValue('北京');
  await expect(page.getByText('"Accept": "application/json"', { exact: false }).first()).toBeVisible();

  const invoked = page.waitForRequest((req) => req.url().endsWith('/api/interfaceInfo/invoke'));
  await page.getByRole('button', { name: '发送请求' }).click();
  const body = JSON.parse((await invoked).postData() ?? '');
  expect(body.id).toBe(WEATHER_ID);
  expect(JSON.parse(body.userRequestParams)).toEqual({ city: '北京', unit: 'c' });
  const result = resultPanel(page);
  const answer = result.getByLabel('返回内容', { exact: true });
  await expect(result.getByText('成功', { exact: true })).toBeVisible();
  await expect(result.getByText(/^耗时 \d+ ms$/)).toBeVisible();
  await expect(result.getByText(/^大小 \d+ B$/)).toBeVisible();
  await expect(answer).toHaveText(/"city": "北京",\n {2}"weather": /);
  await result.getByText('原始', { exact: true }).click();
  await expect(answer).toHaveText(/^\{"city":"北京","weather":/);

  // The code sample follows the parameters being edited. A unit the service does not know passes
  // the form's checks (the JSON can say more than the form offers) and reaches the interface.
  await showJson(page);
  await expect(editor(page), 'the JSON holds what the form sent').toHaveValue(/"city": "北京"/);
  await editor(page).fill('{"city": "北京", "unit": "k"}');
  await expect(
    page.getByText(`"userRequestParams":"{\\"city\\":\\"北京\\",\\"unit\\":\\"k\\"}"`, { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: '发送请求' }).click();
  // The interface refused the parameters: its own HTTP 400, with its reason.
  await expectWeatherUnitRefused(result);
});

test('catalogue: invalid JSON is refused at the editor and nothing is sent', async ({
  userSession: page,
  requests,
}) => {
  await page.goto(`/interface_info/${WEATHER_ID}`);
  await showJson(page);
  await editor(page).fill('{"city": 北京}');
  await expect(page.getByRole('alert').getByText(/^JSON 格式错误（第 1 行第 10 列）/)).toBeVisible();
  await page.getByRole('button', { name: '发送请求' }).click();
  await expect(resultPanel(page).getByText(PLACEHOLDER, { exact: true })).toBeVisible();
  await expect(editor(page), 'the editor has the focus').toBeFocused();
  await expect(page.getByText('参数 JSON 有误，示例使用上一次有效的参数。')).toBeVisible();

  // Once fixed, the next send is the first call that leaves the page.
  await editor(page).fill('{"city": "北京"}');
  const invoked = page.waitForRequest((req) => req.url().endsWith('/api/interfaceInfo/invoke'));
  await page.getByRole('button', { name: '发送请求' }).click();
  await invoked;
  await expect(resultPanel(page).getByText('成功', { exact: true })).toBeVisible();
  expect(requests.filter(isInvoke).length, 'the invalid text was never sent').toBe(1);
});

test('catalogue: an offline interface is marked for admins and cannot be called; users cannot see it', async ({
  adminSession: page,
  newSession,
}) => {
  await page.goto(`/?searchText=${encodeURIComponent('旧版')}`);
  const card = page.getByTestId('interface-card').filter({ hasText: '天气查询（旧版）' });
  await expect(card.getByText('已下线')).toBeVisible();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(atPath(`/interface_info/${OLD_WEATHER_ID}`));
  await expect(page.getByText('该接口已下线，暂不可调用')).toBeVisible();
  await expect(page.getByRole('button', { name: '发送请求' })).toBeDisabled();
  await expect(field(page, 'city')).toBeDisabled();
  await showJson(page);
  await expect(editor(page)).toBeDisabled();

  const userPage = await newSession('user');
  await userPage.goto(`/?searchText=${encodeURIComponent('旧版')}`);
  await expect(userPage.getByText('没有匹配的接口')).toBeVisible();
  await userPage.goto(`/interface_info/${OLD_WEATHER_ID}`);
  await expect(userPage.getByText('接口不存在或已下线')).toBeVisible();
});

test('catalogue: an unknown id shows not-found with the way back to the catalogue', async ({
  userSession: page,
}) => {
  await page.goto('/interface_info/not-an-id');
  await expect(page.getByText('接口不存在或已下线')).toBeVisible();
  await page.goto(`/interface_info/${UNKNOWN_ID}`);
  await expect(page.getByText('接口不存在或已下线')).toBeVisible();
  await page.getByRole('button', { name: '返回接口列表' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await expect(entry(page, '天气查询')).toBeVisible();
});

test('catalogue: HTML in a name or description is shown as text', async ({ userPage: page }) => {
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await page.goto('/?searchText=escape');
  const link = entry(page, 'HTML 转义 <b>escape</b>');
  await expect(link).toBeVisible();
  await expect(link.locator('b'), 'no <b> element in the name').toHaveCount(0);
  const card = page.getByTestId('interface-card').filter({ has: link });
  await expect(card).toContainText(/<script>alert\(1\)<\/script>/);
  await expect(card.locator('script')).toHaveCount(0);

  await link.click();
  await expect(page).toHaveURL(atPath(`/interface_info/${HTML_ID}`));
  await expect(page.getByText('HTML 转义 <b>escape</b>', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/例如 <script>alert\(1\)<\/script> 会变成/)).toBeVisible();
  await expect(page.locator('main b, main script'), 'nothing in the page was parsed as HTML').toHaveCount(0);
  await page.getByRole('button', { name: '发送请求' }).click();
  await expect(resultPanel(page).getByText(/&lt;b&gt;粗体&lt;\/b&gt;/)).toBeVisible();
  expect(dialogs, 'no script ran').toBe(0);
});

test('catalogue: an empty catalogue and a failed load are their own states', async ({ adminPage: page }) => {
  await page.route('**/api/interfaceInfo/list/page?**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: 0,
        data: { records: [], total: 0, current: 1, size: 12, pages: 0 },
        message: 'ok',
      }),
    }),
  );
  await page.goto('/');
  await expect(page.getByText('暂无接口')).toBeVisible();
  await expect(page.getByText('没有匹配的接口')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '去添加接口' })).toBeVisible();

  let failures = 1;
  await page.unroute('**/api/interfaceInfo/list/page?**');
  await page.route('**/api/interfaceInfo/list/page?**', (route) => {
    if (failures-- > 0) {
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 50000, data: null, message: '系统繁忙，请稍后再试' }),
      });
    }
    return route.continue();
  });
  await page.goto('/?current=2');
  await expect(page.getByText('接口列表加载失败')).toBeVisible();
  await expect(page.getByText('系统繁忙，请稍后再试')).toBeVisible();
  // Counted now, not awaited: a toast beside the inline error would still be on screen.
  expect(await page.locator('.ant-message-notice').count(), 'the error is shown once, in the page').toBe(0);
  await page.getByRole('button', { name: /重\s*试/ }).click();
  await expect(entries(page).first()).toBeVisible();
  await expect(page).toHaveURL('/?current=2');
  await expect(userName(page, 'admin')).toBeVisible();
});

test("catalogue: every card shows its health alike, the state on a line and the figures whole on the next; the interface page's tags keep their gaps", async ({
  userPage: page,
}) => {
  for (const size of [{ width: 1280, height: 900 }, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/');
    const healths = page.getByTestId('interface-health');
    await expect(healths.first()).not.toBeEmpty();
    const layouts = await healths.evaluateAll((shown) =>
      shown.map((health) => {
        const state = health.querySelector('.ant-badge')!.getBoundingClientRect();
        const figures = health.lastElementChild!;
        const box = figures.getBoundingClientRect();
        return { below: box.top >= state.bottom - 1, oneLine: box.height <= parseFloat(getComputedStyle(figures).lineHeight) + 1 };
      }),
    );
    expect(layouts.length).toBeGreaterThan(0);
    expect(layouts.filter(({ below, oneLine }) => !below || !oneLine), `at ${size.width} px`).toEqual([]);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/interface_info/${WEATHER_ID}`);
  const health = page.locator('.ant-page-header').getByTestId('interface-health');
  await expect(health).not.toBeEmpty();
  const status = page.locator('.ant-page-header').getByText('已上线', { exact: true });
  const [statusBox, healthBox] = [await status.boundingBox(), await health.boundingBox()];
  expect(healthBox!.x - (statusBox!.x + statusBox!.width), 'the gap between the status and the health').toBeGreaterThanOrEqual(8);
});
