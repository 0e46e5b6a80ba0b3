// Interface analysis (/admin/interface_analysis): counts, charts, table, URL state, access, errors.
import type { Locator, Page } from '@playwright/test';
import { api, atPath, dayInBrowser, expect, test } from './fixtures';

const PAGE = '/admin/interface_analysis';
const counts = new Intl.NumberFormat('zh-CN');
const PRIMARY: Rgb = [24, 144, 255];

type Rgb = [number, number, number];
type Overview = { totalCalls: number };
type TopInterface = { id: string; name: string; status: number; totalNum: number };

const figures = (page: Page) => page.getByRole('region', { name: '关键指标' });
const usageTable = (page: Page) => page.getByRole('table', { name: '接口调用明细' });
const topTable = (page: Page, limit = 5) => page.getByRole('table', { name: `调用次数前 ${limit} 的接口` });
const dailyTable = (page: Page) => page.getByRole('table', { name: '每日调用与失败次数' });

/** The cell of `column` (0-based) in the usage table's row of the interface named `name`. */
function usageCell(page: Page, name: string, column: number) {
  return usageTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .getByRole('cell')
    .nth(column);
}

/**
 * A point inside a shape of colour `rgb` on the canvas, in CSS pixels, or null. A point whose
 * neighbours 4 px right and 4 px down share the colour lies inside a shape, not on an edge.
 */
function findColour(canvas: Locator, rgb: Rgb) {
  return canvas.evaluate((el, target) => {
    const { width, height } = el as HTMLCanvasElement;
    const data = (el as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, width, height).data;
    const near = (i: number) =>
      Math.abs(data[i] - target[0]) + Math.abs(data[i + 1] - target[1]) + Math.abs(data[i + 2] - target[2]) <
      30;
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
  }, rgb);
}

/**
 * Clicks a point of colour `rgb` in the `index`-th canvas inside the figure named `figure`: the
 * charts draw the most called interface in the primary colour.
 */
async function clickChartColour(page: Page, figure: string, index: number, rgb: Rgb) {
  const canvas = page.getByRole('figure', { name: figure }).locator('canvas').nth(index);
  await expect(canvas).toBeVisible();
  // The chart draws once its data has arrived.
  await expect
    .poll(() => findColour(canvas, rgb), { message: `${figure}: a shape of ${rgb}` })
    .not.toBeNull();
  const point = await findColour(canvas, rgb);
  if (!point) throw new Error(`${figure}: the shape of ${rgb} is gone`);
  await canvas.click({ position: point });
}

test("analysis: a user's call is counted in the admin's total, top list and table", async ({
  adminPage: page,
  newSession,
}) => {
  const startDate = await dayInBrowser(page, -6);
  const endDate = await dayInBrowser(page);
  const range = `startDate=${startDate}&endDate=${endDate}`;
  const before = await api<Overview>(page, `/api/analysis/overview?${range}`);
  expect(before.code).toBe(0);
  // The most called online interface of the week: it stays in the top list after one more call.
  const top = await api<TopInterface[]>(page, `/api/analysis/top/interface/invoke?limit=5&${range}`);
  const target = top.data.find((item) => item.status === 1);
  expect(target, 'an online interface is among the most called').toBeDefined();
  const { id, name, totalNum } = target!;

  await page.goto(`${PAGE}?range=7`);
  await expect(figures(page).getByText(counts.format(before.data.totalCalls), { exact: true })).toBeVisible();
  await expect(usageCell(page, name, 1).getByText(counts.format(totalNum), { exact: true })).toBeVisible();

  const userPage = await newSession('user');
  // The call goes through the console's own call panel, with the example it prefills.
  await userPage.goto(`/interface_info/${id}`);
  await userPage.getByRole('button', { name: '发送请求' }).click();
  await expect(
    userPage.getByRole('region', { name: '返回结果' }).getByText('成功', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: '刷新' }).click();
  await expect(
    figures(page).getByText(counts.format(before.data.totalCalls + 1), { exact: true }),
  ).toBeVisible();
  await expect(
    usageCell(page, name, 1).getByText(counts.format(totalNum + 1), { exact: true }),
  ).toBeVisible();
  const topRow = topTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(
    topRow
      .getByRole('cell')
      .nth(1)
      .getByText(counts.format(totalNum + 1), { exact: true }),
  ).toBeVisible();
});

