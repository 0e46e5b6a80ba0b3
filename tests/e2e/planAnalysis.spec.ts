// 套餐用量（本周期） on the analysis page (/admin/interface_analysis): each plan's subscribers and its
// subscribers' calls this period, as the API counts them, readable light, dark and on a phone.
import type { Page } from '@playwright/test';
import { expectAccessible, keepScreenshot } from './axe';
import { api, expect, PHONE, pageWidth, settle, test } from './fixtures';

const PAGE = '/admin/interface_analysis';
const counts = new Intl.NumberFormat('zh-CN');

type PlanUsage = { planName: string; quota: number; subscribers: number; callsThisPeriod: number };

const plansTable = (page: Page) => page.getByRole('table', { name: '套餐用量（本周期）' });
/** The cells of the plans table's row of the plan named `name`. */
const cellsOf = (page: Page, name: string) =>
  plansTable(page).getByRole('row').filter({ hasText: name }).getByRole('cell');

test('plans this period: the admin sees 专业 with its one subscriber and its calls, light, dark and at 375 px', async ({
  adminPage: page,
}, testInfo) => {
  await page.goto(PAGE);
  const usage = await api<PlanUsage[]>(page, '/api/analysis/plans');
  const pro = usage.data.find((plan) => plan.planName === '专业')!;
  expect(pro).toMatchObject({ subscribers: 1 });

  await expect(plansTable(page)).toBeVisible();
  const cells = cellsOf(page, '专业');
  await expect(cells.nth(0)).toHaveText('专业每月');
  await expect(cells.nth(1)).toHaveText('1');
  await expect(cells.nth(3)).toHaveText(
    `${counts.format(pro.callsThisPeriod)} / ${counts.format(pro.quota * pro.subscribers)}`,
  );
  await expect(cellsOf(page, '免费').nth(1)).toHaveText('0');
  await expect(page.getByText(/周期已过、尚未再次调用的订阅计为 0/)).toBeVisible();

  await plansTable(page).scrollIntoViewIfNeeded();
  await expectAccessible(page, 'the plans this period (light, 1366 px)');
  await keepScreenshot(page, testInfo, 'plans-light');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-agler-theme', 'dark');
  await settle(page);
  await expectAccessible(page, 'the plans this period (dark, 1366 px)');
  await keepScreenshot(page, testInfo, 'plans-dark');

  await page.setViewportSize(PHONE);
  await expect(cellsOf(page, '专业').nth(1)).toHaveText('1');
  // The table scrolls inside its card; the page itself does not scroll sideways.
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'the plans this period (dark, 375 px)');
  await keepScreenshot(page, testInfo, 'plans-dark-phone');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-agler-theme', 'light');
  await expectAccessible(page, 'the plans this period (light, 375 px)');
  await keepScreenshot(page, testInfo, 'plans-light-phone');
});
