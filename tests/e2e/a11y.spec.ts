// Accessibility: every page, and every drawer, confirmation and dropdown that opens on them, has
// no serious or critical violation of axe-core's WCAG 2.1 A/AA rules, as admin and as user, light
// and dark, measured once the side menu and the header are drawn; and the main flow works with the
// keyboard alone, with a visible focus that comes back when a drawer closes.
import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { expectAccessible, keepScreenshot, SELECT_KNOWN } from './axe';
import { api, atPath, expect, test, WEATHER_ID } from './fixtures';

const ADMIN_TABLE = '/admin/interface_info';
const NEW_PASSWORD = 'password-a11y';
const drawer = (page: Page) => page.locator('.ant-drawer-content');
const popconfirm = (page: Page) => page.locator('.ant-popover:not(.ant-popover-hidden)').last();
const headerSearch = (page: Page) => page.getByPlaceholder('站内搜索');
/** The avatar's menu button (the header has other menu buttons beside it). */
const avatarMenuButton = (page: Page) =>
  page.locator('.ant-pro-global-header [aria-haspopup="menu"]').filter({ has: page.locator('.ant-avatar') });
const resultPanel = (page: Page) => page.getByRole('region', { name: '返回结果' });

async function checkAvatarMenu(page: Page, who: string) {
  await avatarMenuButton(page).hover();
  await expect(page.getByRole('menuitem', { name: /退出登录/ })).toBeVisible();
  await expectAccessible(page, `the avatar menu (${who})`);
  await page.mouse.move(0, 600);
  await expect(page.getByRole('menuitem', { name: /退出登录/ })).toBeHidden();
}

async function checkHeaderSearch(page: Page, who: string) {
  await headerSearch(page).fill('天气');
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeVisible();
  await expectAccessible(page, `the header search's suggestions (${who})`, SELECT_KNOWN);
  await headerSearch(page).press('Escape');
  await headerSearch(page).fill('');
}

async function checkInterfacePage(page: Page, who: string) {
  await page.goto(`/interface_info/${WEATHER_ID}`);
  const city = page.getByLabel('city', { exact: true });
  await expect(city).toHaveValue('北京');
  await expectAccessible(page, `the interface page (${who})`);
  await city.press('ControlOrMeta+Enter');
  await expect(resultPanel(page).getByText('200 OK', { exact: true })).toBeVisible();
  await expectAccessible(page, `the interface page with an answer (${who})`);
}

/** 通知设置 and 我的用量, the avatar menu's other pages. */
async function checkAccountPages(page: Page, who: string) {
  await page.goto('/account/notifications');
  await expect(page.getByRole('textbox', { name: '地址' })).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expectAccessible(page, `通知设置 (${who})`);
  await page.goto('/account/usage');
  await expect(page.getByText('我的用量').first()).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expectAccessible(page, `我的用量 (${who})`);
}

async function checkNotFound(page: Page, who: string) {
  await page.goto('/no/such/page');
  await expect(page.getByText('抱歉，你访问的页面不存在。')).toBeVisible();
  await expectAccessible(page, `the 404 page (${who})`);
}

async function checkAccountCenter(page: Page, who: string) {
  await page.goto('/account/center');
  await expect(page.getByText('访问密钥').first()).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expectAccessible(page, `the personal center (${who})`);
}

