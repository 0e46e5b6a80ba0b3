// Rate limits as an admin sets them and a caller meets them: the limit set in the management
// drawer, shown on the interface page, and a second 在线调用 within the second refused by the
// platform with the rate limit's own message. The drawer and the page pass axe.
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { api, expect, rowOf, searchTable, test } from './fixtures';

type Paged<T> = { records: T[] };

const drawer = (page: Page) => page.locator('.ant-drawer-content');
const resultPanel = (page: Page) => page.getByRole('region', { name: '返回结果' });

/** A new online interface at the demo Echo's address (it answers at once, with no network); its id. */
async function echoInterface(page: Page, name: string): Promise<string> {
  const demo = await api<Paged<{ name: string; url: string; method: string }>>(
    page,
    '/api/interfaceInfo/list/page?current=1&pageSize=50&name=Echo',
  );
  const echo = demo.data.records.find((r) => r.name === 'Echo')!;
  const added = await api<string>(page, '/api/interfaceInfo/add', {
    name,
    description: '速率限制场景创建的接口',
    url: echo.url,
    method: echo.method,
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
  });
  expect(added.code, added.message).toBe(0);
  expect((await api(page, '/api/interfaceInfo/online', { id: added.data })).code).toBe(0);
  return added.data;
}

test('rate limit: set in the drawer, shown on the page, a second quick call refused with its message', async ({
  adminPage: page,
}) => {
  const name = `限速场景 ${Date.now().toString(36)}`;
  const id = await echoInterface(page, name);
  try {
    await page.goto('/admin/interface_info');
    await searchTable(page, name);
    await rowOf(page, name).getByText('编辑', { exact: true }).click();
    const form = drawer(page);
    await expect(form.getByLabel('接口名称')).toHaveValue(name);

    // A burst below the limit is refused at the field, before anything is sent.
    await form.getByLabel('速率限制（次/秒）').fill('2');
    await form.getByLabel('突发次数').fill('1');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form.getByText('突发次数应为不小于速率限制、不超过 100000 的整数')).toBeVisible();
    await expectAccessible(page, 'the management drawer with its rate limit fields');

    await form.getByLabel('速率限制（次/秒）').fill('1');
    const saved = page.waitForResponse((r) => r.url().includes('/api/interfaceInfo/update'));
    await form.getByRole('button', { name: /保\s*存/ }).click();
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toMatchObject({
      rateLimit: 1,
      rateBurst: 1,
    });
    await expect(form).toBeHidden();

    await page.goto(`/interface_info/${id}`);
    await expect(page.getByText('每秒 1 次，突发 1 次', { exact: true })).toBeVisible();
    await expect(page.getByLabel('cURL 示例', { exact: true })).toContainText(
      '# 速率限制：每秒 1 次，突发 1 次；超过时返回 429',
    );

    const send = page.getByRole('button', { name: '发送请求' });
    const result = resultPanel(page);
    // The second call must reach the server within the limit's one second: it is sent as soon as the first is
    // answered, not after a check of the page that may poll for a second on a busy machine.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/interfaceInfo/invoke'));
    await send.click();
    expect(await (await answered).json()).toMatchObject({ code: 0 });
    await send.click();
    await expect(result.getByRole('alert')).toContainText(/^平台拒绝/);
    await expect(result.getByRole('alert')).toContainText('调用过于频繁：已超过该接口的速率限制，请稍后再试');
    await expect(result.getByText('错误码 42900', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the interface page with its rate limit and a refusal');
  } finally {
    await api(page, '/api/interfaceInfo/delete', { id });
  }
});
