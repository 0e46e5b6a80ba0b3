// OpenAPI in and out, as an admin does it: 批量导入 with a pasted document (preview, one row left
// out, the import and how many it wrote), 导出 OpenAPI of the whole catalogue and of one interface,
// and a deprecated interface as the interface page shows it. The import dialog and the page pass axe
// in light and dark, at 1366 and 375 px.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CODE_TABS_ON_A_PHONE, expectAccessible } from './axe';
import { api, expect, PHONE, searchTable, test } from './fixtures';

type Paged<T> = { records: T[] };

/** A small OpenAPI 3.1 document at a host of this run's own, so that every row is a new interface. */
function documentText(host: string): string {
  return JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      servers: [{ url: `https://${host}/v1` }],
      paths: {
        '/pets': {
          get: { summary: `List pets ${host}`, responses: { '200': { description: 'Pets' } } },
          post: {
            summary: `Add a pet ${host}`,
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
                },
              },
            },
            responses: { '201': { description: 'Created' } },
          },
        },
        '/pets/{id}': { head: { responses: { '200': { description: 'Exists' } } } },
      },
    },
    null,
    2,
  );
}

const dialog = (page: Page) => page.getByRole('dialog', { name: '批量导入 OpenAPI / Swagger 文档' });

async function checkDialog(page: Page, where: string) {
  await expectAccessible(page, `${where} (light, 1366 px)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-agler-theme', 'dark');
  await expectAccessible(page, `${where} (dark, 1366 px)`);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${where} (dark, 375 px)`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('批量导入: paste, preview, leave a row out, import; 导出 OpenAPI downloads the catalogue', async ({
  adminPage: page,
}) => {
  const host = `pets-${Date.now().toString(36)}.example`;
  const created: string[] = [];
  try {
    await page.goto('/admin/interface_info');
    await page.getByRole('button', { name: '批量导入' }).click();
    const modal = dialog(page);
    await modal.getByLabel('文档内容').fill(documentText(host));
    await modal.getByRole('button', { name: /^预\s*览$/ }).click();

    await expect(modal.getByText('新建 2 个，更新 0 个，跳过 1 个')).toBeVisible();
    await expect(modal.getByText('平台不支持 HEAD 方法')).toBeVisible();
    await checkDialog(page, 'the import preview');

    await modal.getByRole('checkbox', { name: `导入 List pets ${host}` }).uncheck();
    const written = page.waitForResponse((r) => r.url().includes('/api/interfaceInfo/import'));
    await modal.getByRole('button', { name: '导入 1 个接口' }).click();
    const answer = (await (await written).json()) as { data: { ids: string[] } };
    created.push(...answer.data.ids);
    await expect(page.getByText('已导入 1 个接口：新建 1 个（处于下线状态），更新 0 个')).toBeVisible();
    await expect(modal).toBeHidden();

    await searchTable(page, host);
    await expect(page.locator('tr.ant-table-row').filter({ hasText: `Add a pet ${host}` })).toBeVisible();
    await expect(page.locator('tr.ant-table-row').filter({ hasText: `List pets ${host}` })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 OpenAPI' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('agler-openapi.json');
    const doc = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain(`/gateway/${created[0]}`);
    await expect(page.getByText('已导出 OpenAPI 文档')).toBeVisible();
  } finally {
    for (const id of created) await api(page, '/api/interfaceInfo/delete', { id });
  }
});

test('a deprecated interface: the catalogue tags it, its page names the date and the replacement and exports it', async ({
  adminPage: page,
}) => {
  const { data } = await api<Paged<{ id: string; name: string }>>(
    page,
    '/api/interfaceInfo/list/page?current=1&pageSize=2&name=Echo',
  );
  const name = `旧接口 ${Date.now().toString(36)}`;
  const added = await api<string>(page, '/api/interfaceInfo/add', {
    name,
    url: 'https://old.example/v1/lookup',
    method: 'GET',
    deprecated: true,
    sunsetDate: '2099-12-31',
    replacementId: data.records[0].id,
  });
  expect(added.code, added.message).toBe(0);
  const id = added.data;
  try {
    await page.goto(`/?searchText=${encodeURIComponent(name)}`);
    await expect(page.getByTestId('interface-card').filter({ hasText: name })).toContainText(
      '已弃用 · 2099-12-31 停止服务',
    );

    await page.goto(`/interface_info/${id}`);
    const banner = page.getByRole('alert').filter({ hasText: '该接口已弃用' });
    await expect(banner).toContainText('将于 2099-12-31 停止服务');
    // The replacement by its name, read from the server.
    await expect(banner.getByRole('link', { name: data.records[0].name, exact: true })).toHaveAttribute(
      'href',
      `/interface_info/${data.records[0].id}`,
    );
    await expect(page.getByText('已通知的调用者')).toBeVisible();
    await expectAccessible(page, 'a deprecated interface (light, 1366 px)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(PHONE);
    await expectAccessible(page, 'a deprecated interface (dark, 375 px)', [CODE_TABS_ON_A_PHONE]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 OpenAPI' }).click();
    const doc = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
    expect(Object.keys(doc.paths)).toEqual([`/gateway/${id}`]);
    expect(doc.paths[`/gateway/${id}`].get.deprecated).toBe(true);
  } finally {
    await api(page, '/api/interfaceInfo/delete', { id });
  }
});
