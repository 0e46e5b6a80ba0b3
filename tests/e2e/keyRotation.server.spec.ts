// Rotating a key without downtime, on the platform's own server (project `server`,
// playwright.config.ts): a new user makes a named key in 个人中心, rotates it with an hour's grace
// (the page says until when the old secret works, and both secrets sign), rotates it again with
// none (the old one stops at once), revokes it, and reads every step in the audit trail; the
// page stays axe-clean in dark mode at 375 px. An admin then reads the same keys and trail in
// 用户管理's 密钥 drawer, read-only, light and dark at 375 px.
import type { Page } from '@playwright/test';
import { freshNonce, signedHeaders } from '../../server/test/sign';
import { atPath, expect, loginByApi, pageWidth, PHONE, test, WEATHER_ID } from './fixtures';
import { expectAccessible } from './axe';

const PASSWORD = 'password-e2e';

const card = (page: Page, title: string) =>
  page.locator('.ant-pro-card').filter({ has: page.locator('.ant-pro-card-title', { hasText: title }) });

/** A signed call of the weather interface, as a program sends it: its HTTP status. */
async function call(baseURL: string, pair: { accessKey: string; secretKey: string }): Promise<number> {
  const path = `/gateway/${WEATHER_ID}?city=x`;
  const headers = signedHeaders(pair, 'GET', path, {
    timestamp: Math.floor(Date.now() / 1000),
    nonce: freshNonce(),
  });
  return (await fetch(`${baseURL}${path}`, { headers })).status;
}

/** The secret the dialog shows once, then the dialog closed with 我已保存. */
async function takeSecret(page: Page, title: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  const accessKey = (await dialog.getByText(/^ak_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  const secretKey = (await dialog.getByText(/^sk_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  return { dialog, pair: { accessKey, secretKey } };
}

async function rotate(page: Page, name: string, grace: string) {
  await card(page, '访问密钥')
    .getByRole('button', { name: `轮换 ${name}` })
    .click();
  const form = page.getByRole('dialog').filter({ hasText: `轮换密钥“${name}”` });
  await form.getByText(grace).click();
  await form.getByRole('button', { name: /^轮\s*换$/ }).click();
  await expect(form).toBeHidden();
}

// axe is added to the page as a script, which the server's Content-Security-Policy would refuse.
test.use({ colorScheme: 'dark', viewport: PHONE, bypassCSP: true });

test('keys: rotate with a grace, both secrets sign until it ends; rotate with none; revoke; the audit trail', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const account = `rotate_${Date.now().toString(36)}`;
  await page.goto('/user/register');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(atPath('/account/center'));

  // 新建密钥: the name field has the focus; Enter in it does not submit, the dialog's button does.
  await card(page, '访问密钥').getByRole('button', { name: '新建密钥' }).click();
  const form = page.getByRole('dialog').filter({ hasText: '可调用的接口' });
  await expect(form.getByLabel('名称')).toBeFocused();
  await page.keyboard.type('生产');
  await page.keyboard.press('Enter');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: /新建密钥/ }).click();
  const made = await takeSecret(page, '访问密钥已生成');
  const first = made.pair;
  await made.dialog.getByRole('button', { name: '我已保存' }).click();
  expect(await call(origin, first)).toBe(200);

  // An hour's grace: the page says until when the old secret works, and both sign.
  await rotate(page, '生产', '1 小时后失效');
  const rotated = await takeSecret(page, '已生成新的 SecretKey');
  await expect(
    rotated.dialog.getByText(/^旧 SecretKey 在 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 之前仍然有效/),
  ).toBeVisible();
  await expectAccessible(page, 'the new secret after a rotation (dark, 375 px)');
  const second = rotated.pair;
  expect(second.accessKey).toBe(first.accessKey);
  expect(second.secretKey).not.toBe(first.secretKey);
  await rotated.dialog.getByRole('button', { name: '我已保存' }).click();
  const row = card(page, '访问密钥').locator('tr').filter({ hasText: '生产' });
  await expect(row.getByText(/^旧 SecretKey 有效至 /)).toBeVisible();
  await expect(row.getByText(`••••${second.secretKey.slice(-4)}`)).toBeVisible();
  expect(await call(origin, first)).toBe(200);
  expect(await call(origin, second)).toBe(200);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // No grace: the secret before stops at once.
  await rotate(page, '生产', '立即失效');
  const again = await takeSecret(page, '已生成新的 SecretKey');
  await expect(again.dialog.getByText('旧 SecretKey 已立即失效。')).toBeVisible();
  await again.dialog.getByRole('button', { name: '我已保存' }).click();
  await expect(row.getByText(/^旧 SecretKey 有效至 /)).toBeHidden();
  expect(await call(origin, second)).toBe(401);
  expect(await call(origin, first)).toBe(401);
  expect(await call(origin, again.pair)).toBe(200);

  // Revoked after a confirmation: nothing signs.
  await row.getByRole('button', { name: '吊销 生产' }).click();
  await page.getByRole('button', { name: /^吊\s*销$/ }).click();
  await expect(row.getByText('已吊销')).toBeVisible();
  expect(await call(origin, again.pair)).toBe(401);

  // The audit trail, newest first.
  const audit = card(page, '密钥操作记录');
  const actions = audit.locator('tbody tr td:nth-child(2)');
  await expect(actions).toHaveText(['吊销', '轮换（旧密钥立即失效）', '轮换（旧密钥 1 小时后失效）', '新建']);
  await expectAccessible(page, 'the keys and their audit trail (dark, 375 px)');

  // An admin opens 密钥 for the user: the same keys and trail, read-only, the drawer the phone's width.
  await page.context().clearCookies();
  await loginByApi(page, 'admin');
  await page.goto(`/admin/user?searchText=${account}`);
  const opener = page.getByRole('button', { name: `查看 ${account} 的密钥` });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await opener.click();
    const drawer = page.getByRole('dialog').filter({ hasText: `密钥：${account}` });
    const keys = drawer.getByRole('table', { name: '密钥列表' });
    await expect(keys.locator('tr').filter({ hasText: '生产' }).getByText('已吊销')).toBeVisible();
    await expect(drawer.getByRole('button', { name: /轮换|吊销/ })).toHaveCount(0);
    const trail = drawer.getByRole('table', { name: '密钥操作记录' });
    await expect(trail.locator('tbody tr td:nth-child(2)')).toHaveText([
      '吊销',
      '轮换（旧密钥立即失效）',
      '轮换（旧密钥 1 小时后失效）',
      '新建',
    ]);
    await expect(trail.getByTitle(first.accessKey).first()).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, `an admin's look at a user's keys (${scheme}, 375 px)`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  }
});
