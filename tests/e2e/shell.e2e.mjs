// The app shell: login, layout, access, logout, redirects, 404, request URLs.
import { assert, login, pathOf, submitLogin, userName, waitForPath } from './helpers.mjs';

export const scenarios = [
  {
    name: 'shell: logged out, / goes to the login page',
    async run({ page }) {
      await page.goto('/');
      await waitForPath(page, '/user/login');
      await page.getByLabel('密码').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Agler接口' }).count(), 1);
    },
  },
  {
    name: 'shell: admin logs in and sees home, name, watermark, footer year and admin menu',
    async run({ page }) {
      await login(page, 'admin');
      await waitForPath(page, '/');
      await userName(page, 'admin').waitFor();
      await page.getByText('管理页').first().waitFor();
      const year = String(new Date().getFullYear());
      await page.locator('footer').getByText(year, { exact: false }).first().waitFor();
      // ProLayout's watermark is a background image layer carrying the user's name.
      const watermark = await page.evaluate(() =>
        [...document.querySelectorAll('div')].some((el) => getComputedStyle(el).backgroundImage.startsWith('url("data:image')),
      );
      assert.ok(watermark, 'a watermark layer is drawn');
      await page.getByPlaceholder('站内搜索').waitFor();
      assert.equal(await page.locator('a[aria-label="使用文档"][target="_blank"]').count(), 1);
      await page.getByText('管理页').first().click();
      await page.getByRole('menuitem', { name: /接口管理/ }).waitFor();
      await page.getByRole('menuitem', { name: /接口分析/ }).waitFor();
    },
  },
  {
    name: 'shell: user sees no admin menu and gets 403 on /admin/interface_info',
    async run({ page }) {
      await login(page, 'user');
      await page.getByText('主页').first().waitFor();
      assert.equal(await page.getByText('管理页').count(), 0);
      await page.goto('/admin/interface_info');
      await page.getByText('抱歉，你无权访问此页面。').waitFor();
      assert.equal(await page.getByText('接口管理').count(), 0);
    },
  },
  {
    name: 'shell: logout from an admin page keeps the way back, and login returns there',
    async run({ page }) {
      await login(page, 'admin');
      await page.goto('/admin/interface_info?tab=1');
      await userName(page, 'admin').hover();
      await page.getByText('退出登录').click();
      await waitForPath(page, '/user/login?redirect=%2Fadmin%2Finterface_info%3Ftab%3D1');
      assert.equal(await page.getByText('个人中心').count(), 0);
      const session = await page.evaluate(() => fetch('/api/user/get/login').then((r) => r.json()));
      assert.equal(session.code, 40100, 'the session is gone');
      await submitLogin(page, 'admin');
      await waitForPath(page, '/admin/interface_info?tab=1');
    },
  },
  {
    name: 'shell: a redirect to another site is refused',
    async run({ page }) {
      await page.goto(`/user/login?redirect=${encodeURIComponent('https://example.com')}`);
      await submitLogin(page, 'user');
      await waitForPath(page, '/');
      assert.equal(new URL(page.url()).host, new URL(page.url()).host);
      assert.equal(pathOf(page), '/');
    },
  },
  {
    name: 'shell: wrong password shows the server message at the form',
    async run({ page }) {
      await page.goto('/user/login');
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill('wrong-password');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.getByRole('alert').getByText('账号或密码错误').waitFor();
      assert.equal(pathOf(page), '/user/login');
      await page.getByLabel('账号').fill('ab');
      await page.getByText('账号长度为 4 到 256 个字符').waitFor();
    },
  },
  {
    name: 'shell: an unknown path shows the 404 page with a way home',
    async run({ page }) {
      await login(page, 'user');
      await page.goto('/no/such/page');
      await page.getByText('抱歉，你访问的页面不存在。').waitFor();
      assert.equal(await page.locator('.ant-pro-layout').count(), 0, 'no main layout');
      await page.getByRole('button', { name: '返回主页' }).click();
      await waitForPath(page, '/');
    },
  },
  {
    name: 'shell: a lost session returns to login with the way back',
    async run({ page, context }) {
      await login(page, 'user');
      await page.goto('/?page=2');
      await userName(page, 'user').waitFor();
      await context.clearCookies();
      await page.getByPlaceholder('站内搜索').fill('天气');
      await page.getByPlaceholder('站内搜索').press('Enter');
      await page.waitForURL((url) => url.pathname === '/user/login');
      await submitLogin(page, 'user');
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('searchText') === '天气');
    },
  },
  {
    name: 'shell: no request URL carries a token fragment',
    async run({ page, requests }) {
      await login(page, 'admin');
      await page.goto('/admin/interface_info');
      await userName(page, 'admin').waitFor();
      const api = requests.filter((url) => url.includes('/api/'));
      assert.ok(api.length >= 2, 'API calls were made');
      for (const url of requests) {
        assert.ok(!/[?&]token\s*=/.test(url), `no token in ${url}`);
      }
    },
  },
];
