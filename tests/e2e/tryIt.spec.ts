// The interface page's console: a form per parameter, the answer as HTTP saw it, the recent calls.
import type { Page } from '@playwright/test';
import { expect, test, WEATHER_ID } from './fixtures';

const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });
const resultPanel = (page: Page) => page.getByRole('region', { name: '返回结果' });
const historyPanel = (page: Page) => page.getByRole('region', { name: '最近调用' });
const isInvoke = (url: string) => url.endsWith('/api/interfaceInfo/invoke');
const showJson = (page: Page) => page.getByLabel('参数编辑方式').getByText('JSON', { exact: true }).click();

test('try it: fill the form, send with the keyboard, read status and headers; after a reload the parameters and the call are still there', async ({
  userSession: page,
}) => {
  await page.goto(`/interface_info/${WEATHER_ID}`);
  const city = field(page, 'city');
  await expect(city, 'the example prefills the form').toHaveValue('北京');
  await city.fill('上海');
  await page.locator('.ant-select', { has: field(page, 'unit') }).click();
  await page.locator('.ant-select-item-option', { hasText: 'f 华氏度' }).click();
  // The code samples follow the form.
  await expect(page.getByText('\\"city\\":\\"上海\\",\\"unit\\":\\"f\\"', { exact: false }).first()).toBeVisible();

  const invoked = page.waitForRequest((request) => isInvoke(request.url()));
  await city.press('ControlOrMeta+Enter');
  const body = JSON.parse((await invoked).postData() ?? '');
  expect(body.id).toBe(WEATHER_ID);
  expect(JSON.parse(body.userRequestParams)).toEqual({ city: '上海', unit: 'f' });

  const result = resultPanel(page);
  await expect(result.getByText('200 OK', { exact: true })).toBeVisible();
  await expect(result.getByText(/^耗时 \d+ ms$/)).toBeVisible();
  await expect(result.getByText(/^大小 \d+(\.\d)? K?B$/)).toBeVisible();
  await expect(result.getByLabel('返回内容', { exact: true })).toHaveText(/"city": "上海"/);
  await result.getByText(/^响应头（\d+）$/).click();
  const headers = result.getByRole('table');
  await expect(headers.getByText('content-type', { exact: true })).toBeVisible();
  await expect(headers.getByText('application/json; charset=utf-8', { exact: true })).toBeVisible();
  await expect(headers.getByText('connection', { exact: true }), 'hop-by-hop headers are left out').toHaveCount(0);

  const history = historyPanel(page);
  const sentRow = history.getByRole('row').filter({ hasText: '{"city":"上海","unit":"f"}' }).first();
  await expect(sentRow, 'the history is refreshed after the send').toBeVisible();

  await page.reload();
  await expect(field(page, 'city'), 'the parameters survive a reload').toHaveValue('上海');
  await expect(page.locator('.ant-select-selection-item', { hasText: 'f 华氏度' })).toBeVisible();
  const row = historyPanel(page).getByRole('row').filter({ hasText: '{"city":"上海","unit":"f"}' }).first();
  await expect(row.getByText('200', { exact: true })).toBeVisible();

  // One click puts a call's parameters back.
  await page.getByRole('button', { name: '恢复示例' }).click();
  await expect(field(page, 'city')).toHaveValue('北京');
  await row.getByRole('button', { name: /^填入/ }).click();
  await expect(field(page, 'city')).toHaveValue('上海');
});

test('try it: a missing required field is refused at the field, which gets the focus, and nothing is sent', async ({
  userSession: page,
  requests,
}) => {
  await page.goto(`/interface_info/${WEATHER_ID}`);
  const city = field(page, 'city');
  await city.fill('');
  await field(page, 'unit').focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByText('请填写 city', { exact: true })).toBeVisible();
  await expect(city).toBeFocused();
  await expect(city).toHaveAttribute('aria-invalid', 'true');

  // The same from the JSON: the form opens at the field.
  await showJson(page);
  const editor = page.getByLabel('请求参数（JSON）');
  await editor.fill('{"unit": "c"}');
  await page.getByRole('button', { name: '发送请求' }).click();
  await expect(city).toBeFocused();
  await expect(resultPanel(page).getByText(/在这里查看返回结果/)).toBeVisible();
  expect(requests.filter(isInvoke), 'nothing was sent').toEqual([]);

  await city.fill('广州');
  const invoked = page.waitForRequest((request) => isInvoke(request.url()));
  await city.press('ControlOrMeta+Enter');
  expect(JSON.parse(JSON.parse((await invoked).postData() ?? '').userRequestParams)).toEqual({ unit: 'c', city: '广州' });
  await expect(resultPanel(page).getByText('200 OK', { exact: true })).toBeVisible();
});

test("try it: the platform's refusal and the interface's own error status are told apart", async ({ userSession: page }) => {
  await page.goto(`/interface_info/${WEATHER_ID}`);
  // A unit the service does not know: it answers its own 400 (the form only offers c and f; the JSON can say more).
  await showJson(page);
  await page.getByLabel('请求参数（JSON）').fill('{"city": "北京", "unit": "k"}');
  await page.getByRole('button', { name: '发送请求' }).click();
  const result = resultPanel(page);
  await expect(result.getByRole('alert')).toContainText(/^接口返回错误 4\d\d/);
  await expect(result.getByText(/^4\d\d /)).toBeVisible();

  // The platform refuses before any call: the quota is used up.
  await page.route('**/api/interfaceInfo/invoke', (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"code":42900,"data":null,"message":"该接口的调用次数已用完"}' }),
  );
  await page.getByRole('button', { name: '发送请求' }).click();
  await expect(result.getByRole('alert')).toContainText(/^平台拒绝/);
  await expect(result.getByText('错误码 42900', { exact: true })).toBeVisible();
  await expect(result.getByText(/^响应头/), 'no headers: nothing answered').toHaveCount(0);
});
