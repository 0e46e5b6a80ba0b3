// On a phone (375 × 812): every page fits the screen, without the whole page scrolling sideways;
// the menu folds away, the catalogue's cards stack, wide tables scroll inside themselves and the
// drawers take the whole width. The analysis table keeps every column within reach; a reversed
// range in the URL is said and corrected. Each page's look is kept as a screenshot.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';
import { atPath, dayInBrowser, expect, pageWidth, PHONE, settle, test, WEATHER_ID } from './fixtures';

const ANALYSIS = '/admin/interface_analysis';

test.use({ viewport: PHONE });

/** Whether an element's content fits its box (a clipped or squeezed cell does not). */
const fitsItsBox = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.clientWidth > 0);

const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper');
const menuButton = (page: Page, name = '导航菜单') => page.getByRole('button', { name, exact: true });
/** The most the content may keep free at each side of the screen. */
const SIDE_MARGIN = 16;

/**
 * No sideways scrolling of the page itself (soft: a walk through the pages lists every one that
 * does), with the outermost elements that reach past the screen's right edge when it does.
 */
async function expectNoSideScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1;
    // Content a scrolling or clipping box holds does not widen the page.
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const found = [...document.body.querySelectorAll('*')]
      .filter((el) => sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)) && !clipped(el))
      .map((el) => `${describe(el)} → ${Math.round(el.getBoundingClientRect().right)}px`);
    return {
      scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
      innerWidth: window.innerWidth,
      outside: found.slice(0, 5),
    };
  });
  expect
    .soft(scrollWidth, `${where}: the page is no wider than the screen; past its edge: ${outside.join('; ')}`)
    .toBeLessThanOrEqual(innerWidth);
}

/** The open drawer takes the whole screen's width, and its content fits it. */
async function expectDrawerFillsScreen(page: Page, where: string) {
  // Measured where its opening slide has ended.
  await settle(page);
  const box = await drawer(page).boundingBox();
  expect.soft(box && Math.round(box.x), `${where}: starts at the screen's left edge`).toBe(0);
  expect.soft(box && Math.round(box.width), `${where}: as wide as the screen`).toBe(PHONE.width);
  const body = page.locator('.ant-drawer-body');
  expect.soft(await fitsItsBox(body), `${where}: its content does not scroll sideways`).toBe(true);
}

/** The page as it looks now, kept beside the test's results and in the report. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await settle(page);
  const file = testInfo.outputPath(`phone-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`phone-${name}`, { path: file, contentType: 'image/png' });
}

test('phone: the analysis table keeps its names readable and every column within reach; the callers drawer fills the screen', async ({
  adminSession: page,
}, testInfo) => {
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
  await shoot(page, testInfo, 'analysis');

  // The callers of the first interface, in a drawer as wide as the screen.
  await firstRow.getByRole('button', { name: /的调用方与状态码分布$/ }).click();
  await expect(page.getByRole('heading', { name: '调用最多的用户' })).toBeVisible();
  await expectDrawerFillsScreen(page, 'the callers drawer');
  await expectNoSideScroll(page, 'the analysis page with its callers drawer');
  await shoot(page, testInfo, 'analysis-callers');
});

test('phone: the catalogue with its method filter stays within the screen; its cards stack; the menu folds away', async ({
  adminSession: page,
}, testInfo) => {
  await page.goto('/');
  const list = page.getByRole('list', { name: '接口列表' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, testInfo, 'home');

  // One card a row, the next below the one before.
  const [first, second] = await Promise.all([0, 1].map((i) => list.getByRole('listitem').nth(i).boundingBox()));
  expect(second && first && second.x).toBe(first?.x);
  expect(second && first && second.y).toBeGreaterThanOrEqual((first?.y ?? 0) + (first?.height ?? 0));

  // No side menu: a button opens it over the page, and it takes the user to another page.
  await expect(page.locator('.ant-pro-sider').filter({ visible: true })).toHaveCount(0);
  await menuButton(page).click();
  const menuItem = page.getByRole('menuitem', { name: /主页/ });
  await expect(menuItem).toBeVisible();
  await shoot(page, testInfo, 'menu');
  await page.keyboard.press('Escape');
  await expect(menuItem).toBeHidden();

  // PATCH chosen from the method list, whose dropdown must not widen the page.
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

/** Presses Tab until `target` has the focus, at most `max` times; how many it took, or -1. */
async function tabTo(page: Page, target: Locator, max = 12) {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  return -1;
}

/** The tops of an element's children: one value when they stand on one line. */
const linesOf = (locator: Locator) =>
  locator.evaluate((el) => [
    ...new Set([...el.children].map((c) => Math.round(c.getBoundingClientRect().top))),
  ]);

/** Opens the catalogue and answers its list of cards once the first one shows. */
async function openCatalogue(page: Page) {
  await page.goto('/');
  const list = page
    .getByRole('list')
    .filter({ has: page.getByRole('listitem') })
    .first();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list;
}

