// Shared steps of the browser scenarios.
import assert from 'node:assert/strict';

export const ACCOUNTS = {
  admin: { account: 'admin', password: '12345678', name: '管理员' },
  user: { account: 'user', password: '12345678', name: '普通用户' },
};

/** Fills and submits the login form on the current page. */
export async function submitLogin(page, who) {
  const { account, password } = ACCOUNTS[who];
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Logs in from the login page and waits until the layout shows the user's name. */
export async function login(page, who, redirect) {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  await page.goto(`/user/login${query}`);
  await submitLogin(page, who);
  await userName(page, who).waitFor();
}

/** The user's name in the header. */
export function userName(page, who) {
  return page.getByText(ACCOUNTS[who].name, { exact: true }).filter({ visible: true }).first();
}

/** Waits until the page's path (and query, when given) is `expected`. */
export async function waitForPath(page, expected) {
  await page.waitForURL((url) => url.pathname + (expected.includes('?') ? url.search : '') === expected);
}

export function pathOf(page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export { assert };
