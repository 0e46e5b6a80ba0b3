// Size budgets, in gzip bytes of JS+CSS, checked by `node tests/bench/budget.mjs` in CI.
// Bytes are computed from the build (level-6 gzip of the files in dist/), so they are stable.
export const KB = 1024;

export const budgets = {
  // Everything the login page downloads when opened directly with a cold cache: the entry chunk and
  // CSS, antd's stylesheet extracted at build time (config/antdStyles/extract.tsx) and its own chunks.
  'route /user/login': 365 * KB,
  // `/` opened logged out: what is downloaded before the redirect lands on the login page.
  // Must not exceed the login route (no page or layout chunk is fetched; budget.mjs also checks that).
  'route / (logged out)': 365 * KB,
  // Each page opened directly with a session and a cold cache, up to its content: entry, layout, the
  // page's chunks and what they share. Set a little above today's sizes (docs/performance.md), so
  // that a page which starts pulling in another library is noticed.
  'route / (logged in)': 650 * KB,
  // Its details are antd's Descriptions: ProDescriptions would bring every ProField.
  'route /interface_info/:id (logged in)': 760 * KB,
  // ProTable brings ProComponents' field with every value type it knows.
  'route /admin/interface_info (logged in)': 1000 * KB,
  // Its charts are drawn with Chart.js, with only the parts it draws registered.
  'route /admin/interface_analysis (logged in)': 850 * KB,
  // Each page's own chunk (p__*.js), without the chunks it shares with other pages.
  'chunk p__User__Login__index': 12 * KB,
  'chunk p__User__Register__index': 12 * KB,
  'chunk p__404__index': 4 * KB,
  'chunk p__Index__index': 40 * KB,
  'chunk p__InterfaceInfo__index': 40 * KB,
  'chunk p__Admin__InterfaceInfo__index': 40 * KB,
  'chunk p__Admin__InterfaceAnalysis__index': 40 * KB,
  'chunk p__Account__Center__index': 40 * KB,
  'chunk p__Admin__User__index': 40 * KB,
  'chunk p__Admin__Plan__index': 40 * KB,
  // 我的用量 and 通知设置, with their English (PageNamespace in src/locales/index.ts).
  'chunk p__Account__Usage__index': 16 * KB,
  'chunk p__Account__Notifications__index': 9 * KB,
  // The bell's list, fetched when it is first opened; 申请额度's form, at its first click (ProForm
  // itself is in the chunks it shares).
  'chunk alert-panel': 7 * KB,
  'chunk quota-request': 4 * KB,
  // The layout chunk of the logged-in pages.
  'chunk t__plugin-layout__Layout': 20 * KB,
  // Every English text and antd's English, fetched only by a page in English.
  'chunk lang-en-US': 17 * KB,
};