/** The content's left and right margins: the space between a box and the edges of a screen `width` wide. */
async function marginsOf(locator: Locator, width = PHONE.width) {
  const box = await locator.boundingBox();
  return box ? [Math.round(box.x), Math.round(width - box.x - box.width)] : [];
}

/**
 * The phone's layout in one language: the menu button, the content's margins, the catalogue's
 * pager and the try-it card's head; screenshots named with `suffix`.
 */
async function expectPhoneLayout(
  page: Page,
  testInfo: TestInfo,
  words: { menu: string; home: RegExp; callTitle: string; accountLink: string },
  suffix = '',
) {
  const list = await openCatalogue(page);

  // A named button, reached from the top of the page with Tab, and nothing else in the header before it.
  const button = menuButton(page, words.menu);
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(await tabTo(page, button), 'Tab reaches the menu button').toBeGreaterThan(0);
  await expect(button).toBeFocused();
  const [buttonBox, logoBox] = await Promise.all([
    button.boundingBox(),
    page.locator('.ant-pro-global-header-logo').boundingBox(),
  ]);
  expect(buttonBox && logoBox && buttonBox.x < logoBox.x, 'the menu button stands first in the header').toBe(
    true,
  );
  const header = testInfo.outputPath(`phone-header-focused${suffix}.png`);
  await page.locator('.ant-pro-global-header').screenshot({ path: header });
  await testInfo.attach(`phone-header-focused${suffix}`, { path: header, contentType: 'image/png' });

  // Enter opens the menu, which takes the focus; Escape closes it and gives the focus back.
  await page.keyboard.press('Enter');
  const home = page.getByRole('menuitem', { name: words.home });
  await expect(home).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await settle(page);
  expect(
    await page.evaluate(() => !!document.activeElement?.closest('.ant-drawer-open')),
    'the open menu has the focus',
  ).toBe(true);
  await shoot(page, testInfo, `menu-open${suffix}`);
  await page.keyboard.press('Escape');
  await expect(home).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // The cards take the screen's width but for a narrow margin each side.
  for (const margin of await marginsOf(list)) expect(margin).toBeLessThanOrEqual(SIDE_MARGIN);

  // The pager on one line, within the screen.
  const pager = page.locator('.ant-pagination');
  await pager.scrollIntoViewIfNeeded();
  expect(await linesOf(pager), 'the pager keeps to one line').toHaveLength(1);
  const pagerBox = await pager.boundingBox();
  expect(pagerBox && pagerBox.x >= 0 && pagerBox.x + pagerBox.width <= PHONE.width).toBe(true);
  await expect(pager.locator('.ant-pagination-total-text')).toBeVisible();
  await shoot(page, testInfo, `home-pager${suffix}`);

  // The try-it card's title whole, its link beside or under it, both in the screen.
  await page.goto(`/interface_info/${WEATHER_ID}`);
  const title = page.locator('.ant-card-head-title', { hasText: words.callTitle });
  await title.scrollIntoViewIfNeeded();
  await expect(title).toHaveText(words.callTitle);
  expect(await fitsItsBox(title), 'the try-it title is not cut').toBe(true);
  const link = page.getByRole('link', { name: words.accountLink, exact: true });
  await expect(link).toBeInViewport({ ratio: 1 });
  const card = page.locator('.ant-card').filter({ has: title });
  expect(await fitsItsBox(card.locator('.ant-card-extra')), 'the account link is not cut').toBe(true);
  for (const margin of await marginsOf(card)) expect(margin).toBeLessThanOrEqual(SIDE_MARGIN);
  await expectNoSideScroll(page, `the interface page${suffix}`);
  // The head below the fixed header, in the middle of the screen.
  await title.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await settle(page);
  const shot = testInfo.outputPath(`phone-try-it${suffix}.png`);
  await card.locator('.ant-card-head').screenshot({ path: shot });
  await testInfo.attach(`phone-try-it${suffix}`, { path: shot, contentType: 'image/png' });
}

