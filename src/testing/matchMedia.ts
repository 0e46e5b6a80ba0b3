/**
 * A stand-in for `window.matchMedia` whose queries match as `matches` says at the moment they
 * are read, with the listeners the page registers, by `addEventListener` or by the older
 * `addListener` that ProComponents still use; `changed()` tells them the system changed.
 */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) =>
    ({
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return { matchMedia, changed: () => listeners.forEach((listener) => listener()) };
}