test('analysis: admin sees figures, trend, top charts and the table, each chart with its text table', async ({
  adminSession: page,
}) => {
  await page.goto(PAGE);
  for (const title of ['总调用次数', '成功率', 'P95 耗时', '被调用接口']) {
    await expect(figures(page).getByText(title, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('figure', { name: '每日调用与失败次数' }).locator('canvas').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('figure', { name: '调用次数前 5 的接口' }).locator('canvas').nth(1),
  ).toBeVisible();
  await expect(dailyTable(page).getByRole('row'), '30 days and a header').toHaveCount(31);
  await expect(topTable(page).getByRole('row'), 'five interfaces, the rest and a header').toHaveCount(7);
  await expect
    .poll(() => usageTable(page).getByRole('row').count(), { message: 'the table lists the interfaces' })
    .toBeGreaterThan(5);
  // Sorting by p95, slowest first. The server sorts: the header says so at once, the rows once its answer came.
  const p95Header = usageTable(page).getByRole('columnheader', { name: /P95 耗时/ });
  const slowestFirst = page.waitForRequest(
    (req) => req.url().includes('/api/analysis/interfaces') && req.url().includes('sortOrder=descend'),
  );
  await p95Header.click();
  await p95Header.click();
  await expect(p95Header).toHaveAttribute('aria-sort', 'descending');
  expect(new URL((await slowestFirst).url()).searchParams.get('sortField')).toBe('p95Latency');
  await expect
    .poll(
      async () => {
        const p95 = await usageTable(page).locator('tbody tr.ant-table-row td:nth-child(6)').allInnerTexts();
        const ms = p95.map((t) => (t.endsWith(' s') ? parseFloat(t) * 1000 : parseFloat(t)));
        return ms.length > 0 && ms.every((value, i) => i === 0 || ms[i - 1] >= value);
      },
      { message: 'slowest first' },
    )
    .toBe(true);
  await page.getByRole('textbox', { name: '按接口名称筛选' }).fill('no such interface name');
  await expect(usageTable(page).getByText('没有名称匹配的接口')).toBeVisible();
});

test("analysis: the page asks for the table's first rows only; other pages and searches come from the server", async ({
  adminSession: page,
}) => {
  const asked: URL[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/analysis/')) asked.push(new URL(req.url()));
  });
  const askedFor = (path: string) => asked.filter((url) => url.pathname === path);
  await page.goto(`${PAGE}?range=30`);
  const range = `startDate=${await dayInBrowser(page, -29)}&endDate=${await dayInBrowser(page)}`;
  const whole = await api<{ interfaces: { columns: string[]; rows: unknown[][] } }>(
    page,
    `/api/analysis/overview?${range}`,
  );
  const { columns, rows } = whole.data.interfaces;
  const ids = rows.map((row) => String(row[columns.indexOf('interfaceInfoId')]));
  const names = rows.map((row) => String(row[columns.indexOf('name')]));
  expect(ids.length, 'more interfaces than one page holds').toBeGreaterThan(10);
  // antd writes each row's key (the interface's id) on it.
  const shownIds = () =>
    usageTable(page)
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));

  await expect.poll(shownIds, { message: "the overview's first rows" }).toEqual(ids.slice(0, 10));
  // The page's overview, with its first ten rows, and this test's of the whole table.
  expect(askedFor('/api/analysis/overview').map((url) => url.searchParams.get('pageSize'))).toEqual(
    expect.arrayContaining(['10', null]),
  );
  expect(askedFor('/api/analysis/overview')).toHaveLength(2);
  expect(askedFor('/api/analysis/interfaces'), "no request of the table's own yet").toEqual([]);

  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect.poll(shownIds, { message: 'the second page' }).toEqual(ids.slice(10, 20));
  expect(askedFor('/api/analysis/interfaces').at(-1)?.searchParams.get('current')).toBe('2');

  // Trimmed as the table trims the search.
  const word = names[12].slice(0, 2).trim();
  const matching = ids.filter((_, i) => names[i].toLowerCase().includes(word.toLowerCase()));
  await page.getByRole('textbox', { name: '按接口名称筛选' }).fill(word);
  await expect.poll(shownIds, { message: `names holding ${word}` }).toEqual(matching.slice(0, 10));
  const searches = askedFor('/api/analysis/interfaces').filter((url) => url.searchParams.has('searchText'));
  expect(
    searches.map((url) => [url.searchParams.get('searchText'), url.searchParams.get('current')]),
  ).toEqual([[word, '1']]);
});

