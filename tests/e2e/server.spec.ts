// The platform's own server (server/index.ts on embedded PostgreSQL) behind the console: what an
// admin creates outlives a restart, and so does the session. Runs in the project `server`, next
// to the shell scenarios against the same server (playwright.config.ts).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { unpackUsage } from '@agler/contract/analysis';
import type { UsageTable } from '@agler/contract/types';
import { templateDataDir } from '../../server/test/database';
import { api, expect, expectWeatherUnitRefused, submitLogin, test, userName, WEATHER_ID } from './fixtures';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server on `dataDir` and resolves once its health check answers (bounded). */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return child;
    await new Promise((resolve) => {
      setTimeout(resolve, 500);
    });
  }
  throw new Error('the server did not become ready in 180 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
  });
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

test('server: an interface the admin creates is still there after a restart, and so is the session', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-e2e-server-'));
  // The demo database from the server tests' template, as the project's own server has, since
  // creating one would take the processor from the other scenarios.
  await templateDataDir(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(dataDir, port);
  try {
    await page.goto(`${base}/user/login?redirect=${encodeURIComponent('/admin/interface_info')}`);
    await submitLogin(page, 'admin');
    await expect(userName(page, 'admin')).toBeVisible();

    const name = `重启后仍在${Date.now().toString(36)}`;
    await page.getByRole('button', { name: '新建接口' }).click();
    const form = page.locator('.ant-drawer-content');
    await form.getByLabel('接口名称').fill(name);
    await form
      .locator('.ant-select')
      .filter({ has: page.locator('#interfaceForm_method') })
      .click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="GET"]')
      .click();
    await form.getByLabel('接口地址').fill('https://api.example.com/restart');
    await form.getByLabel('接口描述').fill('服务器重启前创建');
    await form.getByRole('button', { name: /创\s*建/ }).click();
    await expect(page.locator('tr.ant-table-row').filter({ hasText: name })).toBeVisible();

    await stopServer(server);
    server = await startServer(dataDir, port);

    // The session lives in the database: no new login.
    await page.goto(`${base}/admin/interface_info`);
    await expect(userName(page, 'admin')).toBeVisible();
    await expect(page.locator('tr.ant-table-row').filter({ hasText: name })).toBeVisible();
    const listed = await api<{ records: { name: string; description: string }[] }>(
      page,
      `/api/interfaceInfo/list/page?name=${encodeURIComponent(name)}`,
    );
    expect(listed.data.records).toEqual([expect.objectContaining({ name, description: '服务器重启前创建' })]);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('server: 发送请求 makes a real call to the demo service, and the analysis counts it', async ({
  userPage: page,
  newSession,
}) => {
  const admin = await newSession('admin');
  const today = new Date().toLocaleDateString('sv-SE');
  const callsToday = async () => {
    const overview = await api<{ interfaces: UsageTable }>(
      admin,
      `/api/analysis/overview?startDate=${today}&endDate=${today}`,
    );
    return (
      unpackUsage(overview.data.interfaces).find((row) => row.interfaceInfoId === WEATHER_ID)?.calls ?? 0
    );
  };
  const before = await callsToday();

  await page.goto(`/interface_info/${WEATHER_ID}`);
  // The demo interface lives on this server: its address follows the server's public address.
  await expect(page.getByText(/^http:\/\/localhost:\d+\/demo\/v1\/weather\/now$/)).toBeVisible();
  const result = page.getByRole('region', { name: '返回结果' });
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/interfaceInfo/invoke'));
  await page.getByRole('button', { name: '发送请求' }).click();
  expect((await answered).status()).toBe(200);
  await expect(result.getByText('成功', { exact: true })).toBeVisible();
  await expect(result.getByLabel('返回内容', { exact: true })).toHaveText(/"city": "北京"/);

  // Parameters the service refuses: the interface's own HTTP 400, with its reason. The form
  // offers only the units the service knows; the JSON can say more.
  await page.getByLabel('参数编辑方式').getByText('JSON', { exact: true }).click();
  await page.getByLabel('请求参数（JSON）').fill('{"city": "北京", "unit": "k"}');
  await page.getByRole('button', { name: '发送请求' }).click();
  await expectWeatherUnitRefused(result);

  await expect.poll(callsToday, { timeout: 10_000 }).toBe(before + 2);
});
