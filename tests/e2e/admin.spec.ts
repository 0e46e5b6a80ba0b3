// Interface management (/admin/interface_info): the table, its row and batch actions, the
// create/edit drawer, and what the mock enforces for writes.
import type { Page, TestInfo } from '@playwright/test';
import { api, atPath, confirmPopover, count, expect, login, rowOf, searchTable, test as base, WEATHER_ID } from './fixtures';

const ADMIN_PATH = '/admin/interface_info';

/** A row of the list: an interface without its JSON texts. */
type InterfaceRow = { id: string; name: string; description: string; method: string; status: number };
type StoredInterface = InterfaceRow & { requestParams: string; requestHeader: string };
type Paged<T> = { records: T[]; total: number };

const validBody = (name: string) => ({
  name,
  description: '浏览器场景创建的接口',
  url: 'https://api.example.com/e2e/weather',
  method: 'GET',
  requestParams: '[{"name":"city","type":"string","required":true,"description":"城市"}]',
  requestHeader: '{"Content-Type":"application/json"}',
  responseHeader: '',
});

/** Creates an interface through the API as the logged-in admin; answers its id. */
async function createInterface(page: Page, name: string, { online = false } = {}) {
  const added = await api<string>(page, '/api/interfaceInfo/add', validBody(name));
  expect(added.code, added.message).toBe(0);
  if (online) expect((await api(page, '/api/interfaceInfo/online', { id: added.data })).code).toBe(0);
  return added.data;
}

/** The interfaces whose name contains `text`, as the list endpoint answers this session. */
async function listByName(page: Page, text: string) {
  const res = await api<Paged<InterfaceRow>>(
    page,
    `/api/interfaceInfo/list/page?current=1&pageSize=50&name=${encodeURIComponent(text)}`,
  );
  expect(res.code, res.message).toBe(0);
  return res.data.records;
}

async function findByName(page: Page, name: string) {
  return (await listByName(page, name)).filter((r) => r.name === name);
}

/** One interface with its JSON texts, which the list leaves out. */
async function getInterface(page: Page, id: string) {
  const res = await api<StoredInterface>(page, `/api/interfaceInfo/get?id=${id}`);
  expect(res.code, res.message).toBe(0);
  return res.data;
}

/**
 * Deletes every interface whose name contains `text`: the mock store is shared by all
 * scenario files, and the catalogue's scenarios expect the seeded catalogue.
 */
async function removeMatching(page: Page, text: string) {
  if (!page.url().startsWith('http')) return;
  const res = await api<Paged<InterfaceRow> | null>(
    page,
    `/api/interfaceInfo/list/page?current=1&pageSize=50&name=${encodeURIComponent(text)}`,
  );
  for (const record of res.data?.records ?? []) {
    if (record.name.includes(text)) await api(page, '/api/interfaceInfo/delete', { id: record.id });
  }
}

const test = base.extend<{ uniqueName: (tag: string) => string }>({
  /**
   * A name no other scenario uses. What is stored under it is deleted after the test, pass or
   * fail, through the test's page (logged in as admin by then).
   */
  uniqueName: async ({ page }, use) => {
    const names: string[] = [];
    await use((tag) => {
      const name = `E2E${tag}${Date.now().toString(36)}`;
      names.push(name);
      return name;
    });
    for (const name of names) await removeMatching(page, name).catch(() => undefined);
  },
});

const drawer = (page: Page) => page.locator('.ant-drawer-content');
const popconfirm = (page: Page) => page.locator('.ant-popover:not(.ant-popover-hidden)').last();
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
/** A confirmation dialog's visible title (antd also keeps a hidden copy for screen readers). */
const confirmTitle = (page: Page, text: string) =>
  page.locator('.ant-modal-confirm-title', { hasText: text });

