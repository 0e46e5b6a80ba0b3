// The axe-core check the browser scenarios share: injects axe into the page once, runs the WCAG
// 2.1 A/AA rules on the whole document once the layout is drawn and nothing moves, and fails
// softly with a readable list of what is serious or critical.
import type { Page, TestInfo } from '@playwright/test';
import path from 'node:path';
import { expect, settle } from './fixtures';

const AXE_PATH = path.join(__dirname, '../../node_modules/axe-core/axe.min.js');
/** WCAG 2.0 and 2.1, levels A and AA: what the console promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = ['serious', 'critical'];

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * A violation that comes from inside a third-party widget and cannot be fixed from the outside:
 * the rule and a CSS selector for exactly the nodes it concerns, and why it is left.
 */
export type Known = { rule: string; node: string; why: string };

/** Below this width ProLayout folds the side menu into a drawer behind the header's menu button. */
const PHONE_LAYOUT_BELOW = 768;

/**
 * Waits for the layout's parts that render after the page (src/utils/afterPage.ts): the side
 * menu's items (on a phone its button) and the header's user. Measured before them, axe would
 * judge the menu's placeholders and miss the colours of the menu itself. Pages without the layout
 * (login, register, 404) have none.
 */
export async function layoutDrawn(page: Page) {
  if ((await page.locator('.ant-pro-layout').count()) === 0) return;
  const phone = (page.viewportSize()?.width ?? PHONE_LAYOUT_BELOW) < PHONE_LAYOUT_BELOW;
  if (phone) await expect(page.locator('.agler-menu-button')).toBeVisible();
  else {
    await expect(page.locator('.ant-pro-sider .ant-menu-item').first()).toBeVisible();
    await expect(page.locator('.ant-pro-sider .agler-sk-menus')).toHaveCount(0);
  }
  await expect(page.locator('.ant-pro-global-header .ant-avatar').first()).toBeVisible();
}

/**
 * Runs axe on the whole document and fails with a readable list of what is serious or critical,
 * but for the `known` nodes. Soft: a run goes on through all the pages and lists every finding.
 */
export async function expectAccessible(page: Page, where: string, known: Known[] = []) {
  await layoutDrawn(page);
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(
    async ({ tags, skip }) => {
      type Axe = { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> };
      const { axe } = window as unknown as { axe: Axe };
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      const isKnown = (id: string, target: unknown[]) => {
        const el = typeof target[0] === 'string' ? document.querySelector(target[0]) : null;
        return !!el && skip.some((k) => k.rule === id && el.matches(k.node));
      };
      return result.violations
        .map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          nodes: nodes
            .filter(({ target }) => !isKnown(id, target))
            .map(({ target, failureSummary }) => ({ target, failureSummary })),
        }))
        .filter((v) => v.nodes.length > 0);
    },
    { tags: WCAG_TAGS, skip: known.map(({ rule, node }) => ({ rule, node })) },
  );
  const blocking = violations.filter((v) => BLOCKING.includes(v.impact ?? ''));
  const report = blocking.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n` +
      v.nodes
        .slice(0, 4)
        .map(
          (n) =>
            `    ${JSON.stringify(n.target)} ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`,
        )
        .join('\n'),
  );
  expect.soft(report, `serious or critical axe violations on ${where}`).toEqual([]);
}

/** rc-select's (antd AutoComplete's) own markup, as the header search opens it. */
export const SELECT_KNOWN: Known[] = [
  {
    rule: 'aria-valid-attr-value',
    node: 'input[aria-activedescendant$="_list_-1"]',
    why:
      'with no option active (defaultActiveFirstOption={false}, so Enter searches the typed text) ' +
      'rc-select still points aria-activedescendant at an option id ending in _list_-1',
  },
];

/**
 * At 375 px the interface page's code samples' tabs overflow, and antd puts its 'more' button
 * inside the tablist: a third-party structure, the same in every theme and language.
 */
export const CODE_TABS_ON_A_PHONE: Known = {
  rule: 'aria-required-children',
  node: '.ant-tabs-nav',
  why: "at 375 px the code samples' tabs overflow and antd puts its 'more' button inside the tablist",
};

/** Keeps a screenshot in the report: the colours a reviewer compares with the previous look. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}
