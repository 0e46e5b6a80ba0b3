// Ids beyond 2^53 sent as bare JSON numbers, as some Java backends do (the mocks with
// MOCK_IDS=number and MOCK_INTERFACES=300; the project `bare-number-ids` in playwright.config.ts).
// 1800000000000000257 and 1800000000000000256 are one double apart: a console that rounded ids
// would show, change or delete the neighbour instead.
import type { Page } from '@playwright/test';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { api, atPath, confirmPopover, expect, login, rowOf, searchTable, test } from './fixtures';

const seeded = seedInterfaces(300, '1');
const TARGET = seeded[256];
const NEIGHBOUR = seeded[255];
const ADMIN_PATH = '/admin/interface_info';

type Stored = { id: string; name: string; description: string; status: number };

async function stored(page: Page, id: string) {
  return api<Stored | null>(page, `/api/interfaceInfo/get?id=${id}`);
}

test('bare-number ids: every write from the console hits its own record, never the neighbour', async ({
  page,
}) => {
  expect(TARGET.id).toBe('1800000000000000257');
  expect(Number(TARGET.id)).toBe(Number(NEIGHBOUR.id));

  // The answers really carry bare numbers.
  await login(page, 'admin', ADMIN_PATH);
  await expect(page).toHaveURL(atPath(ADMIN_PATH));
  const raw = await page.evaluate(
    async (id) => (await fetch(`/api/interfaceInfo/get?id=${id}`)).text(),
    TARGET.id,
  );
  expect(raw).toContain(`"id":${TARGET.id}`);
  const neighbourBefore = (await stored(page, NEIGHBOUR.id)).data;

  // The view page opens the record it was asked for.
  await page.goto(`/interface_info/${TARGET.id}`);
  await expect(
    page.locator('.ant-page-header-heading-title').getByText(TARGET.name, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(NEIGHBOUR.name)).toHaveCount(0);

  // Take offline, publish again, edit and delete from the admin table.
  await page.goto(ADMIN_PATH);
  await searchTable(page, TARGET.name);
  const row = rowOf(page, TARGET.name);
  await expect(row).toHaveCount(1);

  await row.getByText('下线', { exact: true }).click();
  await confirmPopover(page, /下\s*线/);
  await expect(row.getByText('已下线')).toBeVisible();
  expect((await stored(page, TARGET.id)).data?.status).toBe(0);
  expect((await stored(page, NEIGHBOUR.id)).data).toEqual(neighbourBefore);

  await row.getByText('发布', { exact: true }).click();
  await expect(row.getByText('下线', { exact: true })).toBeVisible();
  expect((await stored(page, TARGET.id)).data?.status).toBe(1);

  await row.getByText('编辑', { exact: true }).click();
  const form = page.locator('.ant-drawer-content');
  await expect(form.getByLabel('接口名称')).toHaveValue(TARGET.name);
  await form.getByLabel('接口描述').fill('按 64 位 id 改过的描述');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  expect((await stored(page, TARGET.id)).data?.description).toBe('按 64 位 id 改过的描述');
  expect((await stored(page, NEIGHBOUR.id)).data).toEqual(neighbourBefore);

  await row.getByText('删除', { exact: true }).click();
  await confirmPopover(page, /删\s*除/);
  await expect(page.getByText('已删除', { exact: true })).toBeVisible();
  expect((await stored(page, TARGET.id)).code).toBe(40400);
  expect((await stored(page, NEIGHBOUR.id)).data).toEqual(neighbourBefore);
});
