// The interface catalogue: browse, search, read and try an interface.
import { assert, login, pathOf, userName, waitForPath } from './helpers.mjs';

const WEATHER_ID = '1800000000000000001';
const HTML_ID = '1800000000000000006';
const OLD_WEATHER_ID = '1800000000000000008';
const UNKNOWN_ID = '1800000000000009999';

/** The catalogue's entries (their links) in the order shown. */
function entries(page) {
  return page.getByRole('list', { name: '接口列表' }).getByRole('link');
}

async function entryNames(page) {
  await entries(page).first().waitFor();
  return entries(page).allTextContents();
}

/** What the list endpoint answers for `query` in this session (numbers only, so plain JSON is fine). */
async function listTotal(page, query) {
  return page.evaluate(async (q) => {
    const res = await fetch(`/api/interfaceInfo/list/page?${new URLSearchParams(q)}`);
    return (await res.json()).data.total;
  }, query);
}

function editor(page) {
  return page.getByLabel('请求参数（JSON）');
}

function resultPanel(page) {
  return page.getByRole('region', { name: '返回结果' });
}

export const scenarios = [
  {
    name: 'catalogue: browse, page, sort and filter, with the view state in the URL',
    async run({ page, requests }) {
      await login(page, 'user');
      await waitForPath(page, '/');
      await entries(page).first().waitFor();
      assert.equal(requests.filter((url) => url.includes('/api/interfaceInfo/list/page')).length, 1, 'one list request on mount');
      const total = await listTotal(page, { current: 1, pageSize: 12 });
      assert.ok(total > 12, 'more than one page of interfaces');
      await page.getByText(`共 ${total} 个接口`, { exact: true }).waitFor();
      const first = await entryNames(page);
      assert.equal(first.length, 12);
      assert.equal(first[0], '天气查询', 'newest first');
      // Each entry is a real link to its view page.
      assert.equal(await entries(page).first().getAttribute('href'), `/interface_info/${WEATHER_ID}`);

      await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
      await waitForPath(page, '/?current=2');
      await page.getByRole('link', { name: first[0], exact: true }).waitFor({ state: 'detached' });
      const second = await entryNames(page);
      assert.equal(second.filter((name) => first.includes(name)).length, 0, 'page 2 shows other interfaces');

      await page.goBack();
      await waitForPath(page, '/');
      await page.getByRole('link', { name: first[0], exact: true }).waitFor();

      await page.locator('.ant-select', { has: page.getByRole('combobox', { name: '排序' }) }).click();
      await page.locator('.ant-select-item-option', { hasText: '名称' }).click();
      await waitForPath(page, '/?sortField=name');
      await page.getByRole('button', { name: '升序' }).click();
      await waitForPath(page, '/?sortField=name&sortOrder=descend');

      await page.getByRole('group', { name: '请求方法' }).getByText('POST', { exact: true }).click();
      await waitForPath(page, '/?method=POST&sortField=name&sortOrder=descend');
      const postTotal = await listTotal(page, { method: 'POST' });
      await page.getByText(`共 ${postTotal} 个接口`, { exact: true }).waitFor();
      const tags = await page.getByRole('list', { name: '接口列表' }).locator('.ant-tag').allTextContents();
      assert.ok(tags.length > 0 && tags.every((t) => t === 'POST'), `only POST interfaces: ${tags}`);

      // A shared link opens the same view.
      await page.goto('/?method=POST&sortField=name&sortOrder=descend');
      await page.getByText(`共 ${postTotal} 个接口`, { exact: true }).waitFor();
      assert.equal(await page.getByRole('group', { name: '请求方法' }).locator('.ant-segmented-item-selected').textContent(), 'POST');
    },
  },
  {
    name: 'catalogue: search from the header, by deep link and in the page; no match offers to clear the filters',
    async run({ page }) {
      await login(page, 'user');
      await page.getByPlaceholder('站内搜索').fill('翻译');
      await page.getByPlaceholder('站内搜索').press('Enter');
      await waitForPath(page, `/?searchText=${encodeURIComponent('翻译')}`);
      await page.getByRole('link', { name: '中英文翻译', exact: true }).waitFor();
      assert.equal(await page.getByLabel('搜索接口').inputValue(), '翻译');
      for (const text of await page.getByTestId('interface-card').allTextContents()) assert.ok(text.includes('翻译'), text);

      await page.goto(`/?searchText=ip&method=GET`);
      await page.getByRole('link', { name: 'IP 归属地查询', exact: true }).waitFor();
      assert.equal(await page.getByLabel('搜索接口').inputValue(), 'ip');
      const total = await listTotal(page, { searchText: 'ip', method: 'GET' });
      await page.getByText(`共 ${total} 个接口`, { exact: true }).waitFor();

      // Typing searches by itself after a short pause, and resets the page.
      await page.goto('/?current=2');
      await page.getByLabel('搜索接口').fill('UUID');
      await waitForPath(page, '/?searchText=UUID');
      await page.getByRole('link', { name: '随机 UUID', exact: true }).waitFor();

      await page.getByLabel('搜索接口').fill('没有这种接口zzz');
      await page.getByText('没有匹配的接口').waitFor();
      await page.getByRole('button', { name: '清除筛选' }).click();
      await waitForPath(page, '/');
      await page.getByRole('link', { name: '天气查询', exact: true }).waitFor();
      assert.equal(await page.getByLabel('搜索接口').inputValue(), '');
    },
  },
  {
    name: 'catalogue: a slow answer to an older search does not replace the newer one',
    async run({ page }) {
      await login(page, 'user');
      await entries(page).first().waitFor();
      let releaseSlow;
      const slowAnswered = new Promise((resolve) => {
        releaseSlow = resolve;
      });
      await page.route('**/api/interfaceInfo/list/page?**', async (route) => {
        if (new URL(route.request().url()).searchParams.get('searchText') !== '天气') return route.continue();
        const response = await route.fetch();
        await slowAnswered;
        return route.fulfill({ response });
      });
      await page.getByLabel('搜索接口').fill('天气');
      await waitForPath(page, `/?searchText=${encodeURIComponent('天气')}`);
      await page.getByLabel('搜索接口').fill('IP');
      await waitForPath(page, '/?searchText=IP');
      await page.getByRole('link', { name: 'IP 归属地查询', exact: true }).waitFor();
      const answered = page.waitForResponse((res) => res.url().includes(`searchText=${encodeURIComponent('天气')}`));
      releaseSlow();
      await answered;
      // The late answer arrived; the list still shows the search the user asked for last.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const names = await entryNames(page);
      assert.ok(names.includes('IP 归属地查询'), names.join());
      assert.ok(!names.includes('天气查询'), names.join());
      assert.equal(await page.getByLabel('搜索接口').inputValue(), 'IP');
    },
  },
  {
    name: 'catalogue: open an interface, read it, call it and see the answer',
    async run({ page, requests }) {
      await login(page, 'user');
      await page.getByRole('link', { name: '天气查询', exact: true }).click();
      await waitForPath(page, `/interface_info/${WEATHER_ID}`);
      await page.getByText('天气查询', { exact: true }).first().waitFor();
      assert.ok(requests.some((url) => url.endsWith(`/api/interfaceInfo/get?id=${WEATHER_ID}`)), 'the id is sent as received');
      await page.getByText('https://api.agler.dev/v1/weather/now', { exact: true }).waitFor();
      const params = page.getByRole('table');
      await params.getByText('city', { exact: true }).waitFor();
      await params.getByText('城市名，如 北京、上海').waitFor();
      assert.match(await editor(page).inputValue(), /"city": "北京"/);
      await page.getByText('"X-Agler-Access-Key": "<你的 AccessKey>"', { exact: false }).waitFor();

      const invoked = page.waitForRequest((req) => req.url().endsWith('/api/interfaceInfo/invoke'));
      await page.getByRole('button', { name: '发送请求' }).click();
      const body = JSON.parse((await invoked).postData());
      assert.equal(body.id, WEATHER_ID);
      assert.deepEqual(JSON.parse(body.userRequestParams), { city: '北京', unit: 'c' });
      const result = resultPanel(page);
      await result.getByText('成功', { exact: true }).waitFor();
      await result.getByText(/^耗时 \d+ ms$/).waitFor();
      await result.getByText(/^大小 \d+ B$/).waitFor();
      assert.match(await result.getByLabel('返回内容', { exact: true }).textContent(), /"city": "北京",\n {2}"weather": /);
      await result.getByText('原始', { exact: true }).click();
      assert.match(await result.getByLabel('返回内容', { exact: true }).textContent(), /^\{"city":"北京","weather":/);

      // The code sample follows the parameters being edited.
      await editor(page).fill('{"city": ""}');
      await page.getByText(`"userRequestParams":"{\\"city\\":\\"\\"}"`, { exact: false }).waitFor();
      await page.getByRole('button', { name: '发送请求' }).click();
      await result.getByText('失败', { exact: true }).waitFor();
      await result.getByText('参数 city 不能为空', { exact: true }).waitFor();
      await result.getByText('错误码 40000').waitFor();
    },
  },
  {
    name: 'catalogue: invalid JSON is refused at the editor and nothing is sent',
    async run({ page, requests }) {
      await login(page, 'user');
      await page.goto(`/interface_info/${WEATHER_ID}`);
      await editor(page).fill('{"city": 北京}');
      await page.getByRole('alert').getByText(/^JSON 格式错误（第 1 行第 10 列）/).waitFor();
      await page.getByRole('button', { name: '发送请求' }).click();
      await resultPanel(page).getByText('点击“发送请求”后在这里查看返回结果').waitFor();
      assert.equal(await editor(page).evaluate((el) => el === document.activeElement), true, 'the editor has the focus');
      await page.getByText('参数 JSON 有误，示例使用上一次有效的参数。').waitFor();

      // Once fixed, the next send is the first call that leaves the page.
      await editor(page).fill('{"city": "北京"}');
      const invoked = page.waitForRequest((req) => req.url().endsWith('/api/interfaceInfo/invoke'));
      await page.getByRole('button', { name: '发送请求' }).click();
      await invoked;
      await resultPanel(page).getByText('成功', { exact: true }).waitFor();
      assert.equal(requests.filter((url) => url.includes('/api/interfaceInfo/invoke')).length, 1, 'the invalid text was never sent');
    },
  },
  {
    name: 'catalogue: an offline interface is marked for admins and cannot be called; users cannot see it',
    async run({ page, browser, baseURL }) {
      await login(page, 'admin');
      await page.goto(`/?searchText=${encodeURIComponent('旧版')}`);
      const card = page.getByTestId('interface-card').filter({ hasText: '天气查询（旧版）' });
      await card.getByText('已下线').waitFor();
      await card.getByRole('link').click();
      await waitForPath(page, `/interface_info/${OLD_WEATHER_ID}`);
      await page.getByText('该接口已下线，暂不可调用').waitFor();
      assert.equal(await page.getByRole('button', { name: '发送请求' }).isDisabled(), true);
      assert.equal(await editor(page).isDisabled(), true);

      const other = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
      try {
        const userPage = await other.newPage();
        await login(userPage, 'user');
        await userPage.goto(`/?searchText=${encodeURIComponent('旧版')}`);
        await userPage.getByText('没有匹配的接口').waitFor();
        await userPage.goto(`/interface_info/${OLD_WEATHER_ID}`);
        await userPage.getByText('接口不存在或已下线').waitFor();
      } finally {
        await other.close();
      }
    },
  },
  {
    name: 'catalogue: an unknown id shows not-found with the way back to the catalogue',
    async run({ page }) {
      await login(page, 'user');
      await page.goto('/interface_info/not-an-id');
      await page.getByText('接口不存在或已下线').waitFor();
      await page.goto(`/interface_info/${UNKNOWN_ID}`);
      await page.getByText('接口不存在或已下线').waitFor();
      await page.getByRole('button', { name: '返回接口列表' }).click();
      await waitForPath(page, '/');
      await page.getByRole('link', { name: '天气查询', exact: true }).waitFor();
    },
  },
  {
    name: 'catalogue: HTML in a name or description is shown as text',
    async run({ page }) {
      let dialogs = 0;
      page.on('dialog', async (dialog) => {
        dialogs += 1;
        await dialog.dismiss();
      });
      await login(page, 'user');
      await page.goto('/?searchText=escape');
      const link = page.getByRole('link', { name: 'HTML 转义 <b>escape</b>', exact: true });
      await link.waitFor();
      assert.equal(await link.locator('b').count(), 0, 'no <b> element in the name');
      const card = page.getByTestId('interface-card').filter({ has: link });
      assert.match(await card.textContent(), /<script>alert\(1\)<\/script>/);
      assert.equal(await card.locator('script').count(), 0);

      await link.click();
      await waitForPath(page, `/interface_info/${HTML_ID}`);
      await page.getByText('HTML 转义 <b>escape</b>', { exact: true }).first().waitFor();
      await page.getByText(/例如 <script>alert\(1\)<\/script> 会变成/).waitFor();
      assert.equal(await page.locator('main b, main script').count(), 0, 'nothing in the page was parsed as HTML');
      await page.getByRole('button', { name: '发送请求' }).click();
      await resultPanel(page).getByText(/&lt;b&gt;粗体&lt;\/b&gt;/).waitFor();
      assert.equal(dialogs, 0, 'no script ran');
    },
  },
  {
    name: 'catalogue: an empty catalogue and a failed load are their own states',
    async run({ page }) {
      await login(page, 'admin');
      await page.route('**/api/interfaceInfo/list/page?**', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ code: 0, data: { records: [], total: 0, current: 1, size: 12, pages: 0 }, message: 'ok' }),
        }),
      );
      await page.goto('/');
      await page.getByText('暂无接口').waitFor();
      assert.equal(await page.getByText('没有匹配的接口').count(), 0);
      await page.getByRole('button', { name: '去添加接口' }).waitFor();

      let failures = 1;
      await page.unroute('**/api/interfaceInfo/list/page?**');
      await page.route('**/api/interfaceInfo/list/page?**', (route) => {
        if (failures-- > 0) {
          return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 50000, data: null, message: '系统繁忙，请稍后再试' }) });
        }
        return route.continue();
      });
      await page.goto('/?current=2');
      await page.getByText('接口列表加载失败').waitFor();
      await page.getByText('系统繁忙，请稍后再试').waitFor();
      assert.equal(await page.locator('.ant-message-notice').count(), 0, 'the error is shown once, in the page');
      await page.getByRole('button', { name: /重\s*试/ }).click();
      await entries(page).first().waitFor();
      assert.equal(pathOf(page), '/?current=2');
      await userName(page, 'admin').waitFor();
    },
  },
];
