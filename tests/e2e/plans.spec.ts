// 套餐管理 (/admin/plan): an admin makes a plan over one interface, assigns it to a user, ends that
// subscription and retires the plan; a user's request for 企业 waits in 待审批, counted on its tab,
// and the admin refuses it with a reply. The demo is left as found: the new plan is retired (it
// covers an interface no other scenario calls), the user's request is answered.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { confirmPopover, expect, PHONE, pageWidth, rowOf, settle, test } from './fixtures';

const PAGE = '/admin/plan';
/** An interface no other scenario calls: a plan over it changes nothing they see. */
const INTERFACE = '颜色格式转换';
/** Where the screenshots for a reviewer go. */
const SHOTS = process.env.PLAN_SHOTS_DIR;

type Envelope<T> = { code: number; data: T; message: string };

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The admin's plans through the API, by name. */
async function planNamed(request: APIRequestContext, name: string) {
  const answer = (await (await request.get('/api/plan/list')).json()) as Envelope<API.PlanVO[]>;
  return answer.data.find((plan) => plan.name === name);
}

/** The plans table's row of a plan, by its name in the first cell. */
const planRow = (page: Page, name: string) =>
  page.locator('tr.ant-table-row').filter({ has: page.locator('td strong', { hasText: new RegExp(`^${name}$`) }) });

test('an admin makes a plan over one interface, assigns it, ends the subscription and retires the plan', async ({
  adminSession: page,
  playwright,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const planName = `E2E 套餐 ${suffix}`;
  const account = `plan_${suffix}`;
  // A user of its own, so the demo user's subscriptions stay as they were.
  const anonymous = await playwright.request.newContext({ baseURL });
  const registered = (await (
    await anonymous.post('/api/user/register', {
      data: { userAccount: account, userPassword: '12345678', checkPassword: '12345678' },
    })
  ).json()) as Envelope<string>;
  expect(registered.code, registered.message).toBe(0);
  await anonymous.dispose();

  try {
    await page.goto(PAGE);
    for (const name of ['免费', '专业', '企业']) await expect(planRow(page, name)).toBeVisible();
    await expect(planRow(page, '专业')).toContainText('手机号归属地');
    await expect(planRow(page, '专业')).toContainText('100,000 次 / 月');
    await expect(planRow(page, '企业')).toContainText('需审批');
    await expectAccessible(page, '套餐管理');

    // 新建: a private plan of 500 calls a day over one interface.
    await page.getByRole('button', { name: /新建套餐/ }).click();
    const form = page.getByRole('dialog', { name: '新建套餐' });
    await form.getByRole('button', { name: /新\s*建/ }).click();
    await expect(form.getByText('请填写套餐名称')).toBeVisible();
    await form.getByLabel('名称').fill(planName);
    const interfaces = form.getByLabel('接口', { exact: true });
    await interfaces.click();
    await interfaces.fill(INTERFACE);
    await page.locator('.ant-select-dropdown:visible').getByTitle(INTERFACE, { exact: true }).click();
    await form.getByLabel('每周期调用次数').fill('500');
    await form.getByText('每天', { exact: true }).click();
    await form.getByText(/^私有：/).click();
    await expectAccessible(page, '套餐管理: 新建套餐');
    await form.getByRole('button', { name: /新\s*建/ }).click();
    await expect(page.getByText(`已新建套餐「${planName}」`)).toBeVisible();
    await expect(form).toBeHidden();
    const row = planRow(page, planName);
    await expect(row).toContainText(INTERFACE);
    await expect(row).toContainText('500 次 / 天');
    await expect(row).toContainText('私有');

    // 专业's subscribers: the demo user holds it.
    await planRow(page, '专业').getByRole('button', { name: /订阅者/ }).click();
    const drawer = page.getByRole('dialog', { name: '订阅者：专业' });
    await expect(rowOf(page, '普通用户')).toBeVisible();
    await expectAccessible(page, '套餐管理: 订阅者');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // 分配套餐: the new plan to the new user.
    await page.getByRole('tab', { name: '分配套餐' }).click();
    const user = page.getByLabel('用户', { exact: true });
    await user.click();
    await user.fill(account);
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${account}（${account}）`).first().click();
    // By its role: the tab panel of 套餐 is labelled so too.
    await page.getByRole('combobox', { name: /套餐$/ }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${planName}（私有）`).first().click();
    await expectAccessible(page, '套餐管理: 分配套餐');
    await page.getByRole('button', { name: /开\s*通/ }).click();
    await expect(page.getByText(`已为「${account}（${account}）」开通「${planName}」`)).toBeVisible();

    // Its subscriber, ended at once.
    await page.getByRole('tab', { name: '套餐', exact: true }).click();
    await planRow(page, planName).getByRole('button', { name: new RegExp(`${planName}.*订阅者`) }).click();
    const subscribers = page.getByRole('dialog', { name: `订阅者：${planName}` });
    const subscription = subscribers.locator('tr.ant-table-row').filter({ hasText: account });
    await expect(subscription).toContainText('生效中');
    await subscription.getByRole('button', { name: `结束「${account}」的订阅` }).click();
    await confirmPopover(page, /结束订阅/);
    await expect(page.getByText(`已结束「${account}」的订阅`)).toBeVisible();
    await expect(subscription).toBeHidden();
    await subscribers.getByRole('button', { name: '关闭' }).click();
    await expect(subscribers).toBeHidden();

    // 退役.
    await planRow(page, planName).getByRole('button', { name: '退役' }).click();
    await confirmPopover(page, /退\s*役/);
    await expect(page.getByText(`已退役套餐「${planName}」`)).toBeVisible();
    await expect(planRow(page, planName)).toContainText('已退役');
    await expect(planRow(page, planName).getByRole('button', { name: /编辑/ })).toHaveCount(0);
  } finally {
    // A failure above must not leave a live plan behind.
    const left = await planNamed(page.request, planName);
    if (left && !left.retired) await page.request.post('/api/plan/retire', { data: { id: left.id } });
  }
});

