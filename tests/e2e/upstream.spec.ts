// 上游设置 in the management drawer: a credential is written once and afterwards only its name and
// last 4 characters are shown (in the page and in get's answer), a rotated forwarding secret is shown
// once and gone with its dialog, the limits are saved, and the section is axe-clean in dark mode at
// 375 px.
import type { Page } from '@playwright/test';
import { api, expect, PHONE, rowOf, searchTable, test } from './fixtures';
import { expectAccessible } from './axe';

const ADMIN_PATH = '/admin/interface_info';
const VALUE = 'Bearer e2e-upstream-0123456789wxyz';

type Upstream = {
  credentials: { in: string; name: string; last4: string }[];
  timeoutMs: number | null;
  retries: number;
  maxConnections: number | null;
};

const upstreamOf = async (page: Page, id: string) =>
  (await api<{ upstream: Upstream }>(page, `/api/interfaceInfo/get?id=${id}`)).data.upstream;

// axe is added to the page as a script.
test.use({ bypassCSP: true });

test('upstream: a credential written once, the secret shown once, the limits saved; axe-clean on a phone', async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const name = `上游设置 ${Date.now().toString(36)}`;
  const added = await api<string>(page, '/api/interfaceInfo/add', {
    name,
    description: '上游设置场景创建的接口',
    url: `https://api.example.com/e2e/upstream/${Date.now().toString(36)}`,
    method: 'GET',
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
  });
  expect(added.code, added.message).toBe(0);
  const id = String(added.data);
  try {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(ADMIN_PATH);
    await searchTable(page, name);
    await rowOf(page, name).getByText('编辑', { exact: true }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByRole('button', { name: '打开上游设置' }).click();

    // 上游凭据: written once, then only its hint.
    await drawer.getByLabel('名称', { exact: true }).fill('X-Api-Key');
    await drawer.getByLabel('值', { exact: true }).fill(VALUE);
    await drawer.getByRole('button', { name: '保存凭据' }).click();
    const list = drawer.getByRole('list', { name: '上游凭据' });
    await expect(list.getByText('••••wxyz')).toBeVisible();
    await expect(drawer.getByLabel('值', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain(VALUE);
    const saved = await upstreamOf(page, id);
    expect(saved.credentials).toEqual([{ in: 'header', name: 'X-Api-Key', last4: 'wxyz' }]);
    expect(JSON.stringify(saved)).not.toContain(VALUE);

    await expectAccessible(page, '上游设置 (dark, 375 px)');

    // 转发签名: the new secret once, in its dialog.
    await drawer.getByText('1 小时后失效').click();
    await drawer.getByRole('button', { name: /轮换密钥/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^轮\s*换$/ })
      .click();
    const shown = page.getByRole('dialog').filter({ hasText: '已生成新的转发密钥' });
    const secret = (await shown.getByText(/^whsec_/).textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expectAccessible(page, 'the new forwarding secret (dark, 375 px)');
    await shown.getByRole('button', { name: '我已保存' }).click();
    await expect(shown).toBeHidden();
    expect(await page.content()).not.toContain(secret);
    await expect(drawer.getByText('旧密钥仍同时签名，直到')).toBeVisible();

    // 超时与重试.
    await drawer.getByLabel('超时（毫秒）').fill('2500');
    await drawer.getByLabel('重试次数').fill('1');
    // The limits' own button: the drawer's footer saves the interface's form.
    await drawer
      .getByRole('region', { name: '超时与重试' })
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await expect(page.getByText('超时与重试已保存')).toBeVisible();
    expect(await upstreamOf(page, id)).toMatchObject({ timeoutMs: 2500, retries: 1, maxConnections: null });

    // Removing sends the name with no value.
    await drawer.getByRole('button', { name: '删除凭据 X-Api-Key' }).click();
    await page
      .locator('.ant-popover')
      .getByRole('button', { name: /^删\s*除$/ })
      .click();
    await expect(drawer.getByText('还没有凭据')).toBeVisible();
    expect((await upstreamOf(page, id)).credentials).toEqual([]);
  } finally {
    await api(page, '/api/interfaceInfo/delete', { id });
  }
});
