// Accounts: registering, the personal center (profile, key pair, calls) and quotas.
import type { Page } from '@playwright/test';
import { api, atPath, expect, test, WEATHER_ID } from './fixtures';

/** An account no earlier run has taken: the mocks' store lives as long as the preview. */
function newAccountName(): string {
  return `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

const PASSWORD = 'password-e2e';

async function fillRegistration(page: Page, account: string) {
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
}

/** The user's name in the header. */
const headerName = (page: Page, name: string) =>
  page.locator('.ant-pro-global-header').getByText(name, { exact: true });

const card = (page: Page, title: string) =>
  page.locator('.ant-pro-card').filter({ has: page.locator('.ant-pro-card-title', { hasText: title }) });

test('accounts: register, land on 个人中心, make a key pair (the secret shown once), rename', async ({
  page,
}) => {
  const account = newAccountName();
  await page.goto('/user/login');
  await page.getByRole('link', { name: '注册账号' }).click();
  await expect(page).toHaveURL(atPath('/user/register'));

  // The rules at the fields before anything is sent.
  await page.getByLabel('账号').fill('中文 name');
  await page.getByLabel('密码', { exact: true }).fill('short');
  await page.getByLabel('确认密码').fill('other');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('账号只能包含字母、数字、下划线、点和减号')).toBeVisible();
  await expect(page.getByText('密码长度应为 8 到 256 个字符')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();

  await fillRegistration(page, account);
  await expect(page.getByText('两次输入的密码不一致')).toBeHidden();
  await page.screenshot({ path: '/tmp/agler-register.png', fullPage: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(atPath('/account/center'));
  await expect(headerName(page, account)).toBeVisible();

  // A new account has no key pair and no calls yet.
  const keys = card(page, '访问密钥');
  await expect(keys.getByText('还没有访问密钥', { exact: false })).toBeVisible();
  await expect(page.getByText('还没有调用过接口')).toBeVisible();

  await keys.getByRole('button', { name: /生成密钥/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('访问密钥已生成')).toBeVisible();
  await expect(dialog.getByText(/SecretKey 只显示这一次/)).toBeVisible();
  const secretKey = (await dialog.getByText(/^sk_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  const accessKey = (await dialog.getByText(/^ak_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  expect(secretKey).toHaveLength(46);
  await expect(dialog.getByRole('button', { name: '复制' })).toHaveCount(2);
  await dialog.getByRole('button', { name: '我已保存' }).click();
  await expect(dialog).toBeHidden();

  // The table shows the access key shortened, the whole of it in its title (and its copy).
  await expect(keys.getByTitle(accessKey, { exact: true })).toHaveText(`${accessKey.slice(0, 7)}…${accessKey.slice(-4)}`);
  await expect(keys.getByText(`••••${secretKey.slice(-4)}`)).toBeVisible();
  expect(await page.content(), 'the secret key is gone from the page').not.toContain(secretKey);
  await page.reload();
  await expect(card(page, '访问密钥').getByText(`••••${secretKey.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(secretKey);

  // A rotation with no grace: a new secret, the old one stops at once, the access key stays.
  await card(page, '访问密钥').getByRole('button', { name: '轮换 默认' }).click();
  const rotation = page.getByRole('dialog').filter({ hasText: '轮换密钥“默认”' });
  await rotation.getByText('立即失效').click();
  await rotation.getByRole('button', { name: /^轮\s*换$/ }).click();
  const rotated = page.getByRole('dialog').filter({ hasText: '已生成新的 SecretKey' });
  await expect(rotated.getByText('旧 SecretKey 已立即失效。')).toBeVisible();
  const second = (await rotated.getByText(/^sk_/).textContent()) ?? '';
  expect(second).not.toBe(secretKey);
  await rotated.getByRole('button', { name: '我已保存' }).click();
  expect((await api<API.AccessKeyVO>(page, '/api/user/key')).data).toEqual({
    accessKey,
    secretKeyTail: second.slice(-4),
  });

  // Renaming: the header follows at once.
  const profile = card(page, '基本信息');
  await profile.getByLabel('昵称').fill('端到端测试员');
  await profile.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('基本信息已保存')).toBeVisible();
  await expect(headerName(page, '端到端测试员')).toBeVisible();
  await page.screenshot({ path: '/tmp/agler-center.png', fullPage: true });
  await page.reload();
  await expect(headerName(page, '端到端测试员')).toBeVisible();
});

test('accounts: a taken account is shown at the account field', async ({ page }) => {
  await page.goto('/user/register');
  await fillRegistration(page, 'user');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  const field = page.locator('.ant-form-item').filter({ has: page.getByLabel('账号') });
  await expect(field.getByText('账号已被注册')).toBeVisible();
  await expect(page).toHaveURL(atPath('/user/register'));
});

test('accounts: login and register link to each other, keeping the way back', async ({ page }) => {
  const back = `/interface_info/${WEATHER_ID}`;
  const query = `?redirect=${encodeURIComponent(back)}`;
  await page.goto(`/user/login${query}`);
  await page.getByRole('link', { name: '注册账号' }).click();
  await expect(page).toHaveURL(atPath(`/user/register${query}`));
  await expect(page.getByLabel('确认密码')).toBeVisible();
  await page.getByRole('link', { name: '去登录' }).click();
  await expect(page).toHaveURL(atPath(`/user/login${query}`));

  await page.getByLabel('账号').fill('user');
  await page.getByLabel('密码').fill('12345678');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(atPath(back));
  // The call section leads to the key and the counts.
  await page.getByRole('link', { name: '获取访问密钥、查看调用次数' }).click();
  await expect(page).toHaveURL(atPath('/account/center'));
  await expect(page.getByRole('link', { name: '天气查询', exact: true })).toBeVisible();
});

test('accounts: a used-up quota refuses the call with 42900, and 我的调用 shows it', async ({
  page,
  newSession,
}) => {
  const account = newAccountName();
  await page.goto('/user/register');
  await fillRegistration(page, account);
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page).toHaveURL(atPath('/account/center'));
  const { data: me } = await api<API.LoginUserVO>(page, '/api/user/get/login');

  const admin = await newSession('admin');
  const granted = await api(admin, '/api/userInterfaceInfo/update', {
    userId: me.id,
    interfaceInfoId: WEATHER_ID,
    leftNum: 1,
  });
  expect(granted.code).toBe(0);

  await page.goto(`/interface_info/${WEATHER_ID}`);
  const result = page.getByRole('region', { name: '返回结果' });
  await page.getByRole('button', { name: '发送请求' }).click();
  await expect(result.getByText('成功', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '发送请求' }).click();
  await expect(result.getByText('该接口的调用次数已用完', { exact: true })).toBeVisible();
  await expect(result.getByText('错误码 42900')).toBeVisible();

  await page.goto('/account/center');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: '天气查询', exact: true }) });
  await expect(row.getByText('0 / 1')).toBeVisible();
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
});
