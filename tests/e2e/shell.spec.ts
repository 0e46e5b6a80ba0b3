// The app shell: login, layout, access, logout, redirects, 404, request URLs.
import { api, atPath, expect, submitLogin, test, userName } from './fixtures';

test('shell: logged out, / goes to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(atPath('/user/login'));
  await expect(page.getByLabel('密码')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agler接口' })).toHaveCount(1);
});

test('shell: admin logs in and sees home, name, watermark, footer year and admin menu', async ({
  adminPage: page,
}) => {
  await expect(page).toHaveURL(atPath('/'));
  await expect(userName(page, 'admin')).toBeVisible();
  await expect(page.getByText('管理页').first()).toBeVisible();
  // 主页 has a menu key of its own (config/routes.ts): it is still the chosen item at /.
  await expect(page.locator('.ant-menu-item-selected')).toHaveText(/主页/);
  const year = String(new Date().getFullYear());
  await expect(page.locator('footer').getByText(year, { exact: false }).first()).toBeVisible();
  // ProLayout's watermark is a background image layer carrying the user's name.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('div')].some((el) =>
            getComputedStyle(el).backgroundImage.startsWith('url("data:image'),
          ),
        ),
      { message: 'a watermark layer is drawn' },
    )
    .toBe(true);
  await expect(page.getByPlaceholder('站内搜索')).toBeVisible();
  await expect(page.locator('a[aria-label="使用文档"][target="_blank"]')).toHaveCount(1);
  await page.getByText('管理页').first().click();
  await expect(page.getByRole('menuitem', { name: /接口管理/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /接口分析/ })).toBeVisible();
});

test('shell: an admin page opens with its submenu open from the first frame', async ({ adminPage: page }) => {
  // Every state 管理页's submenu is ever drawn in, from the first node the page adds.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { submenuStates: string[] }).submenuStates = seen;
    new MutationObserver(() => {
      const submenu = document.querySelector('.ant-pro-sider .ant-menu-submenu');
      if (!submenu) return;
      const state = submenu.classList.contains('ant-menu-submenu-open') ? 'open' : 'closed';
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.goto('/admin/interface_info');
  await expect(page.getByRole('menuitem', { name: /接口管理/ })).toBeVisible();
  const states = await page.evaluate(() => (window as unknown as { submenuStates: string[] }).submenuStates);
  expect(states).toEqual(['open']);
});

test('shell: user sees no admin menu and gets 403 on /admin/interface_info', async ({ userPage: page }) => {
  await expect(page.getByText('主页').first()).toBeVisible();
  await expect(page.getByText('管理页')).toHaveCount(0);
  await page.goto('/admin/interface_info');
  await expect(page.getByText('抱歉，你无权访问此页面。')).toBeVisible();
  await expect(page.getByText('接口管理')).toHaveCount(0);
});

test('shell: logout from an admin page keeps the way back, and login returns there', async ({
  adminSession: page,
}) => {
  await page.goto('/admin/interface_info?tab=1');
  // The user leaves a page that has loaded: the table's request is not in flight.
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await userName(page, 'admin').hover();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(atPath('/user/login?redirect=%2Fadmin%2Finterface_info%3Ftab%3D1'));
  await expect(page.getByText('个人中心')).toHaveCount(0);
  expect((await api(page, '/api/user/get/login')).code, 'the session is gone').toBe(40100);
  await submitLogin(page, 'admin');
  await expect(page).toHaveURL(atPath('/admin/interface_info?tab=1'));
});

test('shell: a redirect to another site is refused', async ({ page, baseURL }) => {
  await page.goto(`/user/login?redirect=${encodeURIComponent('https://example.com')}`);
  await submitLogin(page, 'user');
  // This site's home, no query.
  await expect(page).toHaveURL(new URL('/', baseURL).href);
});

test('shell: wrong password shows the server message at the form', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('alert').getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL('/user/login');
  await page.getByLabel('账号').fill('ab');
  await expect(page.getByText('账号长度应为 4 到 256 个字符')).toBeVisible();
});

test('shell: an unknown path shows the 404 page with a way home', async ({ userSession: page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('抱歉，你访问的页面不存在。')).toBeVisible();
  await expect(page.locator('.ant-pro-layout'), 'no main layout').toHaveCount(0);
  await page.getByRole('button', { name: '返回主页' }).click();
  await expect(page).toHaveURL(atPath('/'));
});

test('shell: a lost session returns to login with the way back', async ({ userSession: page, context }) => {
  await page.goto('/?current=2');
  await expect(userName(page, 'user')).toBeVisible();
  // The catalogue has answered: its own first load cannot be the one that finds the session gone.
  const nextPage = page.locator('.ant-pagination-item-3');
  await expect(nextPage).toBeVisible();
  await context.clearCookies();
  // The next page of the catalogue asks the API, which finds the session gone.
  await nextPage.click();
  await expect(page).toHaveURL(atPath('/user/login'));
  await submitLogin(page, 'user');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('current') === '3');
});

test('shell: no request URL carries a token fragment', async ({ adminPage: page, requests }) => {
  await page.goto('/admin/interface_info');
  await expect(userName(page, 'admin')).toBeVisible();
  expect(
    requests.filter((url) => url.includes('/api/')).length,
    'API calls were made',
  ).toBeGreaterThanOrEqual(2);
  expect(requests.filter((url) => /[?&]token\s*=/.test(url))).toEqual([]);
});
