// On a phone (375 × 812): the analysis table and the catalogue fit the screen, every column's
// content reachable without the whole page scrolling sideways; a reversed range in the URL is
// said and corrected.
import type { Locator } from '@playwright/test';
import { atPath, dayInBrowser, expect, pageWidth, PHONE, test } from './fixtures';

const ANALYSIS = '/admin/interface_analysis';

test.use({ viewport: PHONE });

/** Whether an element's content fits its box (a clipped or squeezed cell does not). */
const fitsItsBox = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.clientWidth > 0);

test('phone: the analysis table keeps its names readable and every column within reach', async ({
  adminPage: page,
}) => {
  await page.goto(ANALYSIS);
  const table = page.getByRole('table', { name: '接口调用明细' });
  const firstRow = table.getByRole('row').filter({ has: page.getByRole('link') }).first();
  await expect(firstRow).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // The name: wide enough to read, not squeezed to nothing.
  const name = firstRow.getByRole('link');
  const nameBox = await name.boundingBox();
  expect(nameBox?.width ?? 0).toBeGreaterThan(48);
  await name.scrollIntoViewIfNeeded();
  await expect(name).toBeInViewport();

  // Every column has its header and its figure; the figures scroll inside the table, the
  // names stay at the left while they do.
  const headers = table.getByRole('columnheader');
  const cells = firstRow.getByRole('cell');
  const count = await headers.count();
  expect(count).toBe(9);
  for (let i = 0; i < count; i += 1) {
    const cell = cells.nth(i);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport();
    await expect(cell).not.toHaveText('');
    if (i > 0) expect(await fitsItsBox(cell), `column ${i} shows its content`).toBe(true);
    await expect(headers.nth(i)).not.toHaveText('');
  }
  await expect(name).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // The key figures, the charts and the toolbars above fit as well.
  await expect(page.getByRole('region', { name: '关键指标' })).toBeVisible();
  await expect(page.getByRole('button', { name: /导出 CSV/ })).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test('phone: the catalogue with its method filter stays within the screen', async ({ adminPage: page }) => {
  await page.goto('/');
  const list = page.getByRole('list', { name: '接口列表' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // PATCH chosen from the method list: the page was 419 px wide after this.
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: '请求方法' }) }).click();
  await page.locator('.ant-select-item-option', { hasText: 'PATCH' }).click();
  await expect(page).toHaveURL(/[?&]method=PATCH/);
  const card = list.getByRole('listitem').first();
  await expect(card).toBeVisible();
  await expect(card.getByText('PATCH', { exact: true })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // Every card and the toolbar lie inside the screen, their content too.
  for (const item of await list.getByRole('listitem').all()) {
    const box = await item.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await expect(item.getByRole('link').first()).not.toHaveText('');
  }
  const filter = await page.getByRole('combobox', { name: '请求方法' }).boundingBox();
  expect(filter && filter.x + filter.width <= PHONE.width).toBe(true);
  await expect(page.getByLabel('搜索接口')).toBeInViewport();
});

test('phone: a start after the end is said, shown the other way round and corrected in the URL', async ({
  adminPage: page,
}) => {
  const later = await dayInBrowser(page, -3);
  const earlier = await dayInBrowser(page, -10);
  await page.goto('/');
  await page.goto(`${ANALYSIS}?start=${later}&end=${earlier}`);
  await expect(page.getByRole('alert').filter({ hasText: '晚于结束日期' })).toHaveText(
    new RegExp(`开始日期 ${later} 晚于结束日期 ${earlier}，已按 ${earlier} 至 ${later} 显示`),
  );
  await expect(page).toHaveURL(atPath(`${ANALYSIS}?start=${earlier}&end=${later}`));
  await expect(page.getByPlaceholder('开始日期')).toHaveValue(earlier);
  // Replaced, not added: back leaves the page instead of returning to the bad range.
  await page.goBack();
  await expect(page).toHaveURL(atPath('/'));
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
