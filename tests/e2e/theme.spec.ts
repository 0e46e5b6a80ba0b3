// Dark mode: it follows the system until the header's switch says otherwise, the choice survives a
// reload, the first paint is already dark (before any script bundle), and the pages, with their
// drawers, charts and the phone's menu, have no serious or critical axe violation in dark, wide
// and on a phone. Menus, drawers and dialogs move only while the system does not ask for less motion.
import type { Page, TestInfo } from '@playwright/test';
import { CODE_TABS_ON_A_PHONE, expectAccessible, keepScreenshot } from './axe';
import type { Known } from './axe';
import { expect, PHONE, submitLogin, test, WEATHER_ID } from './fixtures';

const DESKTOP = { width: 1366, height: 900 };
const BLACK = 'rgb(0, 0, 0)';
const themeButton = (page: Page) => page.getByRole('button', { name: /^切换外观/ });
const drawer = (page: Page) => page.locator('.ant-drawer-content');

/** Axe at the desktop width and on a phone: the page reflows without a reload. */
async function expectAccessibleAtBothWidths(
  page: Page,
  where: string,
  testInfo: TestInfo,
  known: Known[] = [],
) {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${where} (dark, 1366 px)`);
  await keepScreenshot(page, testInfo, `dark-${where}`);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${where} (dark, 375 px)`, known);
  await page.setViewportSize(DESKTOP);
}

/**
 * The page at `path` as index.html paints it before any script bundle: the .js files are refused,
 * so only the inline scripts run. Returns the backgrounds of the document and of the skeleton.
 */
async function firstPaint(page: Page, path: string) {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const painted = await page.evaluate(() => {
    const background = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element).backgroundColor : 'missing';
    };
    return {
      theme: document.documentElement.getAttribute('data-agler-theme'),
      document: background('html'),
      frame: background(
        document.documentElement.getAttribute('data-agler-skeleton') === 'login'
          ? '.agler-sk-login'
          : '.agler-sk-layout',
      ),
    };
  });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return painted;
}

test.describe('a system in dark mode', () => {
  test.use({ colorScheme: 'dark' });
  // Every page and drawer, each checked by axe at two widths.
  test.slow();

  test('paints dark from the first frame; every page, drawer and chart passes axe at 1366 and 375 px', async ({
    page,
  }, testInfo) => {
    expect(await firstPaint(page, '/user/login')).toEqual({ theme: 'dark', document: BLACK, frame: BLACK });

    await page.goto('/user/login');
    await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-agler-theme', 'dark');
    await expectAccessibleAtBothWidths(page, 'login', testInfo);

    await page.goto('/user/register');
    await expect(page.getByRole('button', { name: /注\s*册/ })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'register', testInfo);

    await page.goto('/user/login');
    await submitLogin(page, 'admin');
    await expect(page.getByRole('list', { name: '接口列表' }).getByRole('link').first()).toBeVisible();
    await expect(themeButton(page)).toHaveAccessibleName('切换外观（当前：跟随系统，深色）');
    await expectAccessibleAtBothWidths(page, 'catalogue', testInfo);

    await page.goto(`/interface_info/${WEATHER_ID}`);
    const city = page.getByLabel('city', { exact: true });
    await expect(city).toHaveValue('北京');
    await city.press('ControlOrMeta+Enter');
    await expect(
      page.getByRole('region', { name: '返回结果' }).getByText('200 OK', { exact: true }),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'interface', testInfo, [CODE_TABS_ON_A_PHONE]);

    await page.goto('/admin/interface_info');
    await expect(page.getByRole('link', { name: '天气查询', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '新建接口' }).click();
    await expect(drawer(page).getByLabel('接口名称')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'admin-table-drawer', testInfo);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();

    await page.goto('/admin/interface_analysis');
    await expect(page.getByRole('button', { name: /的调用方与状态码分布$/ }).first()).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'analysis', testInfo);
    await page
      .getByRole('button', { name: /的调用方与状态码分布$/ })
      .first()
      .click();
    await expect(drawer(page).getByRole('heading', { name: '调用最多的用户' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'analysis-callers-drawer', testInfo);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();

    await page.goto('/account/center');
    await expect(page.getByText('访问密钥').first()).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'account-center', testInfo);

    await page.goto('/account/usage');
    await expect(page.getByRole('figure', { name: '每日调用次数与失败次数' })).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'account-usage', testInfo);

    await page.goto('/admin/user');
    await expect(
      page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'user', exact: true }) }),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'user-admin', testInfo);

    // A user's quotas and own rate limits, in their drawer.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'user', exact: true }) })
      .getByRole('button', { name: '调用额度' })
      .click();
    await expect(drawer(page).getByRole('spinbutton', { name: /的速率限制/ }).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'user-admin-quota-drawer', testInfo);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();

    // The phone's menu, open in its drawer.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: '导航菜单', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: /主页/ })).toBeVisible();
    await expectAccessible(page, 'the phone menu (dark, 375 px)');
    await keepScreenshot(page, testInfo, 'dark-phone-menu');
  });
});