/** Keeps a screenshot of what a reviewer wants to see, in the report. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

async function chooseMethod(page: Page, method: string) {
  await drawer(page)
    .locator('.ant-select')
    .filter({ has: page.locator('#interfaceForm_method') })
    .click();
  await page
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${method}"]`,
    )
    .click();
}

async function openAdminPage(page: Page) {
  await login(page, 'admin', ADMIN_PATH);
  await expect(page).toHaveURL(atPath(ADMIN_PATH));
  await expect(page.getByRole('button', { name: '新建接口' })).toBeVisible();
}

test('admin: creates an interface in the form, sees it in the table, publishes it', async ({
  page,
  uniqueName,
}, testInfo) => {
  const name = uniqueName('新建');
  await openAdminPage(page);
  await page.getByRole('button', { name: '新建接口' }).click();
  const form = drawer(page);
  await form.getByLabel('接口名称').fill(name);
  await chooseMethod(page, 'POST');
  await form.getByLabel('接口地址').fill('https://api.example.com/e2e/translate');
  await form.getByLabel('接口描述').fill('把中文翻译成英文');
  await form.getByRole('button', { name: '添加参数' }).click();
  await form.getByLabel('参数名（第 1 行）').fill('text');
  await form.getByLabel('必填（第 1 行）').check();
  await form.getByLabel('说明（第 1 行）').fill('要翻译的文字');
  await form.getByLabel('请求头').fill('{"Content-Type":"application/json"}');
  await expect(form.getByRole('button', { name: '格式化' }).last()).toBeVisible();
  await keepScreenshot(page, testInfo, 'admin-form-filled');
  await form.getByRole('button', { name: /创\s*建/ }).click();

  await expect(page.getByText('已创建，接口处于下线状态，发布后用户可见')).toBeVisible();
  await expect(form).toBeHidden();
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByText('已下线')).toBeVisible();
  await expect(row.getByText('POST')).toBeVisible();

  const [listed] = await findByName(page, name);
  const stored = await getInterface(page, listed.id);
  expect(stored.method).toBe('POST');
  expect(stored.status).toBe(0);
  expect(stored.description).toBe('把中文翻译成英文');
  expect(JSON.parse(stored.requestParams)).toEqual([
    { name: 'text', type: 'string', required: true, description: '要翻译的文字' },
  ]);
  expect(JSON.parse(stored.requestHeader)).toEqual({ 'Content-Type': 'application/json' });
  expect(String(stored.id)).toMatch(/^\d{19}$/);
  // The id column shows the id's end; the whole id, exactly, is in its tooltip.
  const shownId = row.getByText(`…${String(stored.id).slice(-6)}`, { exact: true });
  await expect(shownId).toBeVisible();
  await shownId.hover();
  await expect(page.getByText(`ID：${stored.id}`, { exact: true })).toBeVisible();

  await row.getByText('发布', { exact: true }).click();
  await expect(page.getByText('已发布，用户现在可以看到它')).toBeVisible();
  await expect(row.getByText('已上线')).toBeVisible();
  await expect(row.getByText('下线', { exact: true })).toBeVisible();
  expect((await findByName(page, name))[0].status).toBe(1);
});

test('admin and user: a published interface is on the home page for user; taken offline it is gone', async ({
  page,
  uniqueName,
  newSession,
}) => {
  const name = uniqueName('发布');
  await openAdminPage(page);
  const id = await createInterface(page, name, { online: true });

  const userPage = await newSession('user');
  await userPage.getByPlaceholder('站内搜索').fill(name);
  await userPage.getByPlaceholder('站内搜索').press('Enter');
  await expect(userPage).toHaveURL(
    (url) => url.pathname === '/' && url.searchParams.get('searchText') === name,
  );
  await userPage.getByRole('link', { name }).first().click();
  await expect(userPage).toHaveURL(atPath(`/interface_info/${id}`));
  await expect(userPage.getByText(name).first()).toBeVisible();

  await searchTable(page, name);
  const row = rowOf(page, name);
  await row.getByText('下线', { exact: true }).click();
  await expect(popconfirm(page).getByText('确定下线该接口吗？')).toBeVisible();
  await confirmPopover(page, /下\s*线/);
  await expect(page.getByText('已下线，用户将看不到它')).toBeVisible();
  await expect(row.getByText('已下线')).toBeVisible();
  await expect(row.getByText('发布', { exact: true })).toBeVisible();

  expect(await findByName(userPage, name), 'user lists no offline interface').toHaveLength(0);
  expect((await api(userPage, `/api/interfaceInfo/get?id=${id}`)).code).toBe(40400);
  await userPage.goto(`/?searchText=${encodeURIComponent(name)}`);
  await expect(userPage.getByText('没有匹配的接口')).toBeVisible();
  await expect(userPage.getByRole('link', { name }), 'no link to the offline interface').toHaveCount(0);
});

test('admin: take-offline and delete ask first; cancel sends nothing, confirm deletes', async ({
  page,
  requests,
  uniqueName,
}, testInfo) => {
  const name = uniqueName('删除');
  await openAdminPage(page);
  await createInterface(page, name, { online: true });
  await searchTable(page, name);
  const row = rowOf(page, name);

  await row.getByText('下线', { exact: true }).click();
  await expect(popconfirm(page).getByText('确定下线该接口吗？')).toBeVisible();
  await confirmPopover(page, /取\s*消/);
  await expect(popconfirm(page)).toBeHidden();
  expect(count(requests, '/api/interfaceInfo/offline'), 'cancel sends no offline').toBe(0);
  await expect(row.getByText('已上线')).toBeVisible();
  expect((await findByName(page, name))[0].status).toBe(1);

  await row.getByText('删除', { exact: true }).click();
  await expect(popconfirm(page).getByText(`确定删除接口「${name}」吗？`)).toBeVisible();
  await keepScreenshot(page, testInfo, 'admin-delete-confirm');
  await confirmPopover(page, /取\s*消/);
  await expect(popconfirm(page)).toBeHidden();
  expect(count(requests, '/api/interfaceInfo/delete'), 'cancel sends no delete').toBe(0);
  expect(await findByName(page, name)).toHaveLength(1);
  await expect(row).toBeVisible();

  await row.getByText('删除', { exact: true }).click();
  await confirmPopover(page, /删\s*除/);
  await expect(page.getByText('已删除', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(count(requests, '/api/interfaceInfo/delete')).toBe(1);
  expect(await findByName(page, name)).toHaveLength(0);
});

test("admin: from the keyboard a row's question takes the focus, and Enter on 删除's answers 取消", async ({
  page,
  requests,
  uniqueName,
}) => {
  const name = uniqueName('键盘');
  await openAdminPage(page);
  await createInterface(page, name, { online: true });
  await searchTable(page, name);
  const row = rowOf(page, name);

  // The rows' confirmations are mounted at their first use (src/components/FirstUse).
  await row.getByRole('button', { name: '删除', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(popconfirm(page).getByText(`确定删除接口「${name}」吗？`)).toBeVisible();
  await expect(popconfirm(page).getByRole('button', { name: /取\s*消/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popconfirm(page)).toBeHidden();
  expect(count(requests, '/api/interfaceInfo/delete'), 'Enter on the question sends no delete').toBe(0);

  await row.getByRole('button', { name: '下线', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(popconfirm(page).getByRole('button', { name: /下\s*线/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已下线，用户将看不到它')).toBeVisible();
  await expect(row.getByText('已下线', { exact: true })).toBeVisible();
  expect(count(requests, '/api/interfaceInfo/offline')).toBe(1);
});

test('admin: an invalid url or JSON shows field messages and nothing is saved', async ({
  page,
  requests,
  uniqueName,
}, testInfo) => {
  const name = uniqueName('无效');
  await openAdminPage(page);
  await page.getByRole('button', { name: '新建接口' }).click();
  const form = drawer(page);
  await form.getByRole('button', { name: /创\s*建/ }).click();
  await expect(form.getByText('请输入接口名称')).toBeVisible();
  await expect(form.getByText('请输入接口地址')).toBeVisible();

  await form.getByLabel('接口名称').fill(name);
  await form.getByLabel('接口地址').fill('api.example.com/weather');
  await form.getByLabel('请求头').fill('{"Content-Type": }');
  await form.getByRole('button', { name: /创\s*建/ }).click();
  await expect(form.getByText('接口地址必须是以 http:// 或 https:// 开头的完整地址')).toBeVisible();
  await expect(form.getByText('JSON 格式错误（第 1 行第 18 列）：缺少值')).toBeVisible();
  await keepScreenshot(page, testInfo, 'admin-form-errors');

  await form.getByLabel('接口地址').fill('https://api.example.com/weather');
  await form.getByRole('button', { name: /创\s*建/ }).click();
  await expect(form.getByText('JSON 格式错误（第 1 行第 18 列）：缺少值')).toBeVisible();
  await expect(form.getByText('接口地址必须是以')).toBeHidden();
  expect(count(requests, '/api/interfaceInfo/add'), 'nothing was sent').toBe(0);
  expect(await findByName(page, name), 'nothing was stored').toHaveLength(0);

  // Leaving with what was typed asks first; staying keeps it.
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirmTitle(page, '放弃未保存的修改？')).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: '继续编辑' }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(form.getByLabel('接口名称')).toHaveValue(name);
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await confirmDialog(page).getByRole('button', { name: '放弃修改' }).click();
  await expect(form).toBeHidden();
});

test('admin: edits an interface; a save the server refuses keeps the form and the table', async ({
  page,
  uniqueName,
}) => {
  const name = uniqueName('编辑');
  await openAdminPage(page);
  await createInterface(page, name);
  await searchTable(page, name);
  const row = rowOf(page, name);

  await row.getByText('编辑', { exact: true }).click();
  const form = drawer(page);
  await expect(form.getByLabel('接口名称')).toHaveValue(name);
  await expect(form.getByLabel('接口地址')).toHaveValue('https://api.example.com/e2e/weather');
  await expect(form.getByLabel('参数名（第 1 行）')).toHaveValue('city');
  await form.getByLabel('接口描述').fill('改过的描述');

  // A refusal the form cannot foresee: shown in the form, values kept, nothing changed.
  await page.route('**/api/interfaceInfo/update', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: '{"code":40000,"data":null,"message":"接口地址已被其他接口使用"}',
    }),
  );
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByRole('alert').getByText('接口地址已被其他接口使用')).toBeVisible();
  // Counted now, not awaited: a toast beside the form's message would still be on screen.
  expect(await page.getByText('接口地址已被其他接口使用').count(), 'the message is shown once').toBe(1);
  await expect(form.getByLabel('接口描述')).toHaveValue('改过的描述');
  expect((await findByName(page, name))[0].description).toBe('浏览器场景创建的接口');

  await page.unroute('**/api/interfaceInfo/update');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  await expect(row.getByText('改过的描述')).toBeVisible();
  expect((await findByName(page, name))[0].description).toBe('改过的描述');
});