test("a user's request for 企业 waits in 待审批, counted, and the admin refuses it with a reply", async ({
  userSession: user,
  newSession,
}) => {
  const reason = `e2e 大促 ${Date.now().toString(36)}`;
  const enterprise = await planNamed(user.request, '企业');
  expect(enterprise, 'the demo plan 企业').toBeTruthy();
  const asked = (await (
    await user.request.post('/api/subscription/add', { data: { planId: enterprise!.id, reason } })
  ).json()) as Envelope<API.SubscriptionVO>;
  expect(asked.code, asked.message).toBe(0);
  // The demo user holds 专业 over the same interfaces: the request is a switch that waits.
  expect(asked.data.requestedPlanName).toBe('企业');

  const admin = await newSession('admin');
  try {
    await admin.goto(PAGE);
    const tab = admin.getByRole('tab', { name: /待审批/ });
    await expect(tab.locator('.ant-badge-count')).toBeVisible();
    await expect(tab.locator('.ant-badge-count')).not.toHaveText('0');
    await tab.click();
    const row = rowOf(admin, reason);
    await expect(row).toContainText('专业 → 企业');
    await expect(row).toContainText('普通用户');
    await expectAccessible(admin, '套餐管理: 待审批');
    await row.getByRole('button', { name: '拒绝「普通用户」的申请' }).click();
    const dialog = admin.getByRole('dialog', { name: '拒绝「普通用户」订阅「企业」' });
    await dialog.getByLabel('回复（可选）').fill('企业版请先联系销售');
    await expectAccessible(admin, '套餐管理: 拒绝');
    await dialog.getByRole('button', { name: /拒\s*绝/ }).click();
    await expect(admin.getByText('已拒绝「普通用户」的申请')).toBeVisible();
    await expect(row).toBeHidden();

    const mine = (await (await user.request.get('/api/subscription/list?status=active')).json()) as Envelope<{
      records: API.SubscriptionVO[];
    }>;
    const pro = mine.data.records.find((s) => s.planName === '专业');
    expect(pro?.requestedPlanId ?? null, 'the switch was dropped; 专业 stays').toBeNull();
    expect(pro?.reply).toBe('企业版请先联系销售');
  } finally {
    // A failure above must not leave the demo user's switch waiting.
    const waiting = (await (await admin.request.get('/api/subscription/list?status=pending')).json()) as Envelope<{
      records: API.SubscriptionVO[];
    }>;
    for (const s of waiting.data.records.filter((r) => r.reason === reason))
      await admin.request.post('/api/subscription/review', { data: { id: s.id, approve: false } });
  }
});

test.describe('套餐管理 in dark', () => {
  test.use({ colorScheme: 'dark' });

  test('is accessible in dark, wide and at 375 px, without the page scrolling sideways', async ({ adminSession: page }) => {
    await page.goto(PAGE);
    await expect(planRow(page, '专业')).toContainText('手机号归属地');
    await expectAccessible(page, '套餐管理 (dark)');
    await shoot(page, 'plans-dark');
    await page.getByRole('button', { name: /新建套餐/ }).click();
    await expect(page.getByRole('dialog', { name: '新建套餐' })).toBeVisible();
    await expectAccessible(page, '套餐管理: 新建套餐 (dark)');
    await shoot(page, 'form-dark');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await expect(planRow(page, '专业')).toBeVisible();
    await expectAccessible(page, '套餐管理 (dark, 375 px)');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'plans-dark-375');
  });
});

test('is accessible at 375 px in light, the form filling the screen', async ({ adminSession: page }) => {
  await page.goto(PAGE);
  await expect(planRow(page, '专业')).toContainText('手机号归属地');
  await shoot(page, 'plans-light');
  await page.setViewportSize(PHONE);
  await expectAccessible(page, '套餐管理 (375 px)');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'plans-light-375');
  await page.getByRole('button', { name: /新建套餐/ }).click();
  await expect(page.getByRole('dialog', { name: '新建套餐' })).toBeVisible();
  await expectAccessible(page, '套餐管理: 新建套餐 (375 px)');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'form-light-375');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /待审批/ }).click();
  await expectAccessible(page, '套餐管理: 待审批 (375 px)');
  await shoot(page, 'pending-light-375');
});
