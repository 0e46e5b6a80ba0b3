import { JSDOM, VirtualConsole } from 'jsdom';
import { fakeMatchMedia } from '../../src/testing/matchMedia';

/** The window the inventory is drawn in: a desktop's width, so the layout has its side menu. */
export const VIEWPORT_WIDTH = 1280;

/**
 * `(min-width: 768px)` and `(max-width: 575.98px)` as a window VIEWPORT_WIDTH wide answers them;
 * a query about anything else (a dark scheme, less motion) does not match, as on a default system.
 */
export function matchesWidth(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || VIEWPORT_WIDTH >= Number(min[1])) && (!max || VIEWPORT_WIDTH <= Number(max[1]));
}

/** A jsdom window VIEWPORT_WIDTH wide, made the process's globals as React and antd expect a browser's. */
export function installWindow() {
  const dom = new JSDOM('<!DOCTYPE html><html><head></head><body><div id="root"></div></body></html>', {
    pretendToBeVisual: true,
    url: 'http://localhost/',
    // jsdom's CSS parser knows no @layer and says so for every style: nothing here reads them.
    virtualConsole: new VirtualConsole(),
  });
  const { window } = dom;
  Object.defineProperty(window, 'innerWidth', { value: VIEWPORT_WIDTH });
  window.matchMedia = fakeMatchMedia(matchesWidth).matchMedia;
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