test('admin: batch take-offline and batch delete confirm with the count', async ({
  page,
  uniqueName,
}, testInfo) => {
  const prefix = uniqueName('批量');
  const names = [1, 2, 3].map((n) => `${prefix}-${n}`);
  await openAdminPage(page);
  for (const name of names) await createInterface(page, name, { online: true });
  await searchTable(page, prefix);
  for (const name of names) await rowOf(page, name).getByRole('checkbox').check();
  await expect(page.getByText('已选择 3 项')).toBeVisible();

  await page.getByRole('button', { name: '批量下线' }).click();
  await expect(confirmTitle(page, '确定下线选中的 3 个接口吗？')).toBeVisible();
  await confirmDialog(page)
    .getByRole('button', { name: /下\s*线/ })
    .click();
  await expect(page.getByText('已下线 3 个接口')).toBeVisible();
  for (const name of names) await expect(rowOf(page, name).getByText('已下线')).toBeVisible();
  expect((await findByName(page, names[0])).map((r) => r.status)).toEqual([0]);

  for (const name of names) await rowOf(page, name).getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量删除' }).click();
  await expect(confirmTitle(page, '确定删除选中的 3 个接口吗？')).toBeVisible();
  await keepScreenshot(page, testInfo, 'admin-batch-delete-confirm');
  // Someone else deletes one of them meanwhile: the report says so honestly.
  const [gone] = await findByName(page, names[1]);
  expect((await api(page, '/api/interfaceInfo/delete', { id: gone.id })).code).toBe(0);
  await confirmDialog(page)
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText(`已删除 2 个接口，1 个失败：「${names[1]}」：已被删除`)).toBeVisible();
  for (const name of names) await expect(rowOf(page, name)).toHaveCount(0);
  const left = await api<Paged<InterfaceRow>>(
    page,
    `/api/interfaceInfo/list/page?pageSize=50&name=${encodeURIComponent(prefix)}`,
  );
  expect(left.data.total).toBe(0);
});

