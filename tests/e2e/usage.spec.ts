// 我的用量: a user's own calls per day, quotas and their last calls, filtered and exported as CSV;
// and a request for more calls, asked from the interface page and approved in 用户管理.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { api, confirmPopover, expect, pageWidth, PHONE, rowOf, test, WEATHER_ID } from './fixtures';

const PAGE = '/account/usage';

type Request = { id: string; interfaceInfoId: string; status: string };
type RequestPage = { records: Request[] };

/** The call log's card. */
const callLog = (page: Page) => page.locator('.ant-pro-table').filter({ hasText: '最近 1000 次调用' });

test('我的用量: from the avatar menu, the day chart, quotas, a filtered call log exported as CSV, axe-clean', async ({
  userPage: page,
}) => {
  // One call the weather service answers and one it refuses (no city): a 2xx and a 4xx of the user's.
  expect(
    (await api(page, '/api/interfaceInfo/invoke', { id: WEATHER_ID, userRequestParams: '{"city":"北京"}' }))
      .code,
  ).toBe(0);
  expect(
    (await api(page, '/api/interfaceInfo/invoke', { id: WEATHER_ID, userRequestParams: '{}' })).code,
  ).toBe(50200);

  await page
    .locator('.ant-pro-global-header [aria-haspopup="menu"]')
    .filter({ has: page.locator('.ant-avatar') })
    .hover();
  await page.getByRole('menuitem', { name: /我的用量/ }).click();
  await expect(page).toHaveURL(/\/account\/usage$/);
  await expect(page.getByText('我的用量', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('figure', { name: '每日调用次数与失败次数' })).toBeVisible();
  const quota = rowOf(page, '天气查询').filter({ hasText: '次/天' });
  await expect(quota).toBeVisible();
  await expect(quota).toContainText(/\d+ \/ \d+/);

  // The log, newest first: the refused call on top, then filtered to the 4xx class on the server.
  const log = callLog(page);
  await expect(log.locator('tr.ant-table-row').first()).toContainText('天气查询');
  // Made from the console: no key, 在线调用 in the key's column.
  await expect(log.locator('tr.ant-table-row').first()).toContainText('在线调用');
  const filtered = page.waitForResponse(
    (r) => r.url().includes('/api/user/calls') && r.url().includes('status=4xx'),
  );
  await log.locator('form').getByText('HTTP 状态', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '4xx' })
    .click();
  await filtered;
  await expect(log.locator('tr.ant-table-row').first()).toBeVisible();
  for (const status of await log.locator('tr.ant-table-row td:nth-child(4)').allTextContents())
    expect(status).toMatch(/^4\d\d$/);

  // The CSV holds what the filter keeps.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    log.getByRole('button', { name: /导出 CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^最近调用_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('时间,密钥,接口,接口 ID,HTTP 状态,耗时（ms）,大小（字节）');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1))
    expect(line).toMatch(new RegExp(`,在线调用,天气查询,${WEATHER_ID},4\\d\\d,\\d+,\\d+$`));

  // Another range asks again, and the page stays accessible.
  const asked = page.waitForResponse((r) => r.url().includes('/api/user/usage/summary'));
  await page.getByText('近 30 天', { exact: true }).click();
  await asked;
  await expect(page.getByRole('radio', { name: '近 30 天' })).toBeChecked();
  await expectAccessible(page, '我的用量');

  // On a phone: nothing wider than the screen, still accessible.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('figure', { name: '每日调用次数与失败次数' })).toBeVisible();
  await expect(callLog(page).locator('tr.ant-table-row').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, '我的用量 at 375 px');
});

test('a quota request: asked from the interface page, approved in 用户管理, the quota raised and the answer shown', async ({
  userPage: page,
  newSession,
}) => {
  const admin = await newSession('admin');
  const reason = `下周上线，需要更多调用 ${Date.now().toString(36)}`;
  // A request left open by an earlier try of this scenario is answered first: one open request per interface.
  const open = await api<RequestPage>(admin, '/api/quota/request/list?status=pending&pageSize=50');
  for (const request of open.data.records.filter((r) => r.interfaceInfoId === WEATHER_ID))
    await api(admin, '/api/quota/request/review', { id: request.id, approve: false, reason: '重新测试' });

  await page.goto(`/interface_info/${WEATHER_ID}`);
  const quotaText = page.getByText(/^剩余 [\d,]+ \/ [\d,]+ 次$|^还没有调用过/);
  await expect(quotaText).toBeVisible();
  const before = await quotaText.textContent();
  await page.getByRole('button', { name: '申请额度' }).click();
  const dialog = page.getByRole('dialog', { name: '申请「天气查询」的调用额度' });
  await dialog.getByLabel('申请次数').fill('250');
  await dialog.getByLabel('理由').fill(reason);
  await dialog.getByRole('button', { name: /提交申请/ }).click();
  await expect(page.getByText('申请已提交，管理员处理后会通知你')).toBeVisible();
  await expect(dialog).toBeHidden();

  await admin.goto('/admin/user');
  const tab = admin.getByRole('tab', { name: /额度申请/ });
  await expect(tab.locator('.ant-badge-count')).toBeVisible();
  await tab.click();
  const row = rowOf(admin, reason);
  await expect(row).toContainText('250');
  await expectAccessible(admin, '用户管理: 额度申请');
  await row.getByRole('button', { name: /批\s*准/ }).click();
  await confirmPopover(admin, /批\s*准/);
  await expect(admin.getByText('已批准「普通用户」的申请')).toBeVisible();

  await page.reload();
  await expect(quotaText).toBeVisible();
  const [, leftBefore] = /剩余 ([\d,]+)/.exec(before ?? '') ?? [];
  const after = await quotaText.textContent();
  const [, leftAfter] = /剩余 ([\d,]+)/.exec(after ?? '') ?? [];
  if (leftBefore)
    expect(Number(leftAfter.replace(/,/g, ''))).toBe(Number(leftBefore.replace(/,/g, '')) + 250);
  else expect(after).toMatch(/^剩余/);

  await page.goto(PAGE);
  const mine = rowOf(page, reason);
  await expect(mine).toContainText('已批准');
});
