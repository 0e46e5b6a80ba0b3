// Interface analysis (/admin/interface_analysis): counts, charts, table, URL state, access, errors.
import { assert, login, pathOf, waitForPath } from './helpers.mjs';

const PAGE = '/admin/interface_analysis';
const counts = new Intl.NumberFormat('zh-CN');

/** `yyyy-MM-dd` of today moved by `days`, in the browser's time zone (the page's). */
function dayInBrowser(page, days = 0) {
  return page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  }, days);
}

/** GET an API path with the page's cookies; the parsed envelope. */
function apiGet(page, path) {
  return page.evaluate((url) => fetch(url).then((r) => r.json()), path);
}

/** The ids come back as bare numbers beyond 2^53: read them from the raw text. */
async function topIds(page, query) {
  const text = await page.evaluate(
    (url) => fetch(url).then((r) => r.text()),
    `/api/analysis/top/interface/invoke?${query}`,
  );
  return [...text.matchAll(/"id":(\d+)/g)].map((m) => m[1]);
}

const figures = (page) => page.getByRole('region', { name: '关键指标' });
const usageTable = (page) => page.getByRole('table', { name: '接口调用明细' });
const topTable = (page, limit = 5) => page.getByRole('table', { name: `调用次数前 ${limit} 的接口` });

/** The cell of `column` (0-based) in the usage table's row of the interface named `name`. */
function usageCell(page, name, column) {
  return usageTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .getByRole('cell')
    .nth(column);
}

/**
 * Clicks a point of colour `rgb` in the `index`-th canvas inside the figure named
 * `figure`: the charts draw the most called interface in the primary colour.
 */
async function clickChartColour(page, figure, index, rgb) {
  const canvas = page.getByRole('figure', { name: figure }).locator('canvas').nth(index);
  await canvas.waitFor();
  // The chart draws after its data arrives and animates in; wait until the colour is there.
  const handle = await page.waitForFunction(
    ([el, target]) => {
      const ctx = el.getContext('2d');
      const { width, height } = el;
      const data = ctx.getImageData(0, 0, width, height).data;
      const near = (i) =>
        Math.abs(data[i] - target[0]) +
          Math.abs(data[i + 1] - target[1]) +
          Math.abs(data[i + 2] - target[2]) <
        30;
      // A point whose neighbours 4 px right and 4 px down share the colour lies inside a shape, not on an edge.
      for (let y = 0; y < height; y += 2) {
        for (let x = 0; x < width; x += 2) {
          const i = (y * width + x) * 4;
          if (near(i) && near(i + 16) && near(i + width * 16)) {
            const ratio = width / el.getBoundingClientRect().width;
            return { x: (x + 4) / ratio, y: (y + 4) / ratio };
          }
        }
      }
      return null;
    },
    [await canvas.elementHandle(), rgb],
    { polling: 250 },
  );
  const point = await handle.jsonValue();
  await canvas.click({ position: point });
}

const PRIMARY = [24, 144, 255];

