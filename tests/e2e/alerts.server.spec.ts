// Alerts and webhooks on the platform's own server (project `server`, playwright.config.ts, which
// lets plain http reach E2E_HOOK_PORT): an admin takes offline an interface the user called, and
// the user sees it in the bell, in light and dark, on a desk and a phone; then the user sets a
// webhook to a receiver on loopback, which checks every delivery the Standard Webhooks way.
import type { Page } from '@playwright/test';
import type { InterfaceInfo, Page as ListPage } from '@agler/contract/types';
import { verifies, webhookReceiver } from '../../server/test/webhookReceiver';
import type { WebhookReceiver } from '../../server/test/webhookReceiver';
import { expectAccessible } from './axe';
import { api, atPath, expect, PHONE, test } from './fixtures';

// axe is injected as a script, which the server's Content-Security-Policy refuses (as it should a
// page's own inline script): the browser is told to leave the policy out for this scenario.
test.use({ bypassCSP: true });

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  const port = Number(process.env.E2E_HOOK_PORT);
  expect(port, 'E2E_HOOK_PORT names the port the server allows').toBeGreaterThan(0);
  receiver = await webhookReceiver(port);
});

test.afterAll(async () => {
  await receiver.close();
});

/**
 * An online copy of the demo Echo interface (its service is the server's own), called once by the
 * user, then taken offline by the admin: the user is alerted. Answers the interface's name.
 */
async function calledThenTakenOffline(admin: Page, user: Page, created: string[]): Promise<string> {
  const list = await api<ListPage<InterfaceInfo>>(user, '/api/interfaceInfo/list/page?name=Echo&pageSize=50');
  const echo = list.data.records.find((r) => r.name === 'Echo')!;
  const name = `提醒测试 ${Date.now().toString(36)}`;
  const added = await api<string>(admin, '/api/interfaceInfo/add', {
    name,
    description: '浏览器测试创建的接口',
    url: echo.url,
    method: echo.method,
  });
  expect(added.code).toBe(0);
  created.push(added.data);
  expect((await api(admin, '/api/interfaceInfo/online', { id: added.data })).code).toBe(0);
  expect((await api(user, '/api/interfaceInfo/invoke', { id: added.data, userRequestParams: '' })).code).toBe(
    0,
  );
  expect((await api(admin, '/api/interfaceInfo/offline', { id: added.data })).code).toBe(0);
  return name;
}

test('alerts: the bell shows an interface taken offline, and a webhook delivers it signed to a receiver on loopback', async ({
  userPage: page,
  newSession,
}) => {
  test.setTimeout(180_000);
  const admin = await newSession('admin');
  const created: string[] = [];
  receiver.received.length = 0;
  try {
    await api(page, '/api/alert/read/all', {});
    const name = await calledThenTakenOffline(admin, page, created);

    // The bell: the count on load, the list on a click, each alert in words with its link.
    await page.goto('/');
    const bell = page.getByRole('button', { name: '提醒（1 条未读）' });
    await expect(bell).toBeVisible();
    await bell.click();
    const list = page.getByRole('dialog', { name: '提醒' });
    const alert = list.getByRole('link', { name: new RegExp(`「${name}」已下线`) });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveAttribute('href', '/account/usage');
    await expectAccessible(page, 'the bell’s list, light');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(bell).toBeFocused();

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(PHONE);
    await bell.click();
    await expect(alert).toBeVisible();
    const box = await list.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'the bell’s list, dark, at 375 px');
    await list.getByRole('button', { name: '标为已读', exact: true }).click();
    await expect(page.getByRole('button', { name: '提醒', exact: true })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1366, height: 900 });

    // 通知设置, from the list (still open): a webhook to the receiver, its secret shown once.
    await list.getByRole('link', { name: '通知设置' }).click();
    await expect(page).toHaveURL(atPath('/account/notifications'));
    await page
      .getByRole('textbox', { name: '地址' })
      .fill(`http://127.0.0.1:${process.env.E2E_HOOK_PORT}/hook`);
    // A new webhook starts with every kind on: saved as it is, it sends them all.
    const kinds = [
      '额度已用 80%',
      '额度已用完',
      '密钥 7 天内过期',
      '调用过的接口下线',
      '调用过的接口弃用',
      '额度申请有了结果',
      '套餐开始超额',
      '套餐订阅的审批与结束',
    ];
    for (const kind of kinds) await expect(page.getByRole('checkbox', { name: kind })).toBeChecked();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '只显示这一次' });
    const secret = (await dialog.getByText(/^whsec_/).textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await expectAccessible(page, 'the secret shown once');
    await dialog.getByRole('button', { name: /我已保存/ }).click();
    await expect(dialog).toBeHidden();

    // A test: sent at once, verified by the receiver, logged on the page.
    await page.getByRole('button', { name: /发送测试/ }).click();
    await expect(page.getByText(/测试已送达：HTTP 204/)).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(verifies(secret, receiver.received[0])).toBe(true);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'ping' });

    // An alert: queued by the offline, delivered by the worker within seconds, signed.
    const second = await calledThenTakenOffline(admin, page, created);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    expect(verifies(secret, receiver.received[1])).toBe(true);
    expect(JSON.parse(receiver.received[1].body)).toMatchObject({
      type: 'alert.interface_offline',
      data: { kind: 'interface_offline', details: { interfaceName: second } },
    });
    await page.reload();
    // The newest first (a retry of this scenario finds the first try's deliveries below them).
    await expect(page.getByRole('cell', { name: 'alert.interface_offline' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'ping' }).first()).toBeVisible();
    await expectAccessible(page, '通知设置 with its deliveries');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(PHONE);
    await expectAccessible(page, '通知设置, dark, at 375 px');
  } finally {
    await api(page, '/api/user/webhook/delete', {});
    for (const id of created) await api(admin, '/api/interfaceInfo/delete', { id });
  }
});
