// Interface analysis: an interface's callers and its calls by HTTP status class, in a drawer.
import type { Page } from '@playwright/test';
import { api, dayInBrowser, expect, PHONE, test, WEATHER_ID } from './fixtures';

const PAGE = '/admin/interface_analysis';
const counts = new Intl.NumberFormat('zh-CN');

type Callers = {
  totalCalls: number;
  errorCalls: number;
  callerCount: number;
  callers: { userId: string; userAccount: string; userName: string; calls: number; errors: number }[];
  statusClasses: Record<string, number>;
};

/** The text of every cell of a table's body rows. */
async function bodyRows(page: Page, name: string) {
  const table = page.getByRole('dialog').getByRole('table', { name });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table.evaluate((el) =>
    Array.from(el.querySelectorAll('tbody tr.ant-table-row')).map((row) =>
      Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? ''),
    ),
  );
}

test("analysis: an interface's callers and status classes open from its row, with the API's figures", async ({
  adminPage: page,
  newSession,
}) => {
  // A user's call the weather service refuses (no city): an error of theirs, and a 4xx.
  const userPage = await newSession('user');
  await userPage.goto('/');
  const refused = await api(userPage, '/api/interfaceInfo/invoke', { id: WEATHER_ID, userRequestParams: '{}' });
  expect(refused.code).toBe(50200);

  const startDate = await dayInBrowser(page, -6);
  const endDate = await dayInBrowser(page);
  const answer = await api<Callers>(
    page,
    `/api/analysis/interface/callers?interfaceInfoId=${WEATHER_ID}&startDate=${startDate}&endDate=${endDate}`,
  );
  expect(answer.code).toBe(0);
  const expected = answer.data;
  expect(expected.statusClasses['4xx']).toBeGreaterThan(0);
  expect(expected.callers.some((c) => c.userAccount === 'user' && c.errors > 0)).toBe(true);

  await page.goto(`${PAGE}?range=7`);
  await page.getByRole('textbox', { name: '按接口名称筛选' }).fill('天气查询');
  // From the keyboard: the row's own button, not the row (which opens the interface's page).
  await page.getByRole('button', { name: '查看「天气查询」的调用方与状态码分布' }).first().focus();
  await page.keyboard.press('Enter');

  const drawer = page.getByRole('dialog', { name: '调用方：天气查询' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?range=7&caller=${WEATHER_ID}$`));
  await expect(
    drawer.getByText(
      `${startDate} 至 ${endDate}：共 ${counts.format(expected.totalCalls)} 次调用，失败 ${counts.format(
        expected.errorCalls,
      )} 次，来自 ${counts.format(expected.callerCount)} 个用户`,
    ),
  ).toBeVisible();

  const callerRows = await bodyRows(page, '调用最多的用户');
  expect(callerRows.map((cells) => cells.slice(0, 3))).toEqual(
    expected.callers.map((c) => [
      (c.userName || c.userAccount) + (c.userName && c.userAccount ? c.userAccount : ''),
      counts.format(c.calls),
      counts.format(c.errors),
    ]),
  );
  const statusRows = await bodyRows(page, '按 HTTP 状态码分类');
  const byClass = new Map(statusRows.map((cells) => [cells[0], cells[1]]));
  expect(byClass.get('2xx 成功')).toBe(counts.format(expected.statusClasses['2xx']));
  expect(byClass.get('4xx 请求错误')).toBe(counts.format(expected.statusClasses['4xx']));
  expect(byClass.get('5xx 服务端错误')).toBe(counts.format(expected.statusClasses['5xx']));
  expect(byClass.get('无应答')).toBe(counts.format(expected.statusClasses.noAnswer));
  // The classes shown add up to the calls, their shares to 100.0%.
  const shown = statusRows.reduce((sum, cells) => sum + Number(cells[1].replace(/,/g, '')), 0);
  expect(shown).toBe(expected.totalCalls);
  const shares = statusRows.reduce((sum, cells) => sum + Math.round(Number(cells[2].replace('%', '')) * 10), 0);
  expect(shares).toBe(1000);

  await page.screenshot({ path: '/tmp/h/callers.png' });

  // The link opens the drawer again; closing it leaves the range in the URL.
  await page.reload();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?range=7$`));
});

test('analysis at 375 px: the callers drawer takes the screen and its tables fit without sideways scrolling', async ({
  adminPage: page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${PAGE}?range=7&caller=${WEATHER_ID}`);
  const drawer = page.getByRole('dialog', { name: '调用方：天气查询' });
  await expect(drawer.getByRole('table', { name: '调用最多的用户' }).getByRole('row').nth(1)).toBeVisible();
  await expect(drawer.getByRole('table', { name: '按 HTTP 状态码分类' }).getByRole('row').nth(1)).toBeVisible();
  const body = drawer.locator('.ant-drawer-body');
  const { scrollWidth, clientWidth } = await body.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/h/callers-phone.png' });
});