export const scenarios = [
  {
    name: "analysis: a user's call is counted in the admin's total, top list and table",
    async run({ page, browser, baseURL }) {
      await login(page, 'admin');
      const startDate = await dayInBrowser(page, -6);
      const endDate = await dayInBrowser(page);
      const range = `startDate=${startDate}&endDate=${endDate}`;
      const before = await apiGet(page, `/api/analysis/overview?${range}`);
      assert.equal(before.code, 0);
      // The most called online interface of the week: it stays in the top list after one more call.
      const top = await apiGet(page, `/api/analysis/top/interface/invoke?limit=5&${range}`);
      const ids = await topIds(page, `limit=5&${range}`);
      const index = top.data.findIndex((item) => item.status === 1);
      assert.ok(index >= 0, 'an online interface is among the most called');
      const target = { ...top.data[index], id: ids[index] };

      await page.goto(`${PAGE}?range=7`);
      await figures(page).getByText(counts.format(before.data.totalCalls), { exact: true }).waitFor();
      await usageCell(page, target.name, 1)
        .getByText(counts.format(target.totalNum), { exact: true })
        .waitFor();

      const userContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
      try {
        const userPage = await userContext.newPage();
        await login(userPage, 'user');
        // The call goes through the console's own call panel, with the example it prefills.
        await userPage.goto(`/interface_info/${target.id}`);
        await userPage.getByRole('button', { name: '发送请求' }).click();
        await userPage.getByRole('region', { name: '返回结果' }).getByText('成功', { exact: true }).waitFor();
      } finally {
        await userContext.close();
      }

      await page.getByRole('button', { name: '刷新' }).click();
      await figures(page)
        .getByText(counts.format(before.data.totalCalls + 1), { exact: true })
        .waitFor();
      await usageCell(page, target.name, 1)
        .getByText(counts.format(target.totalNum + 1), { exact: true })
        .waitFor();
      const topRow = topTable(page)
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: target.name, exact: true }) });
      await topRow
        .getByRole('cell')
        .nth(1)
        .getByText(counts.format(target.totalNum + 1), { exact: true })
        .waitFor();
    },
  },
  {
    name: 'analysis: admin sees figures, trend, top charts and the table, each chart with its text table',
    async run({ page }) {
      await login(page, 'admin');
      await page.goto(PAGE);
      for (const title of ['总调用次数', '成功率', 'P95 耗时', '被调用接口']) {
        await figures(page).getByText(title, { exact: true }).waitFor();
      }
      await page.getByRole('figure', { name: '每日调用与失败次数' }).locator('canvas').first().waitFor();
      await page.getByRole('figure', { name: '调用次数前 5 的接口' }).locator('canvas').nth(1).waitFor();
      assert.equal(
        await page.getByRole('table', { name: '每日调用与失败次数' }).getByRole('row').count(),
        31,
        '30 days and a header',
      );
      assert.equal(
        await topTable(page).getByRole('row').count(),
        7,
        'five interfaces, the rest and a header',
      );
      const rows = usageTable(page).getByRole('row');
      assert.ok((await rows.count()) > 5, 'the table lists the interfaces');
      // Sorting by p95, slowest first.
      const p95Header = usageTable(page).getByRole('columnheader', { name: /P95 耗时/ });
      await p95Header.click();
      await p95Header.click();
      const p95 = await usageTable(page).locator('tbody tr td:nth-child(6)').allInnerTexts();
      const ms = p95.map((t) => (t.endsWith(' s') ? parseFloat(t) * 1000 : parseFloat(t)));
      assert.deepEqual(
        ms,
        [...ms].sort((a, b) => b - a),
        'slowest first',
      );
      await page.getByRole('textbox', { name: '按接口名称筛选' }).fill('no such interface name');
      await usageTable(page).getByText('没有名称匹配的接口').waitFor();
    },
  },
  {
    name: 'analysis: range and top size live in the URL, back undoes them; slices, bars and rows open the interface',
    async run({ page }) {
      await login(page, 'admin');
      await page.goto(PAGE);
      await usageTable(page).waitFor();
      await page.getByText('近 7 天').click();
      await waitForPath(page, `${PAGE}?range=7`);
      await page.getByText('Top 10', { exact: true }).click();
      await waitForPath(page, `${PAGE}?range=7&top=10`);
      await topTable(page, 10).waitFor();
      await page.goBack();
      await waitForPath(page, `${PAGE}?range=7`);
      await topTable(page, 5).waitFor();
      await page.goBack();
      await waitForPath(page, PAGE);

      const start = await dayInBrowser(page, -20);
      const end = await dayInBrowser(page, -14);
      await page.getByPlaceholder('开始日期').click();
      await page.getByPlaceholder('开始日期').fill(start);
      await page.getByPlaceholder('开始日期').press('Enter');
      await page.getByPlaceholder('结束日期').fill(end);
      await page.getByPlaceholder('结束日期').press('Enter');
      await waitForPath(page, `${PAGE}?start=${start}&end=${end}`);
      await page
        .getByRole('table', { name: '每日调用与失败次数' })
        .getByRole('rowheader', { name: end })
        .waitFor();

      const [first] = await topIds(page, `limit=5&startDate=${start}&endDate=${end}`);
      for (const chart of [0, 1]) {
        // the pie, then the bar
        await clickChartColour(page, '调用次数前 5 的接口', chart, PRIMARY);
        await waitForPath(page, `/interface_info/${first}`);
        await page.goBack();
        await waitForPath(page, `${PAGE}?start=${start}&end=${end}`);
      }

      const firstRow = usageTable(page).getByRole('row').nth(1);
      const href = await firstRow.getByRole('link').getAttribute('href');
      assert.equal(href, `/interface_info/${first}`, 'the most called interface heads the table');
      await firstRow.getByRole('cell').nth(3).click();
      await waitForPath(page, href);
    },
  },
  {
    name: 'analysis: user gets 403 on the page and 40101 from the endpoints; no session gets 40100',
    async run({ page, context }) {
      await login(page, 'user');
      await page.goto(PAGE);
      await page.getByText('抱歉，你无权访问此页面。').waitFor();
      assert.equal(await page.getByRole('region', { name: '关键指标' }).count(), 0);
      const day = await dayInBrowser(page);
      const overview = await apiGet(page, `/api/analysis/overview?startDate=${day}&endDate=${day}`);
      const top = await apiGet(page, '/api/analysis/top/interface/invoke');
      assert.equal(overview.code, 40101);
      assert.equal(top.code, 40101);
      assert.equal(overview.data, null);
      await context.clearCookies();
      assert.equal((await apiGet(page, '/api/analysis/top/interface/invoke?limit=3')).code, 40100);
      assert.equal(
        (await apiGet(page, `/api/analysis/overview?startDate=${day}&endDate=${day}`)).code,
        40100,
      );
    },
  },
  {
    name: 'analysis: invalid parameters answer 40000 naming the parameter',
    async run({ page }) {
      await login(page, 'admin');
      const cases = [
        ['/api/analysis/overview', 'startDate'],
        ['/api/analysis/overview?startDate=2026-02-30&endDate=2026-03-01', 'startDate'],
        ['/api/analysis/overview?startDate=2026-03-01&endDate=tomorrow', 'endDate'],
        ['/api/analysis/overview?startDate=2026-03-02&endDate=2026-03-01', 'startDate'],
        ['/api/analysis/overview?startDate=2024-01-01&endDate=2026-01-01', 'startDate 到 endDate'],
        ['/api/analysis/top/interface/invoke?limit=21', 'limit'],
        ['/api/analysis/top/interface/invoke?limit=0', 'limit'],
        ['/api/analysis/top/interface/invoke?limit=abc', 'limit'],
        ['/api/analysis/top/interface/invoke?startDate=2026-1-1', 'startDate'],
      ];
      for (const [url, name] of cases) {
        const answer = await apiGet(page, url);
        assert.equal(answer.code, 40000, url);
        assert.ok(answer.message.includes(name), `${url}: "${answer.message}" names ${name}`);
      }
      const ok = await apiGet(page, '/api/analysis/top/interface/invoke');
      assert.equal(ok.code, 0);
      assert.ok(ok.data.length <= 3, 'three by default');
    },
  },
  {
    name: 'analysis: an empty range says so; a failed load shows the server message once and retry recovers',
    async run({ page }) {
      await login(page, 'admin');
      await page.goto(`${PAGE}?start=2020-01-01&end=2020-01-07`);
      await page.getByText('所选时间范围内没有调用记录').waitFor();
      assert.equal(await usageTable(page).count(), 0);

      let failures = 1;
      await page.route('**/api/analysis/overview**', (route) => {
        if (failures-- > 0) {
          return route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ code: 50000, data: null, message: '统计服务暂时不可用' }),
          });
        }
        return route.continue();
      });
      await page.goto(`${PAGE}?range=7`);
      await page.getByText('分析数据加载失败').waitFor();
      await page.getByText('统计服务暂时不可用').waitFor();
      assert.equal(
        await page.getByText('统计服务暂时不可用').count(),
        1,
        'shown once, inline, not also as a toast',
      );
      await page.getByRole('button', { name: /重\s*试/ }).click();
      await figures(page).getByText('总调用次数').waitFor();
      assert.equal(await page.getByText('统计服务暂时不可用').count(), 0);
      assert.equal(pathOf(page), `${PAGE}?range=7`);
    },
  },
  {
    name: 'analysis: only the analysis page loads the chart library',
    async run({ page, requests }) {
      await login(page, 'admin');
      await page.goto('/admin/interface_info');
      await page.getByText('接口管理').first().waitFor();
      const scriptsBefore = new Set(requests.filter((url) => url.endsWith('.js')));
      await page.goto(PAGE);
      await page.getByRole('figure', { name: '每日调用与失败次数' }).locator('canvas').first().waitFor();
      const scriptsAfter = requests.filter((url) => url.endsWith('.js'));
      const fetchText = (url) => page.evaluate((u) => fetch(u).then((r) => r.text()), url);
      // G2 registers its marks and interactions by these names; no other code in the app carries them.
      const isChartLibrary = (text) => text.includes('elementHighlight') && text.includes('stackY');
      for (const url of scriptsBefore) {
        assert.ok(
          !isChartLibrary(await fetchText(url)),
          `${url} (loaded before the analysis page) has no chart library`,
        );
      }
      const loadedForAnalysis = scriptsAfter.filter((url) => !scriptsBefore.has(url));
      let found = false;
      for (const url of loadedForAnalysis) if (isChartLibrary(await fetchText(url))) found = true;
      assert.ok(found, 'the analysis page loaded the chart library');
    },
  },
];
