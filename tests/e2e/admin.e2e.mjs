// Interface management (/admin/interface_info): the table, its row and batch
// actions, the create/edit drawer, and what the mock enforces for writes.
import path from 'node:path';
import { screenshotDir } from './harness.mjs';
import { assert, login, waitForPath } from './helpers.mjs';

const ADMIN_PATH = '/admin/interface_info';
const VIEWPORT = { width: 1366, height: 900 };

/** A name no other scenario uses. */
const uniqueName = (tag) => `E2E${tag}${Date.now().toString(36)}`;

/** Calls the API from the page's session; 64-bit ids in the answer are kept as text. */
async function api(page, path, body) {
  return page.evaluate(
    async ([path, body]) => {
      const init =
        body === undefined
          ? {}
          : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      const text = await (await fetch(path, init)).text();
      return JSON.parse(text.replace(/"(id|userId|data)":(\d{16,})/g, '"$1":"$2"'));
    },
    [path, body],
  );
}

const validBody = (name) => ({
  name,
  description: '浏览器场景创建的接口',
  url: 'https://api.example.com/e2e/weather',
  method: 'GET',
  requestParams: '[{"name":"city","type":"string","required":true,"description":"城市"}]',
  requestHeader: '{"Content-Type":"application/json"}',
  responseHeader: '',
});

/** Creates an interface through the API as the logged-in admin; answers its id. */
async function createInterface(page, name, { online = false } = {}) {
  const added = await api(page, '/api/interfaceInfo/add', validBody(name));
  assert.equal(added.code, 0, added.message);
  if (online) assert.equal((await api(page, '/api/interfaceInfo/online', { id: added.data })).code, 0);
  return added.data;
}

async function findByName(page, name) {
  const res = await api(
    page,
    `/api/interfaceInfo/list/page?current=1&pageSize=50&name=${encodeURIComponent(name)}`,
  );
  assert.equal(res.code, 0, res.message);
  return res.data.records.filter((r) => r.name === name);
}

/**
 * Deletes every interface whose name contains `text`: the mock store is shared by all
 * scenario files, and the catalogue's scenarios expect the seeded catalogue.
 */
async function removeMatching(page, text) {
  if (!page.url().startsWith('http')) return;
  const res = await api(
    page,
    `/api/interfaceInfo/list/page?current=1&pageSize=50&name=${encodeURIComponent(text)}`,
  );
  for (const record of res.data?.records ?? []) {
    if (record.name.includes(text)) await api(page, '/api/interfaceInfo/delete', { id: record.id });
  }
}

/** A scenario's run that gets a unique name and removes what it created under it, pass or fail. */
function cleaningUp(tag, run) {
  return async (args) => {
    const name = uniqueName(tag);
    try {
      await run(args, name);
    } finally {
      await removeMatching(args.page, name).catch(() => undefined);
    }
  };
}

/** Filters the table by name through its search form and waits for the answer. */
async function searchTable(page, name) {
  const search = page.locator('.ant-pro-table-search');
  await search.getByLabel('接口名称').fill(name);
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/interfaceInfo/list/page') && r.url().includes('name='),
  );
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await answered;
}

const rowOf = (page, name) => page.locator('tr.ant-table-row').filter({ hasText: name });
const drawer = (page) => page.locator('.ant-drawer-content');
const popconfirm = (page) => page.locator('.ant-popover:not(.ant-popover-hidden)').last();
/** A confirmation dialog's visible title (antd also keeps a hidden copy for screen readers). */
const confirmTitle = (page, text) => page.locator('.ant-modal-confirm-title', { hasText: text });
const count = (requests, path) => requests.filter((url) => url.includes(path)).length;

