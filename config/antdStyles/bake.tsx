/**
 * antd's styles, baked into one CSS file at build time (antd's "whole export",
 * https://ant.design/docs/react/server-side-rendering). In the browser antd finds each style's path
 * in the file's path map (`.data-ant-cssinjs-cache-path`) and uses the file's rules instead of
 * generating them: on a cold load that is 300 to 500 ms less of the main thread. Anything the file
 * lacks (ProComponents' styles, see isThemeScoped; the dark theme; reduced motion's tokens; a modal)
 * is generated at run time as before, so a missing entry costs time, never a style.
 *
 * The inventory (./inventory.tsx) is rendered in jsdom as in a browser, not to a string: antd
 * inserts a component's style after its children's (insertion effects run child first), and a
 * parent's rules override its children's at equal weight that way (PageContainer's padding over
 * PageHeader's). The file keeps the order in which they were inserted.
 *
 * Usage: `node --import tsx config/antdStyles/bake.tsx` writes the CSS to stdout
 * (config/plugins/antdStyles.ts runs it during `max build`).
 */
import { JSDOM, VirtualConsole } from 'jsdom';

/** The window the inventory is drawn in: a desktop's width, so the layout has its side menu. */
const VIEWPORT_WIDTH = 1280;

/** `(min-width: 768px)` and `(max-width: 575.98px)` as a window VIEWPORT_WIDTH wide answers them. */
export function matchesWidth(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  return (!min || VIEWPORT_WIDTH >= Number(min[1])) && (!max || VIEWPORT_WIDTH <= Number(max[1]));
}

function installWindow() {
  const dom = new JSDOM('<!DOCTYPE html><html><head></head><body><div id="root"></div></body></html>', {
    pretendToBeVisual: true,
    url: 'http://localhost/',
    // jsdom's CSS parser knows no @layer and says so for every style: nothing here reads them.
    virtualConsole: new VirtualConsole(),
  });
  const { window } = dom;
  Object.defineProperty(window, 'innerWidth', { value: VIEWPORT_WIDTH });
  // ProComponents still listen with the old addListener.
  window.matchMedia = (query: string) =>
    ({
      matches: matchesWidth(query),
      media: query,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
  // Nothing here is laid out, and jsdom's cascade runs through every inserted rule on each call:
  // every computed property reads as unset.
  const unset = new Proxy({}, { get: (_, name) => (name === 'getPropertyValue' ? () => '' : '') });
  window.getComputedStyle = () => unset as CSSStyleDeclaration;
  // Node's own globals stay; the window's classes (HTMLElement, SVGElement, ...) and objects join them.
  const globals: Record<string, unknown> = {
    window,
    document: window.document,
    navigator: window.navigator,
    location: window.location,
    getComputedStyle: window.getComputedStyle,
    matchMedia: window.matchMedia,
    requestAnimationFrame: window.requestAnimationFrame.bind(window),
    cancelAnimationFrame: window.cancelAnimationFrame.bind(window),
  };
  for (const name of Object.getOwnPropertyNames(window)) {
    if (/^[A-Z]/.test(name) && !(name in globalThis))
      globals[name] = (window as unknown as Record<string, unknown>)[name];
  }
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  return window;
}

/**
 * Whether a style path's rules only reach elements drawn in its theme: antd's components'
 * (`<token hash>|layer|Button-Button|ant-btn|anticon`) sit under `:where(.css-<hash>)` and the
 * icons' set nothing that changes with the theme. ProComponents' (`<token hash>|layer|ProLayout`)
 * write `.ant-pro-layout ...` for every theme: baked in the light theme's colours they would paint
 * over the dark theme's, so they stay generated at run time.
 */
export function isThemeScoped(path: string): boolean {
  return path.split('|').some((part) => part === 'ant' || part.startsWith('ant-'));
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
    await new Promise((resolve) => {
      setTimeout(resolve, 200);
    });
  } finally {
    console.error = consoleError;
  }
  if (errors.length) throw new Error(`rendering the inventory failed: ${String(errors[0])}`);
  // extractStyle's text ends with the path map (path:style id;...); its rules are the inserted
  // ones, in another order.
  const pathMap = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(extractStyle(cache, true));
  if (!pathMap) throw new Error('antd inserted no styles: nothing to bake');
  const baked = pathMap[1]
    .split(';')
    .filter((entry) => isThemeScoped(entry.slice(0, entry.lastIndexOf(':'))));
  const bakedIds = new Set(baked.map((entry) => entry.slice(entry.lastIndexOf(':') + 1)));
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
  return `${styles.join('')}.data-ant-cssinjs-cache-path{content:"${baked.join(';')}";}`;
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
