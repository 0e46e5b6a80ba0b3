/**
 * antd's styles, baked into one CSS file at build time (antd's "whole export",
 * https://ant.design/docs/react/server-side-rendering). In the browser antd finds each style's path
 * in the file's path map (`.data-ant-cssinjs-cache-path`) and uses the file's rules instead of
 * generating them: on a cold load that is 300 to 500 ms less of the main thread. Anything the file
 * lacks (ProComponents' styles, see isThemeScoped in ./pathMap.ts; the dark theme; reduced motion's
 * tokens; components that no first view shows) is generated at run time as before, so a missing
 * entry costs time, never a style.
 *
 * The inventory (./inventory.tsx) is rendered in jsdom as in a browser, not to a string: antd
 * inserts a component's style after its children's (insertion effects run child first), and a
 * parent's rules override its children's at equal weight that way (PageContainer's padding over
 * PageHeader's). The file keeps the order in which they were inserted.
 *
 * Usage: `NODE_ENV=production node --import tsx config/antdStyles/bake.tsx` writes the CSS to stdout
 * (config/plugins/antdStyles.ts runs it during `max build`).
 */
import { isThemeScoped, pathMapRule, readPathMap } from './pathMap';
import { installWindow } from './window';

/** Styles inserted after the first commit (effects setting state) are waited for until none come for… */
const QUIET_MS = 200;
/** …looking this often, for this long at most: a render that keeps inserting styles fails the bake. */
const LOOK_EVERY_MS = 50;
const SETTLE_WITHIN_MS = 5_000;

/** Resolves once `count()` has not changed for QUIET_MS. */
async function settled(count: () => number): Promise<void> {
  let last = count();
  let quietFor = 0;
  for (let waited = 0; waited < SETTLE_WITHIN_MS; waited += LOOK_EVERY_MS) {
    await new Promise((resolve) => {
      setTimeout(resolve, LOOK_EVERY_MS);
    });
    const now = count();
    quietFor = now === last ? quietFor + LOOK_EVERY_MS : 0;
    last = now;
    if (quietFor >= QUIET_MS) return;
  }
  throw new Error(`antd was still inserting styles after ${SETTLE_WITHIN_MS} ms`);
}

/** Renders the inventory and answers the file: the inserted styles in order, then the path map. */
export async function bakeAntdStyles(): Promise<string> {
  const window = installWindow();
  // antd and React read the window when they load: only after it is there.
  const [{ createCache, extractStyle }, { flushSync }, { createRoot }, { Inventory }] = await Promise.all([
    import('@ant-design/cssinjs'),
    import('react-dom'),
    import('react-dom/client'),
    import('./inventory'),
  ]);
  const cache = createCache();
  const root = createRoot(window.document.getElementById('root')!);
  // React reports a failed render or effect on the console and goes on: here it fails the bake.
  const errors: unknown[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    flushSync(() => root.render(<Inventory cache={cache} />));
    // What renders after the first commit (effects setting state) inserts its styles too.
    await settled(() => window.document.head.querySelectorAll('style[data-css-hash]').length);
  } finally {
    console.error = consoleError;
  }
  if (errors.length) throw new Error(`rendering the inventory failed: ${String(errors[0])}`);
  // extractStyle's text ends with the path map; its rules are the inserted ones, in another order.
  const pathMap = readPathMap(extractStyle(cache, true));
  if (!pathMap) throw new Error('antd inserted no styles: nothing to bake');
  const baked = pathMap.filter((entry) => isThemeScoped(entry.path));
  const bakedIds = new Set(baked.map((entry) => entry.id));
  const styles = [...window.document.head.querySelectorAll('style[data-css-hash]')]
    // Keyframes come in styles of their own (`_effect-<name>`), named with their theme's hash; a
    // baked path's are not inserted at run time, so all of them are in the file.
    .filter((style) => {
      const id = style.getAttribute('data-css-hash') ?? '';
      return id.startsWith('_effect-') || bakedIds.has(id);
    })
    .map((style) => style.textContent ?? '');
  flushSync(() => root.unmount());
  window.close();
  if (!styles.length) throw new Error('antd inserted no styles: nothing to bake');
  return `${styles.join('')}${pathMapRule(baked)}`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  bakeAntdStyles().then(
    // React's and antd's timers would keep the process alive: it ends once the CSS is written.
    (css) => process.stdout.write(css, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
