// Deleting an interface keeps its history: deleted in 接口管理, its calls stay in 接口分析 under its
// name, marked 已删除, with no link to a page that is gone.
import { api, atPath, confirmPopover, expect, rowOf, searchTable, test } from './fixtures';

const ADMIN_PATH = '/admin/interface_info';
const ANALYSIS_PATH = '/admin/interface_analysis';

type Listed = { records: { id: string; name: string; url: string; method: string }[] };

test('admin: a deleted interface with calls stays in the analysis under its name, marked 已删除', async ({
  adminPage: page,
}) => {
  const name = `E2E删后${Date.now().toString(36)}`;
  // At the demo Echo's address, so the mocks answer its calls themselves.
  const echo = await api<Listed>(page, '/api/interfaceInfo/list/page?current=1&pageSize=50&name=Echo');
  const { url, method } = echo.data.records.find((r) => r.name === 'Echo')!;
  const added = await api<string>(page, '/api/interfaceInfo/add', {
    name,
    url,
    method,
    description: '删除后仍在分析中',
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
  });
  expect(added.code, added.message).toBe(0);
  const id = added.data;
  expect((await api(page, '/api/interfaceInfo/online', { id })).code).toBe(0);
  for (let i = 0; i < 2; i += 1) {
    expect((await api(page, '/api/interfaceInfo/invoke', { id, userRequestParams: '{}' })).code).toBe(0);
  }

  await page.goto(ADMIN_PATH);
  await expect(page.getByRole('button', { name: '新建接口' })).toBeVisible();
  await searchTable(page, name);
  const row = rowOf(page, name);
  await row.getByText('删除', { exact: true }).click();
  await confirmPopover(page, /删\s*除/);
  await expect(row).toHaveCount(0);
  expect((await api(page, `/api/interfaceInfo/get?id=${id}`)).code, 'gone from lookups').toBe(40400);

  await page.goto(`${ANALYSIS_PATH}?range=7`);
  await expect(page).toHaveURL(atPath(ANALYSIS_PATH));
  const table = page.getByRole('table', { name: '接口调用明细' });
  await page.getByRole('textbox', { name: '按接口名称筛选' }).fill(name);
  const usageRow = table.getByRole('row').filter({ hasText: name });
  await expect(usageRow).toHaveCount(1);
  await expect(usageRow.getByText('已删除', { exact: true })).toBeVisible();
  await expect(usageRow.getByRole('cell').nth(1)).toHaveText('2');
  await expect(usageRow.getByRole('link'), 'no link to the deleted interface').toHaveCount(0);
  // A click on the row stays on the analysis: the interface's page is gone.
  await usageRow.getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(atPath(ANALYSIS_PATH));
});
