// 我的用量's 我的套餐: the demo user's 专业 with its calls used of the quota and when it resets, a
// switch to 企业 waiting for review, and a cancellation from the page; the scenario then switches
// back through 免费 (a switch withdraws a cancellation), so the demo ends holding 专业 as it began.
import type { Page } from '@playwright/test';
import { expectAccessible, keepScreenshot } from './axe';
import { api, confirmPopover, expect, pageWidth, PHONE, test } from './fixtures';

const PAGE = '/account/usage';

type Plan = { id: string; name: string };
type Subscription = {
  id: string;
  planName: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  requestedPlanId: string | null;
  periodEnd: string | null;
};

/** The 我的套餐 card. */
const plans = (page: Page) => page.locator('.ant-card').filter({ hasText: '我的套餐' });
/** A row of 我的套餐 (the quota table below names 专业 too, on the interfaces it covers). */
const planRow = (page: Page, name: string) =>
  plans(page).locator('tr.ant-table-row').filter({ hasText: name });

async function planIds(page: Page): Promise<Map<string, string>> {
  const answer = await api<Plan[]>(page, '/api/plan/list');
  expect(answer.code).toBe(0);
  return new Map(answer.data.map((plan) => [plan.name, plan.id]));
}

/** The user's live subscription over the demo's plan interfaces. */
async function demoSubscription(page: Page): Promise<Subscription | undefined> {
  const answer = await api<{ records: Subscription[] }>(
    page,
    '/api/subscription/list?status=active&pageSize=50',
  );
  return answer.data.records.find((row) => ['免费', '专业', '企业'].includes(row.planName));
}

/**
 * Back to the demo's state: 专业, active, neither cancelled nor waiting to switch. Switching to
 * 免费 drops a cancellation and a waiting switch; switching back to 专业 keeps the period.
 */
async function restorePro(page: Page, ids: Map<string, string>) {
  const held = await demoSubscription(page);
  if (held?.planName === '专业' && !held.cancelAtPeriodEnd && held.requestedPlanId === null) return;
  if (held?.planName !== '免费') await api(page, '/api/subscription/add', { planId: ids.get('免费') });
  expect((await api(page, '/api/subscription/add', { planId: ids.get('专业') })).code).toBe(0);
}

test('我的套餐: 专业 with its use and reset time, a waiting switch, cancelled from the page and restored, axe-clean light, dark and at 375 px', async ({
  userSession: page,
}, testInfo) => {
  await page.goto(PAGE);
  const ids = await planIds(page);
  try {
    // An earlier try of this scenario may have left 专业 cancelled.
    await restorePro(page, ids);
    await page.reload();
    const pro = planRow(page, '专业');
    await expect(pro).toContainText('生效中');
    await expect(pro).toContainText(/[\d,]+ \/ 100,000/);
    await expect(pro.getByRole('progressbar')).toBeVisible();
    const held = (await demoSubscription(page))!;
    // It resets at the first moment after its period: the first of a month, at midnight.
    expect(held.periodEnd).toMatch(/^\d{4}-\d{2}-01 00:00:00$/);
    await expect(pro).toContainText(held.periodEnd!.slice(0, 16));
    await expect(pro).toContainText(/\d+ (天|小时|分钟)后/);
    // The plan's interfaces are counted by it, not by their own quotas.
    const covered = page.locator('tr.ant-table-row').filter({ hasText: '由套餐 专业 计费' });
    if ((await covered.count()) > 0) await expect(covered.first()).not.toContainText(/\d+ \/ \d+/);
    await expectAccessible(page, '我的用量 with 我的套餐');
    await keepScreenshot(page, testInfo, 'subscriptions-light');

    // A switch to 企业 waits for an admin; the page says so on 专业's row.
    expect(
      (await api(page, '/api/subscription/add', { planId: ids.get('企业'), reason: '需要更多调用' })).code,
    ).toBe(0);
    await page.reload();
    await expect(pro).toContainText('切换到 企业 待审批');

    // Cancelling, from the keyboard: it ends with its period, and the waiting switch is withdrawn.
    await pro.getByRole('button', { name: '取消订阅：专业' }).focus();
    await page.keyboard.press('Enter');
    const ends = held.periodEnd!.slice(0, 16);
    await expect(
      page.getByText(`取消「专业」？订阅将于本周期结束时（${ends}）结束，在此之前仍按套餐计次。`),
    ).toBeVisible();
    await confirmPopover(page, /^取消订阅$/);
    await expect(page.getByText(`「专业」将于 ${ends} 结束`)).toBeVisible();
    await expect(pro).toContainText(`将于 ${ends} 结束`);
    await expect(pro).not.toContainText('切换到 企业');
    await expect(pro.getByRole('button', { name: /取消订阅/ })).toHaveCount(0);
    const cancelled = (await demoSubscription(page))!;
    expect(cancelled).toMatchObject({ planName: '专业', cancelAtPeriodEnd: true, requestedPlanId: null });

    // 全部 lists the same subscription among any that are over.
    await plans(page).getByText('全部', { exact: true }).click();
    await expect(plans(page).getByRole('radio', { name: '全部' })).toBeChecked();
    await expect(planRow(page, '专业')).toContainText(`将于 ${ends} 结束`);

    // Undone as a switch would: through 免费 and back, the same subscription, not cancelled.
    await restorePro(page, ids);
    await page.reload();
    await expect(pro).toContainText('生效中');
    await expect(pro).not.toContainText('将于');
    expect((await demoSubscription(page))!.id).toBe(held.id);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-agler-theme', 'dark');
    await expect(pro).toContainText('生效中');
    await expectAccessible(page, '我的用量 with 我的套餐 (dark)');
    await keepScreenshot(page, testInfo, 'subscriptions-dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(pro).toContainText('生效中');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, '我的用量 with 我的套餐 at 375 px');
    await keepScreenshot(page, testInfo, 'subscriptions-375');
  } finally {
    await restorePro(page, ids);
  }
});
