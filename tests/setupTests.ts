import '@testing-library/jest-dom';
// The pure entry registers no clean-up: installConsoleRule's comes first (see src/testing/console.ts).
import { configure } from '@testing-library/react/pure';
import { TextDecoder, TextEncoder } from 'util';
import { installConsoleRule } from '../src/testing/console';
import { fakeMatchMedia } from '../src/testing/matchMedia';
import { UI_WAIT_MS } from '../src/testing/waits';

// findBy* and waitFor wait as long as a busy CI machine needs, longer than Testing Library's default.
configure({ asyncUtilTimeout: UI_WAIT_MS });

// A test fails on a console.error or console.warn it did not declare (see src/testing/console.ts).
installConsoleRule();

// Browsers and Node have TextEncoder/TextDecoder; jsdom's window does not.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Server and contract tests run in a node environment, without a window.
if (typeof window !== 'undefined') {
  // jsdom has no layout engine: antd's responsive helpers need matchMedia. No query matches.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: fakeMatchMedia(() => false).matchMedia,
  });

  // antd's portals measure scrollbars through getComputedStyle with a pseudo element, which jsdom lacks.
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}