async function chooseMethod(page, method) {
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

async function openAdminPage(page) {
  await login(page, 'admin', ADMIN_PATH);
  await waitForPath(page, ADMIN_PATH);
  await page.getByRole('button', { name: '新建接口' }).waitFor();
}

export const scenarios = [
  {
    name: 'admin: creates an interface in the form, sees it in the table, publishes it',
    run: cleaningUp('新建', async ({ page }, name) => {
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
      await form.getByRole('button', { name: '格式化' }).last().waitFor();
      await page.screenshot({ path: path.join(screenshotDir, 'admin-form-filled.png') });
      await form.getByRole('button', { name: /创\s*建/ }).click();

      await page.getByText('已创建，接口处于下线状态，发布后用户可见').waitFor();
      await form.waitFor({ state: 'hidden' });
      const row = rowOf(page, name);
      await row.waitFor();
      await row.getByText('已下线').waitFor();
      await row.getByText('POST').waitFor();

      const [stored] = await findByName(page, name);
      assert.equal(stored.method, 'POST');
      assert.equal(stored.status, 0);
      assert.equal(stored.description, '把中文翻译成英文');
      assert.deepEqual(JSON.parse(stored.requestParams), [
        { name: 'text', type: 'string', required: true, description: '要翻译的文字' },
      ]);
      assert.deepEqual(JSON.parse(stored.requestHeader), { 'Content-Type': 'application/json' });
      assert.match(String(stored.id), /^\d{19}$/);
      await row.getByText(String(stored.id), { exact: true }).waitFor();

      await row.getByText('发布', { exact: true }).click();
      await page.getByText('已发布，用户现在可以看到它').waitFor();
      await row.getByText('已上线').waitFor();
      await row.getByText('下线', { exact: true }).waitFor();
      assert.equal((await findByName(page, name))[0].status, 1);
    }),
  },
  {
    name: 'admin and user: a published interface is on the home page for user; taken offline it is gone',
    run: cleaningUp('发布', async ({ page, browser, baseURL }, name) => {
      await openAdminPage(page);
      const id = await createInterface(page, name, { online: true });

      const userContext = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'zh-CN' });
      try {
        const userPage = await userContext.newPage();
        await login(userPage, 'user');
        await userPage.getByPlaceholder('站内搜索').fill(name);
        await userPage.getByPlaceholder('站内搜索').press('Enter');
        await userPage.waitForURL(
          (url) => url.pathname === '/' && url.searchParams.get('searchText') === name,
        );
        await userPage.getByRole('link', { name }).first().click();
        await waitForPath(userPage, `/interface_info/${id}`);
        await userPage.getByText(name).first().waitFor();

        await searchTable(page, name);
        const row = rowOf(page, name);
        await row.getByText('下线', { exact: true }).click();
        await popconfirm(page).getByText('确定下线该接口吗？').waitFor();
        await popconfirm(page)
          .getByRole('button', { name: /下\s*线/ })
          .click();
        await page.getByText('已下线，用户将看不到它').waitFor();
        await row.getByText('已下线').waitFor();
        await row.getByText('发布', { exact: true }).waitFor();

        assert.equal((await findByName(userPage, name)).length, 0, 'user lists no offline interface');
        assert.equal((await api(userPage, `/api/interfaceInfo/get?id=${id}`)).code, 40400);
        const listed = userPage.waitForResponse((r) => r.url().includes('/api/interfaceInfo/list/page'));
        await userPage.goto(`/?searchText=${encodeURIComponent(name)}`);
        await listed;
        await userPage.waitForLoadState('networkidle');
        assert.equal(
          await userPage.getByRole('link', { name }).count(),
          0,
          'no link to the offline interface',
        );
      } finally {
        await userContext.close();
      }
    }),
  },
  {
    name: 'admin: take-offline and delete ask first; cancel sends nothing, confirm deletes',
    run: cleaningUp('删除', async ({ page, requests }, name) => {
      await openAdminPage(page);
      await createInterface(page, name, { online: true });
      await searchTable(page, name);
      const row = rowOf(page, name);

      await row.getByText('下线', { exact: true }).click();
      await popconfirm(page).getByText('确定下线该接口吗？').waitFor();
      await popconfirm(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await popconfirm(page).waitFor({ state: 'hidden' });
      assert.equal(count(requests, '/api/interfaceInfo/offline'), 0, 'cancel sends no offline');
      await row.getByText('已上线').waitFor();
      assert.equal((await findByName(page, name))[0].status, 1);

      await row.getByText('删除', { exact: true }).click();
      await popconfirm(page).getByText(`确定删除接口「${name}」吗？`).waitFor();
      await page.screenshot({ path: path.join(screenshotDir, 'admin-delete-confirm.png') });
      await popconfirm(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await popconfirm(page).waitFor({ state: 'hidden' });
      assert.equal(count(requests, '/api/interfaceInfo/delete'), 0, 'cancel sends no delete');
      assert.equal((await findByName(page, name)).length, 1);
      await row.waitFor();

      await row.getByText('删除', { exact: true }).click();
      await popconfirm(page)
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page.getByText('已删除', { exact: true }).waitFor();
      await row.waitFor({ state: 'detached' });
      assert.equal(count(requests, '/api/interfaceInfo/delete'), 1);
      assert.equal((await findByName(page, name)).length, 0);
    }),
  },
  {
    name: 'admin: an invalid url or JSON shows field messages and nothing is saved',
    run: cleaningUp('无效', async ({ page, requests }, name) => {
      await openAdminPage(page);
      await page.getByRole('button', { name: '新建接口' }).click();
      const form = drawer(page);
      await form.getByRole('button', { name: /创\s*建/ }).click();
      await form.getByText('请输入接口名称').waitFor();
      await form.getByText('请输入接口地址').waitFor();

      await form.getByLabel('接口名称').fill(name);
      await form.getByLabel('接口地址').fill('api.example.com/weather');
      await form.getByLabel('请求头').fill('{"Content-Type": }');
      await form.getByRole('button', { name: /创\s*建/ }).click();
      await form.getByText('接口地址必须是以 http:// 或 https:// 开头的完整地址').waitFor();
      await form.getByText('JSON 格式错误（第 1 行第 18 列）：缺少值').waitFor();
      await page.screenshot({ path: path.join(screenshotDir, 'admin-form-errors.png') });

      await form.getByLabel('接口地址').fill('https://api.example.com/weather');
      await form.getByRole('button', { name: /创\s*建/ }).click();
      await form.getByText('JSON 格式错误（第 1 行第 18 列）：缺少值').waitFor();
      await form.getByText('接口地址必须是以').waitFor({ state: 'hidden' });
      assert.equal(count(requests, '/api/interfaceInfo/add'), 0, 'nothing was sent');
      assert.equal((await findByName(page, name)).length, 0, 'nothing was stored');

      // Leaving with what was typed asks first; staying keeps it.
      await form.getByRole('button', { name: /取\s*消/ }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirmTitle(page, '放弃未保存的修改？').waitFor();
      await confirm.getByRole('button', { name: '继续编辑' }).click();
      assert.equal(await form.getByLabel('接口名称').inputValue(), name);
      await form.getByRole('button', { name: /取\s*消/ }).click();
      await confirm.getByRole('button', { name: '放弃修改' }).click();
      await form.waitFor({ state: 'hidden' });
    }),
  },
  {
    name: 'admin: edits an interface; a save the server refuses keeps the form and the table',
    run: cleaningUp('编辑', async ({ page }, name) => {
      await openAdminPage(page);
      await createInterface(page, name);
      await searchTable(page, name);
      const row = rowOf(page, name);

      await row.getByText('编辑', { exact: true }).click();
      const form = drawer(page);
      assert.equal(await form.getByLabel('接口名称').inputValue(), name);
      assert.equal(await form.getByLabel('接口地址').inputValue(), 'https://api.example.com/e2e/weather');
      assert.equal(await form.getByLabel('参数名（第 1 行）').inputValue(), 'city');
      await form.getByLabel('接口描述').fill('改过的描述');

      // A refusal the form cannot foresee: shown in the form, values kept, nothing changed.
      await page.route('**/api/interfaceInfo/update', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: '{"code":40000,"data":null,"message":"接口地址已被其他接口使用"}',
        }),
      );
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await form.getByRole('alert').getByText('接口地址已被其他接口使用').waitFor();
      assert.equal(await page.getByText('接口地址已被其他接口使用').count(), 1, 'the message is shown once');
      assert.equal(await form.getByLabel('接口描述').inputValue(), '改过的描述');
      assert.equal((await findByName(page, name))[0].description, '浏览器场景创建的接口');

      await page.unroute('**/api/interfaceInfo/update');
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('已保存', { exact: true }).waitFor();
      await form.waitFor({ state: 'hidden' });
      await row.getByText('改过的描述').waitFor();
      assert.equal((await findByName(page, name))[0].description, '改过的描述');
    }),
  },
  {
    name: 'admin: batch take-offline and batch delete confirm with the count',
    run: cleaningUp('批量', async ({ page }, prefix) => {
      await openAdminPage(page);
      for (const n of [1, 2, 3]) await createInterface(page, `${prefix}-${n}`, { online: true });
      await searchTable(page, prefix);
      for (const n of [1, 2, 3]) await rowOf(page, `${prefix}-${n}`).getByRole('checkbox').check();
      await page.getByText('已选择 3 项').waitFor();

      await page.getByRole('button', { name: '批量下线' }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirmTitle(page, '确定下线选中的 3 个接口吗？').waitFor();
      await confirm.getByRole('button', { name: /下\s*线/ }).click();
      await page.getByText('已下线 3 个接口').waitFor();
      for (const n of [1, 2, 3]) await rowOf(page, `${prefix}-${n}`).getByText('已下线').waitFor();
      assert.deepEqual(
        (await findByName(page, `${prefix}-1`)).map((r) => r.status),
        [0],
      );

      for (const n of [1, 2, 3]) await rowOf(page, `${prefix}-${n}`).getByRole('checkbox').check();
      await page.getByRole('button', { name: '批量删除' }).click();
      await confirmTitle(page, '确定删除选中的 3 个接口吗？').waitFor();
      await page.screenshot({ path: path.join(screenshotDir, 'admin-batch-delete-confirm.png') });
      // Someone else deletes one of them meanwhile: the report says so honestly.
      const [gone] = await findByName(page, `${prefix}-2`);
      assert.equal((await api(page, '/api/interfaceInfo/delete', { id: gone.id })).code, 0);
      await confirm.getByRole('button', { name: /删\s*除/ }).click();
      await page.getByText('已删除 2 个接口，1 个失败：接口已被删除').waitFor();
      for (const n of [1, 2, 3]) await rowOf(page, `${prefix}-${n}`).waitFor({ state: 'detached' });
      const left = await api(
        page,
        `/api/interfaceInfo/list/page?pageSize=50&name=${encodeURIComponent(prefix)}`,
      );
      assert.equal(left.data.total, 0);
    }),
  },
  {
    name: 'admin: acting on an interface deleted meanwhile says so and refreshes the table',
    run: cleaningUp('已删', async ({ page }, name) => {
      await openAdminPage(page);
      const id = await createInterface(page, name);
      await searchTable(page, name);
      const row = rowOf(page, name);
      await row.waitFor();
      assert.equal((await api(page, '/api/interfaceInfo/delete', { id })).code, 0);
      await row.getByText('发布', { exact: true }).click();
      await page.getByText('该接口已被删除，列表已刷新').waitFor();
      await row.waitFor({ state: 'detached' });
    }),
  },
  {
    name: "admin: a failed publish shows the server's message once and changes nothing",
    run: cleaningUp('失败', async ({ page }, name) => {
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
      await page.getByText('操作失败：数据库繁忙').waitFor();
      assert.equal(await page.getByText('操作失败：数据库繁忙').count(), 1);
      await row.getByText('已下线').waitFor();
      assert.equal((await findByName(page, name))[0].status, 0);
    }),
  },
  {
    name: 'user: calling the admin write endpoints directly gets 40101 and changes nothing',
    run: cleaningUp('越权', async ({ page }, name) => {
      await login(page, 'user');
      const added = await api(page, '/api/interfaceInfo/add', validBody(name));
      assert.equal(added.code, 40101);
      assert.equal(added.message, '无权限');
      for (const action of ['update', 'delete', 'online', 'offline']) {
        const res = await api(page, `/api/interfaceInfo/${action}`, { id: '1800000000000000001', name });
        assert.equal(res.code, 40101, action);
      }
      await page.context().clearCookies();
      await login(page, 'admin');
      assert.equal((await findByName(page, name)).length, 0, 'nothing was stored');
    }),
  },
];
