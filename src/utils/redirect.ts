import { HOME_PATH, LOGIN_PATH, REDIRECT_PARAM } from '@/constants';

type PathLocation = { pathname: string; search?: string };

/**
 * The place to go after login. Only a path on this site is followed: another
 * origin, a protocol-relative `//host`, `javascript:` and the like fall back
 * to the home page, so a crafted link cannot send a user elsewhere.
 */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  if (!redirect) return HOME_PATH;
  const target = redirect.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return HOME_PATH;
  }
  try {
    const base = 'http://same.origin';
    const url = new URL(target, base);
    if (url.origin !== base) return HOME_PATH;
    if (url.pathname === LOGIN_PATH) return HOME_PATH;
    return url.pathname + url.search + url.hash;
  } catch {
    return HOME_PATH;
  }
}

/**
 * The login URL that brings the user back to `location` afterwards. The home
 * page needs no redirect: it is where login leads anyway.
 */
export function loginUrlFor(location: PathLocation): string {
  const current = location.pathname + (location.search ?? '');
  if (location.pathname === LOGIN_PATH || current === HOME_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: current })}`;
}

/**
 * Where logging out leads (spec section 2): the login page with a redirect to
 * the current path and query, unless already on the login page (undefined: stay)
 * or a redirect parameter already exists (the plain login page).
 */
export function logoutTarget(location: PathLocation): string | undefined {
  if (location.pathname === LOGIN_PATH) return undefined;
  const params = new URLSearchParams(location.search ?? '');
  if (params.has(REDIRECT_PARAM)) return LOGIN_PATH;
  const current = location.pathname + (location.search ?? '');
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: current })}`;
}
