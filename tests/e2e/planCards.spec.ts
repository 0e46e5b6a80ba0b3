// The plans on the interface page (docs/plans.md): the demo user sees the three demo plans of
// 手机号归属地 as cards, 专业 held with its period's use and 申请额度; switches to 免费 and back, the use carried;
// asks for 企业, which waits for an admin. The cards pass axe in light, in dark and at 375 px. The
// scenario leaves the demo as it found it (专业, nothing waiting), also when it fails midway.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, interfaceIdOf } from '@agler/contract/demo/accounts';
import { DEMO_USER_PLAN } from '@agler/contract/demo/plans';
import { CODE_TABS_ON_A_PHONE, expectAccessible, keepScreenshot } from './axe';
import { api, expect, PHONE, test } from './fixtures';

/** 手机号归属地, one of the demo plans' interfaces. */
const PHONE_LOOKUP = interfaceIdOf(15);

type Plan = { id: string; name: string };
type Subscription = { id: string; planId: string; requestedPlanId: string | null; interfaceIds: string[] };

const plansSection = (page: Page) => page.getByRole('region', { name: '套餐' });

/** The card of the plan named `name`. */
const cardOf = (page: Page, name: string) =>
  plansSection(page)
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title').getByText(name, { exact: true }) });

/** The user's live subscription covering the interface, through their own session. */
async function heldSubscription(page: Page) {
  const answer = await api<{ records: Subscription[] }>(page, '/api/subscription/list?status=active&pageSize=50');
  return answer.data.records.find((row) => row.interfaceIds.includes(PHONE_LOOKUP));
}

/** Back to the demo's state: a waiting switch refused by the admin, and 专业 held again. */
async function restore(page: Page, request: APIRequestContext) {
  const held = await heldSubscription(page);
  if (held?.requestedPlanId) {
    const admin = DEMO_ACCOUNTS.find((account) => account.userAccount === 'admin')!;
    const login = await request.post('/api/user/login', {
      data: { userAccount: admin.userAccount, userPassword: admin.userPassword },
    });
    expect(login.ok()).toBe(true);
    const review = await request.post('/api/subscription/review', { data: { id: held.id, approve: false } });
    expect(((await review.json()) as { code: number }).code, 'the admin refused the waiting switch').toBe(0);
  }
  const plans = (await api<Plan[]>(page, `/api/plan/list?interfaceInfoId=${PHONE_LOOKUP}`)).data;
  const pro = plans.find((plan) => plan.name === DEMO_USER_PLAN)!;
  if (held && held.planId !== pro.id) {
    expect((await api(page, '/api/subscription/add', { planId: pro.id })).code, 'back on 专业').toBe(0);
  }
}

test('plan cards: the demo user switches 专业 → 免费 → 专业 keeping the period’s use, and 企业 waits for approval; axe in light, dark and at 375 px', async ({
  userSession: page,
  request,
}, testInfo) => {
  await page.goto(`/interface_info/${PHONE_LOOKUP}`);
  try {
    const section = plansSection(page);
    await expect(section.locator('.ant-card')).toHaveCount(3);
    await expect(page.getByRole('button', { name: '已订阅「专业」' })).toBeDisabled();
    const pro = cardOf(page, '专业');
    await expect(pro.getByText('¥99/月')).toBeVisible();
    await expect(pro.getByText('每秒 10 次，突发 10 次')).toBeVisible();
    await expect(cardOf(page, '免费').getByText('默认', { exact: true })).toBeVisible();
    await expect(cardOf(page, '企业').getByText('需审批', { exact: true })).toBeVisible();
    // A plan covers the interface: the per-interface quota is not shown.
    await expect(page.getByText('我的额度', { exact: true })).toHaveCount(0);
    const usedText = (await pro.getByText(/^本期已用 [\d,]+ \/ 100,000 次$/).textContent()) ?? '';
    const used = /已用 ([\d,]+)/.exec(usedText)![1];
    await expect(pro.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 重置$/)).toBeVisible();
    // 申请额度 on the held card: more calls this period, or a plan over the same interfaces.
    await pro.getByRole('button', { name: '申请额度' }).click();
    const ask = page.getByRole('dialog', { name: '申请「手机号归属地」的调用额度' });
    await expect(ask.getByText(/^该接口的调用计入你的套餐「专业」/)).toBeVisible();
    await expect(ask.getByRole('radio', { name: '本周期加量' })).toBeChecked();
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    await expect(ask).toBeHidden();

    await expectAccessible(page, 'the plan cards (light)');
    await keepScreenshot(page, testInfo, 'plans-light');

    // 免费 and back: the same subscription, its period's use carried.
    await page.getByRole('button', { name: '切换「免费」' }).click();
    await expect(page.getByText('已切换到「免费」，本期已用次数保留')).toBeVisible();
    await expect(page.getByRole('button', { name: '已订阅「免费」' })).toBeDisabled();
    await expect(cardOf(page, '免费').getByText(new RegExp(`^本期已用 ${used} / 1,000 次`))).toBeVisible();
    await page.getByRole('button', { name: '切换「专业」' }).click();
    await expect(page.getByRole('button', { name: '已订阅「专业」' })).toBeDisabled();
    await expect(pro.getByText(`本期已用 ${used} / 100,000 次`, { exact: true })).toBeVisible();

    // 企业 needs approval: a reason, then the switch waits while 专业 stays.
    await page.getByRole('button', { name: '切换「企业」' }).click();
    const dialog = page.getByRole('dialog', { name: '订阅「企业」' });
    await dialog.getByLabel('申请理由（选填）').fill('压测需要更高的额度');
    await expectAccessible(page, 'the reason dialog (light)');
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    await expect(page.getByText('已申请「企业」，等待管理员审批')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '切换待审批「企业」' })).toBeDisabled();
    await expect(pro.getByText('已申请切换到「企业」，等待审批')).toBeVisible();
    await expect(page.getByRole('button', { name: '已订阅「专业」' })).toBeDisabled();

    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'the plan cards (dark)');
    await keepScreenshot(page, testInfo, 'plans-dark');
    await page.setViewportSize(PHONE);
    // One card a row: each takes the content's width.
    const boxes = await section.locator('.ant-card').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size, 'the cards stack in one column').toBe(1);
    await expectAccessible(page, 'the plan cards (dark, 375 px)', [CODE_TABS_ON_A_PHONE]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectAccessible(page, 'the plan cards (light, 375 px)', [CODE_TABS_ON_A_PHONE]);
    await keepScreenshot(page, testInfo, 'plans-375');
  } finally {
    await restore(page, request);
  }
  expect((await heldSubscription(page))?.requestedPlanId ?? null, 'nothing waits after the scenario').toBeNull();
});
