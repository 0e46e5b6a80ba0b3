import { useSyncExternalStore } from 'react';

/**
 * Light or dark: what the user chose in the header (remembered in localStorage), or the system's
 * colour scheme while they have chosen nothing. No imports through Umi's aliases: the build reads
 * this file in Node for index.html's inline script (config/plugins/skeleton.ts).
 */

export type ThemeMode = 'light' | 'dark';
/** 'system' follows `prefers-color-scheme`, and is what nobody has chosen yet. */
export type ThemePreference = 'system' | ThemeMode;
export type ThemeState = { preference: ThemePreference; mode: ThemeMode };

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'agler-theme';
/** The attribute on <html> that says which theme is painted: the static skeleton's CSS reads it. */
export const THEME_ATTRIBUTE = 'data-agler-theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

const isPreference = (value: unknown): value is ThemePreference =>
  typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);

export function resolveTheme(preference: ThemePreference, systemDark: boolean): ThemeMode {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/**
 * index.html's first inline script: marks <html> with the theme before the skeleton paints, so a
 * dark page never flashes white. The same rule as resolveTheme, in ES5; storage that throws
 * (blocked cookies) counts as no choice.
 */
export const themeScript = (): string =>
  `(function(){var p;try{p=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}` +
  `var d=p==='dark'||(p!=='light'&&!!window.matchMedia&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);` +
  `document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},d?'dark':'light')})();`;

/** A choice the browser refused to store (private mode, blocked cookies): it holds until the page closes. */
let unsaved: ThemePreference | undefined;

function readPreference(): ThemePreference {
  if (unsaved) return unsaved;
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

const systemDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

const listeners = new Set<() => void>();
let current: ThemeState | undefined;

/** The current theme; the same object until the preference or the system's scheme changes. */
export function getThemeState(): ThemeState {
  const preference = readPreference();
  const mode = resolveTheme(preference, systemDark());
  if (!current || current.preference !== preference || current.mode !== mode) current = { preference, mode };
  return current;
}

const notify = () => listeners.forEach((listener) => listener());

/** Remembers the user's choice ('system' forgets it) and repaints every subscriber. */
export function setThemePreference(preference: ThemePreference) {
  try {
    if (preference === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
    unsaved = undefined;
  } catch {
    unsaved = preference;
  }
  notify();
}

/** Listens to the system's scheme and to the choice made in another tab. */
function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener();
  };
  media?.addEventListener?.('change', listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribe, getThemeState, getThemeState);
}

/** Marks <html> as index.html's script does, and lets the browser draw its own parts to match. */
export function paintDocument(mode: ThemeMode) {
  const root = document.documentElement;
  root.setAttribute(THEME_ATTRIBUTE, mode);
  root.style.colorScheme = mode;
}