test('admin: acting on an interface deleted meanwhile says so and refreshes the table', async ({
  page,
  uniqueName,
}) => {
  const name = uniqueName('已删');
  await openAdminPage(page);
  const id = await createInterface(page, name);
  await searchTable(page, name);
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  expect((await api(page, '/api/interfaceInfo/delete', { id })).code).toBe(0);
  await row.getByText('发布', { exact: true }).click();
  await expect(page.getByText('该接口已被删除，列表已刷新')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("admin: a failed publish shows the server's message once and changes nothing", async ({
  page,
  uniqueName,
}) => {
  const name = uniqueName('失败');
  await openAdminPage(page);
  await createInterface(page, name);
  await searchTable(page, name);
  const row = rowOf(page, name);
  await page.route('**/api/interfaceInfo/online', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: '{"code":50001,"data":null,"message":"操作失败：数据库繁忙"}',
    }),
  );
  await row.getByText('发布', { exact: true }).click();
  const message = page.getByText('操作失败：数据库繁忙');
  await expect(message.first()).toBeVisible();
  // Counted now, not awaited: a second copy would still be on screen.
  expect(await message.count()).toBe(1);
  await expect(row.getByText('已下线')).toBeVisible();
  expect((await findByName(page, name))[0].status).toBe(0);
});

test('user: calling the admin write endpoints directly gets 40101 and changes nothing', async ({
  userPage: page,
  uniqueName,
}) => {
  const name = uniqueName('越权');
  const added = await api(page, '/api/interfaceInfo/add', validBody(name));
  expect(added.code).toBe(40101);
  expect(added.message).toBe('无权限');
  for (const action of ['update', 'delete', 'online', 'offline']) {
    const res = await api(page, `/api/interfaceInfo/${action}`, { id: WEATHER_ID, name });
    expect(res.code, action).toBe(40101);
  }
  await page.context().clearCookies();
  await login(page, 'admin');
  expect(await findByName(page, name), 'nothing was stored').toHaveLength(0);
});