test.describe('a system in light mode', () => {
  test('the switch turns the console dark from the keyboard, the choice survives a reload, and 跟随系统 follows the system again', async ({
    adminPage: page,
  }) => {
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-agler-theme', 'light');
    await expect(themeButton(page)).toHaveAccessibleName('切换外观（当前：跟随系统，浅色）');

    await themeButton(page).focus();
    await page.keyboard.press('Enter');
    const dark = page.getByRole('menuitemradio', { name: '深色模式' });
    await expect(page.getByRole('menuitemradio', { name: '跟随系统' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await dark.focus();
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('data-agler-theme', 'dark');
    await expect(themeButton(page)).toHaveAccessibleName('切换外观（当前：深色模式）');
    // antd's dark container colour on the catalogue's cards.
    await expect(page.locator('.ant-card').first()).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    expect(await page.evaluate(() => localStorage.getItem('agler-theme'))).toBe('dark');
    await expectAccessible(page, 'the catalogue, dark by the switch');

    // Remembered: the next first paint is dark although the system is light, and so is the app.
    expect(await firstPaint(page, '/')).toEqual({ theme: 'dark', document: BLACK, frame: BLACK });
    await page.goto('/');
    await expect(themeButton(page)).toHaveAccessibleName('切换外观（当前：深色模式）');
    await expect(html).toHaveAttribute('data-agler-theme', 'dark');

    // Back to the system's scheme, which the page then follows as it changes.
    await themeButton(page).click();
    await page.getByRole('menuitemradio', { name: '跟随系统' }).click();
    await expect(html).toHaveAttribute('data-agler-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('agler-theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-agler-theme', 'dark');
    await expect(themeButton(page)).toHaveAccessibleName('切换外观（当前：跟随系统，深色）');
  });
});

/**
 * From now on, records the name of each CSS animation that starts in a menu (antd's dropdowns);
 * animationsSeen reads them.
 */
async function watchAnimations(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { aglerAnimations: string[] }).aglerAnimations = seen;
    document.addEventListener(
      'animationstart',
      (event) => {
        if ((event.target as Element).closest('.ant-dropdown')) seen.push(event.animationName);
      },
      true,
    );
  });
}

const animationsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { aglerAnimations: string[] }).aglerAnimations);

/** The open menu's motion is over: antd's motion classes (`ant-slide-up-enter`, …) are gone. */
const menuSettled = (page: Page) =>
  expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).not.toHaveClass(/-(appear|enter)\b/);

test.describe('motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('menus slide in, until the system asks for less motion: then they are there at once, and placeholders stand still', async ({
    adminPage: page,
  }) => {
    const systemChoice = page.getByRole('menuitemradio', { name: '跟随系统' });
    await watchAnimations(page);
    await themeButton(page).click();
    await expect(systemChoice).toBeVisible();
    await menuSettled(page);
    // antd's keyframes, named with the theme's hash.
    expect(await animationsSeen(page)).toContainEqual(expect.stringMatching(/SlideUpIn$/));
    await page.keyboard.press('Escape');
    await expect(systemChoice).toBeHidden();

    // The console follows the change as it happens, without a reload.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await watchAnimations(page);
    await themeButton(page).click();
    await expect(systemChoice).toBeVisible();
    await menuSettled(page);
    expect(await animationsSeen(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The catalogue's placeholders, its answer held back: no shimmer either.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/interfaceInfo/list/page**', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const placeholder = page.locator('.ant-skeleton-active .ant-skeleton-title').first();
    await expect(placeholder).toBeVisible();
    expect(await placeholder.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    release();
    await expect(page.getByRole('list', { name: '接口列表' }).getByRole('link').first()).toBeVisible();
  });
});