test.describe('axe: no serious or critical WCAG 2.1 A/AA violation', () => {
  // Each test walks a dozen pages and widgets, with axe on each: more than one scenario's time.
  test.slow();

  test('the login and register pages; the document has a language and can be zoomed', async ({
    page,
  }, testInfo) => {
    await page.goto('/user/login');
    await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport, 'zooming is allowed').not.toMatch(
      /user-scalable\s*=\s*no|maximum-scale\s*=\s*1(\.0)?\b/,
    );
    await expectAccessible(page, 'the login page');
    await keepScreenshot(page, testInfo, 'a11y-login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入账号', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the login page with its field errors');
    await page.goto('/user/register');
    await expect(page.getByRole('button', { name: /注\s*册/ })).toBeVisible();
    await expectAccessible(page, 'the register page');
  });

  test('a new account: the personal center, the new key pair dialog, the new key form, rotation and revocation', async ({
    page,
  }) => {
    // A new account of its own: the demo accounts' keys stay as other scenarios left them.
    const account = `a11y_${Date.now().toString(36)}`;
    await page.goto('/user/register');
    await page.getByLabel('账号').fill(account);
    await page.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认密码').fill(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(atPath('/account/center'));
    await expect(page.getByText('还没有访问密钥', { exact: false })).toBeVisible();
    await expectAccessible(page, 'the personal center of a new account');

    await page.getByRole('button', { name: /生成密钥/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('访问密钥已生成')).toBeVisible();
    await expectAccessible(page, 'the new key pair dialog');
    await dialog.getByRole('button', { name: '我已保存' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: '新建密钥' }).click();
    const form = page.getByRole('dialog').filter({ hasText: '可调用的接口' });
    await expect(form.getByLabel('名称')).toBeFocused();
    await expectAccessible(page, 'the new key form');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await page.getByRole('button', { name: '轮换 默认' }).click();
    const rotation = page.getByRole('dialog').filter({ hasText: '轮换密钥“默认”' });
    await expect(rotation.getByText('24 小时后失效')).toBeVisible();
    await expectAccessible(page, 'the key rotation dialog');
    await page.keyboard.press('Escape');
    await expect(rotation).toBeHidden();

    await page.getByRole('button', { name: '吊销 默认' }).click();
    await expect(page.getByText('吊销后这个密钥立即失效', { exact: false })).toBeVisible();
    await expectAccessible(page, 'the key revocation confirmation');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${scheme}`, () => {
      // The console follows the system's scheme until one is chosen in the header.
      test.use({ colorScheme: scheme });

      test(`as admin, ${scheme}: every page, its drawers, confirmations and dropdowns`, async ({
        adminPage: page,
      }, testInfo) => {
        await expect(page.locator('html')).toHaveAttribute('data-agler-theme', scheme);
        await expect(page.getByRole('list', { name: '接口列表' }).getByRole('link').first()).toBeVisible();
        await expectAccessible(page, 'the home page (admin)');
        await checkAvatarMenu(page, 'admin');
        await checkHeaderSearch(page, 'admin');
        await checkInterfacePage(page, 'admin');

        await page.goto(ADMIN_TABLE);
        const row = page
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: '天气查询', exact: true }) });
        await expect(row).toBeVisible();
        await expectAccessible(page, 'interface management');
        await keepScreenshot(page, testInfo, `a11y-admin-table-${scheme}`);
        await page.getByRole('button', { name: '新建接口' }).click();
        await expect(drawer(page).getByLabel('接口名称')).toBeVisible();
        await expectAccessible(page, 'the create-interface drawer');
        await page.keyboard.press('Escape');
        await expect(drawer(page)).toBeHidden();
        await row.getByText('下线', { exact: true }).click();
        await expect(popconfirm(page).getByText('确定下线该接口吗？')).toBeVisible();
        await expectAccessible(page, 'the take-offline confirmation');
        await popconfirm(page)
          .getByRole('button', { name: /取\s*消/ })
          .click();
        await expect(row.getByText('已上线')).toBeVisible();

        // The edit drawer, once it shows the interface as the server has it.
        await row.getByRole('button', { name: '编辑', exact: true }).click();
        await expect(drawer(page).getByLabel('接口名称')).toHaveValue('天气查询');
        await expectAccessible(page, 'the edit-interface drawer');
        await page.keyboard.press('Escape');
        await expect(drawer(page)).toBeHidden();

        // The batch bar with a disabled batch (its reason on a wrapper), then each batch's question.
        await row.getByRole('checkbox').check();
        await expect(page.getByRole('button', { name: '批量下线' })).toBeEnabled();
        await expectAccessible(page, 'the batch bar, 批量发布 disabled');
        await page
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: '天气查询（旧版）', exact: true }) })
          .getByRole('checkbox')
          .check();
        for (const [batch, question] of [
          ['批量发布', '选中 2 个，其中 1 个已下线：发布这 1 个？'],
          ['批量下线', '选中 2 个，其中 1 个在线：下线这 1 个？'],
          ['批量删除', '确定删除选中的 2 个接口吗？'],
        ]) {
          await page.getByRole('button', { name: batch }).click();
          const confirmation = page.getByRole('dialog').filter({ hasText: question });
          await expect(confirmation).toBeVisible();
          await expectAccessible(page, `the ${batch} confirmation`);
          await confirmation.getByRole('button', { name: /取\s*消/ }).click();
          await expect(confirmation).toBeHidden();
        }

        // The analysis page, and the callers of its first interface.
        await page.goto('/admin/interface_analysis');
        await expect(
          page.getByRole('heading', { name: /接口分析/ }).or(page.getByText('接口分析').first()),
        ).toBeVisible();
        await expect(page.locator('.ant-skeleton')).toHaveCount(0);
        await expectAccessible(page, 'interface analysis');
        await page
          .getByRole('button', { name: /的调用方与状态码分布$/ })
          .first()
          .click();
        await expect(drawer(page).getByRole('heading', { name: '调用最多的用户' })).toBeVisible();
        await expectAccessible(page, 'the callers drawer');
        await page.keyboard.press('Escape');
        await expect(drawer(page)).toBeHidden();

        // User management, and the quotas of the demo user (who has called interfaces).
        await page.goto('/admin/user');
        const demoUser = page
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: 'user', exact: true }) });
        await expect(demoUser).toBeVisible();
        await expectAccessible(page, 'user management');
        await demoUser.getByRole('button', { name: '调用额度' }).click();
        await expect(
          drawer(page)
            .getByRole('spinbutton', { name: /」的剩余次数$/ })
            .first(),
        ).toBeVisible();
        await expectAccessible(page, 'the quota drawer');
        await page.keyboard.press('Escape');
        await expect(drawer(page)).toBeHidden();

        await checkAccountCenter(page, 'admin');
        await checkAccountPages(page, 'admin');
        await checkNotFound(page, 'admin');
      });

      test(`as user, ${scheme}: every page a user reaches, the 403 page and the dropdowns`, async ({
        userPage: page,
      }) => {
        await expect(page.locator('html')).toHaveAttribute('data-agler-theme', scheme);
        await expect(page.getByRole('list', { name: '接口列表' }).getByRole('link').first()).toBeVisible();
        await expectAccessible(page, 'the home page (user)');
        await checkAvatarMenu(page, 'user');
        await checkHeaderSearch(page, 'user');
        await checkInterfacePage(page, 'user');
        await checkAccountCenter(page, 'user');
        await checkAccountPages(page, 'user');
        await page.goto(ADMIN_TABLE);
        await expect(page.getByText('抱歉，你无权访问此页面。')).toBeVisible();
        await expectAccessible(page, 'the 403 page (user)');
        await checkNotFound(page, 'user');
      });
    });
  }
});

/** The outline and box-shadow of an element and its nearest ancestors (antd rings wrappers and cards). */
function focusRing(target: Locator) {
  return target.evaluate(async (el) => {
    // Rings fade in and out over antd's motion durations.
    await new Promise((resolve) => {
      setTimeout(resolve, 400);
    });
    const rings: string[] = [];
    for (let node: Element | null = el, depth = 0; node && depth < 5; node = node.parentElement, depth += 1) {
      const style = getComputedStyle(node);
      rings.push(`${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`);
    }
    return rings;
  });
}

/**
 * Focus is visible on `target`, which has it: its outline or box-shadow (or a wrapper's) differs
 * from when the focus is one Shift+Tab away. The focus is back on `target` afterwards.
 */
async function expectFocusVisible(page: Page, target: Locator, what: string) {
  await expect(target).toBeFocused();
  const focused = await focusRing(target);
  await page.keyboard.press('Shift+Tab');
  const blurred = await focusRing(target);
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  expect(focused, `${what} shows where the focus is`).not.toEqual(blurred);
}

/** Deletes the interfaces named `name`: the mocks' store is shared with the other scenarios. */
async function removeByName(page: Page, name: string) {
  const query = `current=1&pageSize=50&name=${encodeURIComponent(name)}`;
  const res = await api<{ records: { id: string; name: string }[] }>(
    page,
    `/api/interfaceInfo/list/page?${query}`,
  );
  for (const record of res.data?.records ?? []) {
    if (record.name === name) await api(page, '/api/interfaceInfo/delete', { id: record.id });
  }
}

/** Presses Tab until `target` has the focus, failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached ${target}`);
}

test('keyboard only: log in, search, call an interface; create one in the drawer, publish it, take it offline, log out', async ({
  page,
  newSession,
}) => {
  // The whole flow by keyboard, from logging in to logging out: more than one scenario's time.
  test.slow();
  const admin = DEMO_ACCOUNTS.find((account) => account.userAccount === 'admin')!;
  const created = `A11y键盘${Date.now().toString(36)}`;
  try {
    await page.goto('/user/login');
    await tabTo(page, page.getByLabel('账号'));
    await page.keyboard.type(admin.userAccount);
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, page.getByLabel('密码'), 'the password field');
    await page.keyboard.type(admin.userPassword);
    await page.keyboard.press('Enter');
    await expect(
      page.getByText(admin.userName, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(atPath('/'));

    // The catalogue's own search box.
    const search = page.getByLabel('搜索接口');
    await tabTo(page, search);
    await expectFocusVisible(page, search, 'the catalogue search');
    await page.keyboard.type('天气');
    const weather = page
      .getByRole('list', { name: '接口列表' })
      .getByRole('link', { name: '天气查询', exact: true });
    await expect(weather).toBeVisible();
    await tabTo(page, weather);
    await expectFocusVisible(page, weather, 'a catalogue entry');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(atPath(`/interface_info/${WEATHER_ID}`));

    const city = page.getByLabel('city', { exact: true });
    await expect(city).toHaveValue('北京');
    await tabTo(page, city);
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(resultPanel(page).getByText('200 OK', { exact: true })).toBeVisible();

    await page.goto(ADMIN_TABLE);
    const create = page.getByRole('button', { name: '新建接口' });
    await expect(create).toBeVisible();
    await tabTo(page, create, 80);
    await expectFocusVisible(page, create, 'the 新建接口 button');
    await page.keyboard.press('Enter');
    const form = drawer(page);
    const name = form.getByLabel('接口名称');
    await expect(name).toBeVisible();
    await tabTo(page, name, 10);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(create, 'the focus is back on the button that opened the drawer').toBeFocused();

    // Again, this time filled in and saved.
    await page.keyboard.press('Enter');
    await expect(name).toBeVisible();
    await tabTo(page, name, 10);
    await page.keyboard.type(created);
    await tabTo(page, form.getByLabel('接口地址'), 10);
    await page.keyboard.type('https://api.example.com/a11y/keyboard');
    await tabTo(page, form.getByLabel('接口描述'), 10);
    await page.keyboard.type('键盘创建的接口');
    await tabTo(page, form.getByRole('button', { name: /创\s*建/ }), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByText('已创建，接口处于下线状态，发布后用户可见')).toBeVisible();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: created, exact: true }) });
    const publish = row.getByRole('button', { name: '发布', exact: true });
    await tabTo(page, publish, 80);
    await expectFocusVisible(page, publish, 'a row action');
    await page.keyboard.press('Enter');
    await expect(page.getByText('已发布，用户现在可以看到它')).toBeVisible();
    await expect(row.getByText('已上线')).toBeVisible();

    const offline = row.getByRole('button', { name: '下线', exact: true });
    await tabTo(page, offline, 120);
    await page.keyboard.press('Enter');
    const confirm = popconfirm(page);
    await expect(confirm.getByText('确定下线该接口吗？')).toBeVisible();
    const ok = confirm.getByRole('button', { name: /下\s*线/ });
    await expect(ok, 'the confirmation takes the focus').toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('已下线，用户将看不到它')).toBeVisible();
    await expect(row.getByText('已下线')).toBeVisible();

    // Log out from the avatar's menu, from the top of a page.
    await page.goto('/');
    const avatar = avatarMenuButton(page);
    await expect(avatar).toBeVisible();
    await tabTo(page, avatar, 40);
    await expectFocusVisible(page, avatar, 'the avatar menu button');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /我的用量/ }), 'the menu takes the focus').toBeFocused();
    await page.keyboard.press('ArrowDown');
    const logout = page.getByRole('menuitem', { name: /退出登录/ });
    await expect(logout).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/login/);
  } finally {
    await removeByName(await newSession('admin'), created);
  }
});