test('phone: a named menu button reached with Tab opens the menu from the keyboard; the content takes the width; the pager keeps to one line; the try-it title is whole, in Chinese and in English', async ({
  adminPage: page,
}, testInfo) => {
  await expectPhoneLayout(page, testInfo, {
    menu: '导航菜单',
    home: /主页/,
    callTitle: '在线调用',
    accountLink: '获取访问密钥、查看调用次数',
  });
  // On an admin page the menu marks 管理页, the current page's parent, in the primary colour.
  await page.goto('/admin/user');
  await menuButton(page).click();
  await expect(page.getByRole('menuitem', { name: /用户管理/ })).toBeVisible();
  await expectAccessible(page, 'the phone menu on an admin page');
  await shoot(page, testInfo, 'menu-admin');
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('agler-lang', 'en-US'));
  await expectPhoneLayout(
    page,
    testInfo,
    {
      menu: 'Navigation menu',
      home: /Home/,
      callTitle: 'Try it',
      accountLink: 'Get access keys, see your calls',
    },
    '-en',
  );
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

test('phone: the login and register pages fit the screen', async ({ page }, testInfo) => {
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeInViewport();
  await expectNoSideScroll(page, 'the login page');
  await shoot(page, testInfo, 'login');
  await page.goto('/user/register');
  await expect(page.getByRole('button', { name: /注\s*册/ })).toBeInViewport();
  await expectNoSideScroll(page, 'the register page');
  await shoot(page, testInfo, 'register');
});

test('phone: every other page fits the screen; the tables scroll inside themselves, the drawers fill the screen', async ({
  adminPage: page,
}, testInfo) => {
  // The interface's page, with an answer.
  await page.goto(`/interface_info/${WEATHER_ID}`);
  const city = page.getByLabel('city', { exact: true });
  await expect(city).toHaveValue('北京');
  await city.press('ControlOrMeta+Enter');
  const answer = page.getByRole('region', { name: '返回结果' });
  await expect(answer.getByText('200 OK', { exact: true })).toBeVisible();
  await expectNoSideScroll(page, 'the interface page with an answer');
  expect.soft(await fitsItsBox(answer), 'the answer fits its panel').toBe(true);
  await shoot(page, testInfo, 'interface');

  await page.goto('/account/center');
  await expect(page.getByText('访问密钥').first()).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expectNoSideScroll(page, 'the personal center');
  const usage = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: '调用次数' }) });
  const usedName = await usage.getByRole('link').first().boundingBox();
  expect
    .soft(usedName?.width ?? 0, 'the names of the interfaces called are not squeezed away')
    .toBeGreaterThan(48);
  await shoot(page, testInfo, 'account');

  // Interface management: the table scrolls inside itself; the create drawer fills the screen.
  await page.goto('/admin/interface_info');
  const weather = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: '天气查询', exact: true }) });
  await expect(weather).toBeVisible();
  await expectNoSideScroll(page, 'interface management');
  // The name is what tells the rows apart: in sight without scrolling the table.
  await expect(weather.getByRole('link', { name: '天气查询', exact: true })).toBeInViewport({ ratio: 1 });
  const tableBox = page.locator('.ant-table-content, .ant-table-body').first();
  expect(await fitsItsBox(tableBox), 'the table is wider than the screen and scrolls inside itself').toBe(
    false,
  );
  await shoot(page, testInfo, 'admin-table');
  await page.getByRole('button', { name: '新建接口' }).click();
  await expect(page.locator('.ant-drawer-content').getByLabel('接口名称')).toBeVisible();
  await expectDrawerFillsScreen(page, 'the create-interface drawer');
  // The parameter table scrolls inside the drawer rather than squeeze 说明 beside the fixed columns.
  await page.getByRole('button', { name: '添加参数' }).click();
  const description = page.getByLabel('说明（第 1 行）');
  expect((await description.boundingBox())?.width, '说明 is wide enough to type in').toBeGreaterThan(150);
  await expectNoSideScroll(page, 'interface management with its drawer');
  await shoot(page, testInfo, 'admin-create');
  // The added row is a change: closing asks first.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '放弃修改' }).click();
  await expect(drawer(page)).toBeHidden();

  // User management and the demo user's quotas.
  await page.goto('/admin/user');
  const demoUser = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'user', exact: true }) });
  await expect(demoUser).toBeVisible();
  await expectNoSideScroll(page, 'user management');
  await shoot(page, testInfo, 'users');
  await demoUser.getByRole('button', { name: '调用额度' }).click();
  await expect(page.getByRole('spinbutton', { name: /」的剩余次数$/ }).first()).toBeVisible();
  await expectDrawerFillsScreen(page, 'the quota drawer');
  await expectNoSideScroll(page, 'user management with the quota drawer');
  await shoot(page, testInfo, 'users-quota');
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();

  await page.goto('/no/such/page');
  await expect(page.getByText('抱歉，你访问的页面不存在。')).toBeVisible();
  await expectNoSideScroll(page, 'the 404 page');
  await shoot(page, testInfo, '404');
});

test('a small tablet (700 px wide): the content keeps 24 px each side, not 40', async ({
  adminSession: page,
}) => {
  const width = 700;
  await page.setViewportSize({ width, height: 900 });
  const list = await openCatalogue(page);
  // Polled: the list can be between two renders (no box) right after its first card shows.
  await expect.poll(() => marginsOf(list, width)).toEqual([24, 24]);
});

test('phone: the 403 page fits the screen', async ({ userSession: page }, testInfo) => {
  await page.goto('/admin/interface_info');
  await expect(page.getByText('抱歉，你无权访问此页面。')).toBeVisible();
  await expectNoSideScroll(page, 'the 403 page');
  await shoot(page, testInfo, '403');
});