test('analysis: range and top size live in the URL, back undoes them; slices, bars and rows open the interface', async ({
  adminSession: page,
}) => {
  await page.goto(PAGE);
  await expect(usageTable(page)).toBeVisible();
  await page.getByText('近 7 天').click();
  await expect(page).toHaveURL(atPath(`${PAGE}?range=7`));
  await page.getByText('Top 10', { exact: true }).click();
  await expect(page).toHaveURL(atPath(`${PAGE}?range=7&top=10`));
  await expect(topTable(page, 10)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(atPath(`${PAGE}?range=7`));
  await expect(topTable(page, 5)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(atPath(PAGE));

  const start = await dayInBrowser(page, -20);
  const end = await dayInBrowser(page, -14);
  await page.getByPlaceholder('开始日期').click();
  await page.getByPlaceholder('开始日期').fill(start);
  await page.getByPlaceholder('开始日期').press('Enter');
  await page.getByPlaceholder('结束日期').fill(end);
  await page.getByPlaceholder('结束日期').press('Enter');
  await expect(page).toHaveURL(atPath(`${PAGE}?start=${start}&end=${end}`));
  await expect(dailyTable(page).getByRole('rowheader', { name: end })).toBeVisible();

  const top = await api<TopInterface[]>(
    page,
    `/api/analysis/top/interface/invoke?limit=5&startDate=${start}&endDate=${end}`,
  );
  const first = top.data[0].id;
  const opened = atPath(`/interface_info/${first}`);
  for (const chart of [0, 1]) {
    // The pie, then the bar. A chart can show its shapes a moment before a click on them counts
    // (it may still be drawn again, fitted to its container), so a click that opened nothing is
    // made again, where the colour is found anew.
    await expect(async () => {
      if (!opened.test(page.url())) await clickChartColour(page, '调用次数前 5 的接口', chart, PRIMARY);
      await expect(page).toHaveURL(opened, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await page.goBack();
    await expect(page).toHaveURL(atPath(`${PAGE}?start=${start}&end=${end}`));
  }

  const firstRow = usageTable(page).getByRole('row').nth(1);
  await expect(firstRow.getByRole('link'), 'the most called interface heads the table').toHaveAttribute(
    'href',
    `/interface_info/${first}`,
  );
  await firstRow.getByRole('cell').nth(3).click();
  await expect(page).toHaveURL(atPath(`/interface_info/${first}`));
});

test('analysis: user gets 403 on the page and 40101 from the endpoints; no session gets 40100', async ({
  userSession: page,
  context,
}) => {
  await page.goto(PAGE);
  await expect(page.getByText('抱歉，你无权访问此页面。')).toBeVisible();
  await expect(figures(page)).toHaveCount(0);
  const day = await dayInBrowser(page);
  const overview = await api(page, `/api/analysis/overview?startDate=${day}&endDate=${day}`);
  const top = await api(page, '/api/analysis/top/interface/invoke');
  expect(overview.code).toBe(40101);
  expect(top.code).toBe(40101);
  expect(overview.data).toBeNull();
  await context.clearCookies();
  expect((await api(page, '/api/analysis/top/interface/invoke?limit=3')).code).toBe(40100);
  expect((await api(page, `/api/analysis/overview?startDate=${day}&endDate=${day}`)).code).toBe(40100);
});

test('analysis: invalid parameters answer 40000 naming the parameter', async ({ adminPage: page }) => {
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
    const answer = await api(page, url);
    expect(answer.code, url).toBe(40000);
    expect(answer.message, `${url} names ${name}`).toContain(name);
  }
  const ok = await api<TopInterface[]>(page, '/api/analysis/top/interface/invoke');
  expect(ok.code).toBe(0);
  expect(ok.data.length, 'three by default').toBeLessThanOrEqual(3);
});

test('analysis: an empty range says so; a failed load shows the server message once and retry recovers', async ({
  adminSession: page,
}) => {
  await page.goto(`${PAGE}?start=2020-01-01&end=2020-01-07`);
  await expect(page.getByText('所选时间范围内没有调用记录')).toBeVisible();
  await expect(usageTable(page)).toHaveCount(0);

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
  const message = page.getByText('统计服务暂时不可用');
  await expect(page.getByText('分析数据加载失败')).toBeVisible();
  await expect(message.first()).toBeVisible();
  // Counted now, not awaited: a toast beside the inline message would still be on screen.
  expect(await message.count(), 'shown once, inline, not also as a toast').toBe(1);
  await page.getByRole('button', { name: /重\s*试/ }).click();
  await expect(figures(page).getByText('总调用次数')).toBeVisible();
  expect(await message.count()).toBe(0);
  await expect(page).toHaveURL(`${PAGE}?range=7`);
});

test('analysis: only the analysis page loads the chart library', async ({ adminPage: page, requests }) => {
  await page.goto('/admin/interface_info');
  await expect(page.getByText('接口管理').first()).toBeVisible();
  const scriptsBefore = new Set(requests.filter((url) => url.endsWith('.js')));
  await page.goto(PAGE);
  await expect(
    page.getByRole('figure', { name: '每日调用与失败次数' }).locator('canvas').first(),
  ).toBeVisible();
  const scriptsAfter = requests.filter((url) => url.endsWith('.js'));
  const fetchText = (url: string) => page.evaluate((u) => fetch(u).then((r) => r.text()), url);
  // Chart.js's own error texts, which no other code in the app carries.
  const isChartLibrary = (text: string) =>
    text.includes('Canvas is already in use') && text.includes('complete date adapter');
  for (const url of scriptsBefore) {
    expect(
      isChartLibrary(await fetchText(url)),
      `${url} (loaded before the analysis page) has no chart library`,
    ).toBe(false);
  }
  let found = false;
  for (const url of scriptsAfter.filter((u) => !scriptsBefore.has(u))) {
    if (isChartLibrary(await fetchText(url))) found = true;
  }
  expect(found, 'the analysis page loaded the chart library').toBe(true);
});
