// What the browser scenarios share: logging in with the demo accounts, calling the API from a
// page's session, and the fixtures every test gets.
import { ResponseCode } from '@agler/contract/constants';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

/** A demo account, by its account name. */
export type Who = 'admin' | 'user';

function demoAccount(who: Who) {
  const found = DEMO_ACCOUNTS.find((account) => account.userAccount === who);
  if (!found) throw new Error(`no demo account "${who}"`);
  return found;
}

/** A seeded interface: 天气查询, online, the newest of the catalogue. */
export const WEATHER_ID = '1800000000000000001';

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, who: Who) {
  const { userAccount, userPassword } = demoAccount(who);
  await page.getByLabel('账号').fill(userAccount);
  await page.getByLabel('密码').fill(userPassword);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** The user's name in the header. */
export function userName(page: Page, who: Who) {
  return page.getByText(demoAccount(who).userName, { exact: true }).filter({ visible: true }).first();
}

/** Logs in from the login page (returning to `redirect` afterwards) and waits for the user's name. */
export async function login(page: Page, who: Who, redirect?: string) {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  await page.goto(`/user/login${query}`);
  await submitLogin(page, who);
  await expect(userName(page, who)).toBeVisible();
}

/**
 * Starts a session for `who` through the API, as the login form would, without opening a page:
 * for scenarios whose first step is opening their own address (one full page load instead of
 * the login page's, the home page's and then their own).
 */
export async function loginByApi(page: Page, who: Who) {
  const { userAccount, userPassword } = demoAccount(who);
  // page.request shares the page's cookies: the session cookie the answer sets is the page's.
  const answer = await page.request.post('/api/user/login', { data: { userAccount, userPassword } });
  expect(answer.ok(), `POST /api/user/login answered HTTP ${answer.status()}`).toBe(true);
  expect(((await answer.json()) as { code: number }).code, 'the login was accepted').toBe(ResponseCode.SUCCESS);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * For `expect(page).toHaveURL(...)`: the page is at `expected`, a path (any query then) or a path
 * with its query (that exact query).
 */
export function atPath(expected: string): RegExp {
  const query = expected.includes('?') ? '' : '(\\?[^#]*)?';
  return new RegExp(`^[a-z]+://[^/]+${escapeRegExp(expected)}${query}(#.*)?$`);
}

/** Filters the interface management table by name through its search form and waits for the answer. */
export async function searchTable(page: Page, name: string) {
  const search = page.locator('.ant-pro-table-search');
  await search.getByLabel('接口名称').fill(name);
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/interfaceInfo/list/page') && r.url().includes('name='),
  );
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await answered;
}

/**
 * The call panel's answer after the weather demo refused `"unit": "k"`: a failure that is the
 * interface's own HTTP 400, with its reason and the platform's code for it.
 */
export async function expectWeatherUnitRefused(result: Locator) {
  await expect(result.getByText('失败', { exact: true })).toBeVisible();
  await expect(result.getByText('400 Bad Request', { exact: true })).toBeVisible();
  await expect(result.getByRole('alert')).toContainText(/^接口返回错误 400/);
  await expect(
    result.getByText('接口返回了错误状态 HTTP 400：参数 unit 只能是 c、f 之一', { exact: true }),
  ).toBeVisible();
  await expect(result.getByText('错误码 50200')).toBeVisible();
}

/**
 * Waits until nothing moves: a drawer or popup that is still fading in has its text at a
 * fraction of its colour, which axe would measure. Endless animations (spinners, skeletons) are
 * not waited for.
 */
export async function settle(page: Page) {
  // antd's motion starts a dialog's opening a frame after it mounts, and marks it with a class
  // (…-appear, …-enter) until it ends; without this wait axe would measure half-faded text.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      }),
  );
  await page.waitForFunction(
    () => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"]'),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // CSS transitions of antd's motion end with a class change one frame later.
  await page.waitForTimeout(100);
}

/**
 * Clicks the button named `name` of the open confirmation popover (下线, 删除, …) once it has
 * stopped moving, since a click while it still zooms in can land beside the button.
 */
export async function confirmPopover(page: Page, name: RegExp) {
  await settle(page);
  await page.locator('.ant-popover:not(.ant-popover-hidden)').last().getByRole('button', { name }).click();
}

/** The table rows that show `name`. */
/** How many of the recorded requests went to `apiPath`. */
export const count = (requests: string[], apiPath: string) =>
  requests.filter((url) => url.includes(apiPath)).length;

export const rowOf = (page: Page, name: string) => page.locator('tr.ant-table-row').filter({ hasText: name });

/** `yyyy-MM-dd` of today moved by `days`, in the browser's time zone (the page's). */
export function dayInBrowser(page: Page, days = 0) {
  return page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  }, days);
}

