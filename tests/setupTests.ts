import '@testing-library/jest-dom';

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
