import { DARK_QUERY, resolveTheme, THEME_ATTRIBUTE, THEME_STORAGE_KEY, themeScript } from './theme';

/** Runs index.html's inline script as the browser would, with this system scheme. */
function runScript(systemDark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query === DARK_QUERY && systemDark,
  })) as typeof window.matchMedia;
  document.documentElement.removeAttribute(THEME_ATTRIBUTE);
  // eslint-disable-next-line no-new-func
  new Function(themeScript())();
  return document.documentElement.getAttribute(THEME_ATTRIBUTE);
}

describe('the theme', () => {
  const jsdomMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
    window.localStorage.clear();
  });

  it('follows the system unless light or dark was chosen', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it("index.html's script marks the page the same way before anything else runs", () => {
    expect(runScript(true)).toBe('dark');
    expect(runScript(false)).toBe('light');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(runScript(false)).toBe('dark');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(runScript(true)).toBe('light');
  });

  it('is plain ES5 without line breaks, as an inline script hashed by the server', () => {
    const script = themeScript();
    expect(script).not.toMatch(/=>|\blet\b|\bconst\b|`|\n/);
  });
});
