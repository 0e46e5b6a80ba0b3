// User management (/admin/user): an admin finds the demo user, sets a quota, bans and unbans.
import { DEFAULT_QUOTA, ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { USER_ID } from '@agler/contract/demo/accounts';
import { MESSAGES } from '@agler/contract/messages';
import type { Page } from '@playwright/test';
import { api, atPath, count, expect, settle, test, WEATHER_ID } from './fixtures';

type Quota = { interfaceInfoId: string; name: string; leftNum: number; totalNum: number };

/** What is left of the demo user's quota for the weather interface, as the admin's session reads it. */
async function weatherLeft(page: Page) {
  const res = await api<Quota[]>(page, `/api/userInterfaceInfo/list?userId=${USER_ID}`);
  expect(res.code, res.message).toBe(0);
  return res.data.find((quota) => quota.interfaceInfoId === WEATHER_ID)?.leftNum;
}

test('user management: admin finds the demo user, sets a quota, bans and unbans', async ({
  adminPage: page,
  newSession,
}) => {
  // The mocks' store is shared by every scenario: the demo user leaves as it came.
  const leftBefore = (await weatherLeft(page)) ?? DEFAULT_QUOTA;
  const userPage = await newSession('user');
  try {
    await page.getByText('管理页').first().click();
    await page.getByRole('menuitem', { name: /用户管理/ }).click();
    await expect(page).toHaveURL(atPath('/admin/user'));

    await page.getByLabel('账号或昵称').fill('普通');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(atPath('/admin/user?searchText=%E6%99%AE%E9%80%9A'));
    const rows = page.locator('tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByRole('cell', { name: 'user', exact: true })).toBeVisible();
    await expect(row.locator('.ant-tag')).toHaveText('用户');
    await page.screenshot({ path: '/tmp/userAdmin-list.png', fullPage: true });

    // A quota for the weather interface, chosen by a name search, then changed in place.
    await row.getByRole('button', { name: '调用额度' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('调用额度：普通用户')).toBeVisible();
    // Chromium names a field by its whole label, antd's required mark and colon included.
    const select = drawer.getByRole('combobox', { name: /接口/ });
    await select.click();
    await select.fill('天气');
    await page.locator('.ant-select-item-option[title="天气查询"]').click();
    await drawer.getByRole('spinbutton', { name: /^[*\s]*剩余次数[\s:]*$/ }).fill('7');
    await drawer.getByRole('button', { name: /设置额度/ }).click();
    await expect(page.getByText('已设置「天气查询」的额度')).toBeVisible();
    const leftNum = drawer.getByRole('spinbutton', { name: '「天气查询」的剩余次数' });
    await expect(leftNum).toHaveValue('7');
    await leftNum.fill('9');
    await leftNum.press('Enter');
    await expect(page.getByText('已更新「天气查询」的剩余次数')).toBeVisible();
    await expect(leftNum).toHaveValue('9');
    expect(await weatherLeft(page)).toBe(9);
    await page.screenshot({ path: '/tmp/userAdmin-quota.png', fullPage: true });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Banning ends the user's session at once; unbanning lets them log in again.
    await row.getByRole('button', { name: /封\s*禁/ }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: '确定封禁「普通用户」吗？' });
    await expect(confirm).toContainText('登录会话和访问密钥立即失效');
    // The confirmation zooms in beside its button: a click while it still moves can land beside the
    // button inside it, and nothing happens.
    await settle(page);
    await confirm.getByRole('button', { name: /封\s*禁/ }).click();
    await expect(row.locator('.ant-tag')).toHaveText('已封禁');
    const refused = await api(userPage, '/api/user/usage');
    expect(refused.code, 'the banned session ends at once').toBe(ResponseCode.NOT_LOGIN);
    expect(refused.message).toBe(MESSAGES.notLogin);
    await page.screenshot({ path: '/tmp/userAdmin-banned.png', fullPage: true });

    await row.getByRole('button', { name: /解\s*封/ }).click();
    const unbanConfirm = page.getByRole('tooltip').filter({ hasText: '确定解封「普通用户」吗？' });
    await expect(unbanConfirm).toBeVisible();
    await settle(page);
    await unbanConfirm.getByRole('button', { name: /解\s*封/ }).click();
    await expect(row.locator('.ant-tag')).toHaveText('用户');
    const again = await newSession('user');
    expect((await api(again, '/api/user/usage')).code).toBe(ResponseCode.SUCCESS);
  } finally {
    await api(page, '/api/user/update', { id: USER_ID, userRole: USER_ROLE.USER });
    await api(page, '/api/userInterfaceInfo/update', {
      userId: USER_ID,
      interfaceInfoId: WEATHER_ID,
      leftNum: leftBefore,
    });
  }
});

test("user management: the admin's own row cannot ban or demote itself", async ({ adminSession: page }) => {
  await page.goto('/admin/user?searchText=admin');
  const row = page
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(row.getByRole('combobox', { name: 'admin 的角色' })).toBeDisabled();
  await expect(row.getByRole('button', { name: /封\s*禁/ })).toBeDisabled();
  // The reason is reachable by keyboard: its wrapper takes the focus.
  await row
    .getByRole('button', { name: /封\s*禁/ })
    .locator('..')
    .focus();
  await expect(page.getByRole('tooltip').filter({ hasText: '不能封禁自己的账号' })).toBeVisible();
});

test('user management: from the keyboard a row’s ban question takes the focus on 取消, and Tab reaches 封禁', async ({
  adminSession: page,
  requests,
}) => {
  await page.goto('/admin/user?searchText=%E6%99%AE%E9%80%9A');
  const row = page
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: 'user', exact: true }) });
  const tag = row.locator('.ant-tag');
  const banQuestion = page.locator('.ant-popover').filter({ hasText: '确定封禁「普通用户」吗？' });
  const unbanQuestion = page.locator('.ant-popover').filter({ hasText: '确定解封「普通用户」吗？' });
  try {
    // The rows' confirmations are mounted at their first use (src/components/FirstUse): Enter on
    // the button still opens the question, which takes the focus on its harmless answer.
    await row.getByRole('button', { name: /封\s*禁/ }).focus();
    await page.keyboard.press('Enter');
    await expect(banQuestion).toBeVisible();
    await expect(banQuestion.getByRole('button', { name: /取\s*消/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banQuestion).toBeHidden();
    await expect(tag).toHaveText('用户');
    expect(count(requests, '/api/user/update'), 'Enter on the question bans no one').toBe(0);

    // Asked again, Tab moves to the answer that bans.
    await row.getByRole('button', { name: /封\s*禁/ }).focus();
    await page.keyboard.press('Enter');
    await expect(banQuestion.getByRole('button', { name: /取\s*消/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banQuestion.getByRole('button', { name: /封\s*禁/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tag).toHaveText('已封禁');

    // Unbanning is harmless: its question takes the focus on 解封, and Enter answers it.
    await row.getByRole('button', { name: /解\s*封/ }).focus();
    await page.keyboard.press('Enter');
    await expect(unbanQuestion.getByRole('button', { name: /解\s*封/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tag).toHaveText('用户');
    expect(count(requests, '/api/user/update')).toBe(2);
  } finally {
    await api(page, '/api/user/update', { id: USER_ID, userRole: USER_ROLE.USER });
  }
});