/** A phone's screen, as the phone scenarios use it. */
export const PHONE = { width: 375, height: 812 };

/** The page's own width: wider than the screen means the whole page scrolls sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The API's envelope. */
export type Envelope<T> = { code: number; data: T; message: string };

/**
 * Calls the API with the page's session: a GET, or a POST of `body` as JSON. Ids beyond 2^53
 * come back as bare numbers; they are kept as text.
 */
export async function api<T = unknown>(page: Page, apiPath: string, body?: unknown): Promise<Envelope<T>> {
  const text = await page.evaluate(
    async ([url, json]) => {
      const init =
        json === undefined
          ? {}
          : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json };
      return (await fetch(url, init)).text();
    },
    [apiPath, body === undefined ? undefined : JSON.stringify(body)] as const,
  );
  return JSON.parse(text.replace(/"(id|userId|data)":(\d{16,})/g, '"$1":"$2"'));
}

/** Fails the test at its end if the page threw an uncaught error at any time. */
function watchPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'uncaught page errors').toEqual([]);
}

type Fixtures = {
  /** Every URL the test's browser context requested, in order. */
  requests: string[];
  /** The test's page, logged in as admin (管理员). */
  adminPage: Page;
  /** The test's page, logged in as user (普通用户). */
  userPage: Page;
  /** The test's page with admin's session started by the API, on no address yet: the test opens its own. */
  adminSession: Page;
  /** The test's page with user's session started by the API, on no address yet: the test opens its own. */
  userSession: Page;
  /** A second browser session, logged in as `who`, beside the test's own page. */
  newSession: (who: Who) => Promise<Page>;
};

export const test = base.extend<Fixtures>({
  requests: [
    async ({ context }, use) => {
      const urls: string[] = [];
      context.on('request', (request) => urls.push(request.url()));
      await use(urls);
    },
    // Recording starts before any page of the test loads, logins included.
    { auto: true },
  ],
  page: async ({ page }, use) => {
    const checkPageErrors = watchPageErrors(page);
    await use(page);
    checkPageErrors();
  },
  adminPage: async ({ page }, use) => {
    await login(page, 'admin');
    await use(page);
  },
  userPage: async ({ page }, use) => {
    await login(page, 'user');
    await use(page);
  },
  adminSession: async ({ page }, use) => {
    await loginByApi(page, 'admin');
    await use(page);
  },
  userSession: async ({ page }, use) => {
    await loginByApi(page, 'user');
    await use(page);
  },
  newSession: async ({ browser }, use) => {
    const sessions: { close: () => Promise<void>; checkPageErrors: () => void }[] = [];
    await use(async (who) => {
      // Inside a test, a new context gets the config's options (base URL, viewport, locale).
      const context = await browser.newContext();
      const page = await context.newPage();
      sessions.push({ close: () => context.close(), checkPageErrors: watchPageErrors(page) });
      await login(page, who);
      return page;
    });
    for (const session of sessions) await session.close();
    for (const session of sessions) session.checkPageErrors();
  },
});
