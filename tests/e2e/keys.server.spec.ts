// Calling an interface from one's own program, on the platform's own server (project `server`,
// playwright.config.ts): a new user registers, makes a key pair, copies the signed Node sample
// from the interface page, runs it with node against the server, and the call shows in their
// usage and in the admin's analysis.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { unpackUsage } from '@agler/contract/analysis';
import type { UsageTable } from '@agler/contract/types';
import { api, atPath, expect, test, WEATHER_ID } from './fixtures';

const run = promisify(execFile);

/** The environment variable the signed samples read the secret key from (their marked place for it). */
const SECRET_ENV = 'AGLER_SECRET_KEY';
const PASSWORD = 'password-e2e';

const card = (page: Page, title: string) =>
  page.locator('.ant-pro-card').filter({ has: page.locator('.ant-pro-card-title', { hasText: title }) });

/** Today's calls of the weather interface in the analysis, as an admin's page reads them. */
async function weatherCallsToday(admin: Page): Promise<number> {
  const today = new Date().toLocaleDateString('sv-SE');
  const overview = await api<{ interfaces: UsageTable }>(
    admin,
    `/api/analysis/overview?startDate=${today}&endDate=${today}`,
  );
  expect(overview.code).toBe(0);
  return unpackUsage(overview.data.interfaces).find((row) => row.interfaceInfoId === WEATHER_ID)?.calls ?? 0;
}

test('keys: register, make a key pair, run the copied Node sample, and the call is counted for the user and the admin', async ({
  page,
  context,
  newSession,
}) => {
  test.setTimeout(180_000);
  const admin = await newSession('admin');
  const before = await weatherCallsToday(admin);

  // Register: the new user lands on 个人中心.
  const account = `keys_${Date.now().toString(36)}`;
  await page.goto('/user/register');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page).toHaveURL(atPath('/account/center'));

  // A first pair, then a rotation that stops the first secret at once: the second is the one to use.
  const keys = card(page, '访问密钥');
  await keys.getByRole('button', { name: /生成密钥/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('访问密钥已生成')).toBeVisible();
  await dialog.getByRole('button', { name: '我已保存' }).click();
  await expect(dialog).toBeHidden();
  await keys.getByRole('button', { name: '轮换 默认' }).click();
  const rotation = page.getByRole('dialog').filter({ hasText: '轮换密钥“默认”' });
  await rotation.getByText('立即失效').click();
  await rotation.getByRole('button', { name: /^轮\s*换$/ }).click();
  const rotated = page.getByRole('dialog').filter({ hasText: '已生成新的 SecretKey' });
  const accessKey = (await rotated.getByText(/^ak_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  const secretKey = (await rotated.getByText(/^sk_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  expect(secretKey).toHaveLength(46);
  await rotated.getByRole('button', { name: '我已保存' }).click();
  await expect(rotated).toBeHidden();

  // The interface page's signed Node sample, copied with its copy button.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/interface_info/${WEATHER_ID}`);
  const samples = page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title').getByText('代码示例', { exact: true }) });
  await samples.getByRole('tab', { name: /Node/ }).click();
  const shown = samples.locator('pre[aria-label="Node.js（签名）"]').filter({ visible: true });
  // The sample is filled with the user's access key once the page knows it.
  await expect(shown).toContainText(accessKey);
  await samples.getByRole('button', { name: '复制Node.js（签名）' }).filter({ visible: true }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await shown.textContent());
  expect(copied, 'the sample holds no secret').not.toContain(secretKey);
  expect(copied, 'the secret has its marked place').toContain(`process.env.${SECRET_ENV}`);

  // Run as a developer would: the sample in a file, the secret in its place, node.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-e2e-keys-'));
  try {
    const file = path.join(dir, 'call.mjs');
    fs.writeFileSync(file, copied);
    const { stdout } = await run(process.execPath, [file], {
      // Plain output as in a file or a pipe: the test runner's FORCE_COLOR would colour the numbers.
      env: { ...process.env, FORCE_COLOR: '0', [SECRET_ENV]: secretKey },
      timeout: 60_000,
    });
    // The status and the quota left, then the interface's answer.
    expect(stdout).toMatch(/^200 剩余次数 99\n/);
    expect(stdout).toContain('"city":"北京"');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // 个人中心: one call of 天气查询, 99 of 100 left.
  await page.goto('/account/center');
  const usageRow = page
    .locator('.ant-pro-table')
    .filter({ hasText: '我的调用' })
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('link', { name: '天气查询', exact: true }) });
  await expect(usageRow).toHaveCount(1);
  await expect(usageRow.locator('td').nth(2)).toHaveText('1');
  await expect(usageRow.getByText('99 / 100', { exact: true })).toBeVisible();

  // The admin's analysis counts it: the API read before, and the page's table searched.
  await expect.poll(() => weatherCallsToday(admin), { timeout: 10_000 }).toBe(before + 1);
  await admin.goto('/admin/interface_analysis');
  // Its row, whichever page of the table the demo history puts it on: the search asks the server.
  const found = admin.waitForResponse(
    (res) => res.url().includes('/api/analysis/interfaces') && res.url().includes('searchText='),
  );
  await admin.getByRole('textbox', { name: '按接口名称筛选' }).fill('天气查询');
  const body = (await (await found).json()) as { data: UsageTable };
  expect(unpackUsage(body.data).some((row) => String(row.interfaceInfoId) === WEATHER_ID)).toBe(true);
  await expect(
    admin.getByRole('table', { name: '接口调用明细' }).getByRole('link', { name: '天气查询', exact: true }),
  ).toBeVisible();
});
