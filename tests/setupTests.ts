import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';

// Browsers and Node have TextEncoder/TextDecoder; jsdom's window does not.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Server and contract tests run in a node environment, without a window.
if (typeof window !== 'undefined') {
  // jsdom has no layout engine: antd's responsive helpers need matchMedia.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  // antd's portals measure scrollbars through getComputedStyle with a pseudo element, which jsdom lacks.
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

// Role queries check every element's visibility through getComputedStyle, which is slow in
// jsdom with antd's CSS-in-JS; tests assert visibility explicitly where it matters.
configure({ defaultHidden: true });
