// Interface management as an admin uses it day to day: the rows tell interfaces apart (short id,
// the url's path, the name opening the interface), batch publish applies only to the selected rows
// it changes, and the header and the table fit a phone.
import type { Page } from '@playwright/test';
import {
  api,
  atPath,
  expect,
  pageWidth,
  PHONE,
  rowOf,
  searchTable,
  test,
  userName,
  WEATHER_ID,
} from './fixtures';

const ADMIN_PATH = '/admin/interface_info';

type Paged<T> = { records: T[]; total: number };

/** Creates an interface through the API as the logged-in admin; answers its id. */
async function createInterface(page: Page, name: string, { online }: { online: boolean }) {
  const added = await api<string>(page, '/api/interfaceInfo/add', {
    name,
    description: '管理表格场景创建的接口',
    url: `https://api.example.com/e2e/manage/${encodeURIComponent(name)}`,
    method: 'GET',
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
  });
  expect(added.code, added.message).toBe(0);
  if (online) expect((await api(page, '/api/interfaceInfo/online', { id: added.data })).code).toBe(0);
  return added.data;
}

/** The stored status of each interface whose name contains `text`, by name. */
async function statusesOf(page: Page, text: string) {
  const res = await api<Paged<{ name: string; status: number }>>(
    page,
    `/api/interfaceInfo/list/page?current=1&pageSize=50&name=${encodeURIComponent(text)}`,
  );
  return Object.fromEntries(res.data.records.map((r) => [r.name, r.status]));
}

/** Deletes what a scenario created: the mock store is shared with every other scenario file. */
async function removeMatching(page: Page, text: string) {
  const res = await api<Paged<{ id: string; name: string }> | null>(
    page,
    `/api/interfaceInfo/list/page?current=1&pageSize=50&name=${encodeURIComponent(text)}`,
  );
  for (const record of res.data?.records ?? []) {
    if (record.name.includes(text)) await api(page, '/api/interfaceInfo/delete', { id: record.id });
  }
}

test('manage: batch publish on a mixed selection says how many and publishes only those', async ({
  adminPage: page,
  requests,
}) => {
  const prefix = `E2E管理${Date.now().toString(36)}`;
  const names = { a: `${prefix}-a`, b: `${prefix}-b`, c: `${prefix}-c` };
  try {
    await createInterface(page, names.a, { online: false });
    await createInterface(page, names.b, { online: true });
    await createInterface(page, names.c, { online: false });
    await page.goto(ADMIN_PATH);
    await searchTable(page, prefix);
    for (const name of Object.values(names)) await rowOf(page, name).getByRole('checkbox').check();
    await expect(page.getByText('已选择 3 项')).toBeVisible();

    // Batch take-offline would change one, batch publish two.
    await page.getByRole('button', { name: '批量发布' }).click();
    const dialog = page.getByRole('dialog', { name: '选中 3 个，其中 2 个已下线：发布这 2 个？' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: '/tmp/h/manage-batch-confirm.png' });
    const before = requests.filter((url) => url.includes('/api/interfaceInfo/online')).length;
    await dialog.getByRole('button', { name: /发\s*布/ }).click();

    await expect(page.getByText('已发布 2 个接口')).toBeVisible();
    expect(requests.filter((url) => url.includes('/api/interfaceInfo/online')).length - before).toBe(2);
    for (const name of Object.values(names))
      await expect(rowOf(page, name).getByText('已上线')).toBeVisible();
    expect(await statusesOf(page, prefix)).toEqual({ [names.a]: 1, [names.b]: 1, [names.c]: 1 });

    // Now every selected row is online: publish has nothing left to do, and says so.
    for (const name of Object.values(names)) await rowOf(page, name).getByRole('checkbox').check();
    await expect(page.getByRole('button', { name: '批量发布' })).toBeDisabled();
    await page.getByLabel('批量发布：选中的接口都已上线').hover();
    await expect(page.getByRole('tooltip', { name: '选中的接口都已上线' })).toBeVisible();
    await expect(page.getByRole('button', { name: '批量下线' })).toBeEnabled();
  } finally {
    await removeMatching(page, prefix);
  }
});

test("manage: a row shows the id's end and the url's path, and the name opens the interface", async ({
  adminSession: page,
}) => {
  await page.goto(ADMIN_PATH);
  await searchTable(page, '天气查询');
  const row = rowOf(page, '天气查询').first();
  await expect(row).toBeVisible();

  const short = row.getByText(`…${WEATHER_ID.slice(-6)}`, { exact: true });
  await expect(short).toBeVisible();
  await expect(row.getByText(WEATHER_ID, { exact: true })).toHaveCount(0);
  await short.hover();
  await expect(page.getByRole('tooltip', { name: `ID：${WEATHER_ID}` })).toBeVisible();

  const link = row.getByRole('link', { name: '天气查询', exact: true });
  await expect(link).toHaveAttribute('href', `/interface_info/${WEATHER_ID}`);
  await link.click();
  await expect(page).toHaveURL(atPath(`/interface_info/${WEATHER_ID}`));
  await expect(page.getByRole('button', { name: /发送请求/ }).first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('phone: the header search keeps clear of the logo and the name stays on one line', async ({
    adminPage: page,
  }) => {
    for (const path of ['/', ADMIN_PATH]) {
      await page.goto(path);
      const logo = page.locator('.ant-pro-global-header-logo').first();
      const search = page.locator('.ant-select', { has: page.getByLabel('站内搜索') });
      await expect(logo).toBeVisible();
      await expect(search).toBeVisible();
      const logoBox = (await logo.boundingBox())!;
      const searchBox = (await search.boundingBox())!;
      expect(searchBox.x, `${path}: search starts after the logo`).toBeGreaterThanOrEqual(
        logoBox.x + logoBox.width,
      );
      expect(searchBox.x + searchBox.width).toBeLessThanOrEqual(PHONE.width);

      const name = userName(page, 'admin');
      await expect(name).toBeVisible();
      const lines = await name.evaluate((el) => {
        const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 22;
        return el.getBoundingClientRect().height / lineHeight;
      });
      expect(lines, `${path}: the name is one line`).toBeLessThan(1.5);
      const nameBox = (await name.boundingBox())!;
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(PHONE.width);

      if (path === ADMIN_PATH) await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
      else
        await expect(
          page.getByRole('list', { name: '接口列表' }).getByRole('listitem').first(),
        ).toBeVisible();
      expect(await pageWidth(page), `${path}: no page-wide horizontal scroll`).toBeLessThanOrEqual(
        PHONE.width,
      );
      await page.screenshot({ path: `/tmp/h/manage-375${path === '/' ? '-home' : '-admin'}.png` });
    }
  });

  test('phone: the folded search opens when tapped and still searches', async ({ adminSession: page }) => {
    await page.goto(ADMIN_PATH);
    const input = page.getByLabel('站内搜索');
    const search = page.locator('.ant-select', { has: input });
    const folded = (await search.boundingBox())!;
    await search.click();
    await expect(input).toBeFocused();
    await expect.poll(async () => (await search.boundingBox())!.width).toBeGreaterThan(folded.width + 40);
    await input.fill('天气');
    // The suggestions are wider than the opened box: they stay on screen, the page keeps its width.
    const suggestions = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await expect(suggestions.getByText('天气', { exact: true }).first()).toBeVisible();
    const popup = (await suggestions.boundingBox())!;
    expect(popup.x).toBeGreaterThanOrEqual(0);
    expect(popup.x + popup.width).toBeLessThanOrEqual(PHONE.width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await input.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/' && url.searchParams.get('searchText') === '天气',
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
