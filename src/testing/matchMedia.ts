/**
 * A stand-in for `window.matchMedia` whose queries match as `matches` says at the moment they
 * are read, with the listeners the page registers; `changed()` tells them the system changed.
 */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) =>
    ({
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return { matchMedia, changed: () => listeners.forEach((listener) => listener()) };
}
