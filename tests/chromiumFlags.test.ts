/**
 * @jest-environment node
 */
// Chromium keeps only the last --disable-features it is given, so tests/e2e/chromium.json must repeat
// Playwright's list (checked here against the installed playwright-core) besides adding the omnibox
// popup, which the new headless mode renders for every browser context at a real cost.
import fs from 'node:fs';
import path from 'node:path';
import chromium from './e2e/chromium.json';

const OURS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The features Playwright turns off when it launches Chromium, as its installed bundle lists them. */
function playwrightsDisabledFeatures(): string[] {
  const bundle = fs.readFileSync(path.join(__dirname, '../node_modules/playwright-core/lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1] ?? '';
  return [...list.matchAll(/"(\w+)"/g)].map((match) => match[1]);
}

const disableFeatureArgs = chromium.args.filter((arg) => arg.startsWith('--disable-features='));

test('the launch options give one --disable-features list', () => {
  expect(disableFeatureArgs).toHaveLength(1);
});

test("that list keeps every feature Playwright turns off, and turns off the omnibox popup's renderer", () => {
  const ours = disableFeatureArgs[0].slice('--disable-features='.length).split(',');
  const playwrights = playwrightsDisabledFeatures();
  // Read from the bundle: an upgrade that moved the list would otherwise pass with nothing to compare.
  expect(playwrights.length).toBeGreaterThan(5);
  expect(ours).toEqual(expect.arrayContaining([...playwrights, ...OURS]));
});
