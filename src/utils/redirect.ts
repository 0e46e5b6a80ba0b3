import { HOME_PATH, LOGIN_PATH, PUBLIC_PATHS, REDIRECT_PARAM } from '@/constants';

type PathLocation = { pathname: string; search?: string };

/** Any origin does: only whether a target stays on it matters. */
const SITE = 'http://same.origin';
/** `%252f` is `%2f` once decoded, `/` twice; a real path is stable long before this. */
const MAX_DECODES = 4;

function resolve(path: string): URL | undefined {
  try {
    const url = new URL(path, SITE);
    return url.origin === SITE ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A path the browser would read as another host: `//host` or `/\host`. */
function leavesSite(pathname: string): boolean {
  return pathname.startsWith('//') || pathname.startsWith('/\\');
}

/**
 * The target resolved against this site, if it stays here however it is read:
 * resolved (dot segments, backslashes, tabs and newlines as the browser treats
 * them), and again after each decoding (`%2e`, `%2f`, `%5c` spell the same).
 */
function onSite(target: string): URL | undefined {
  const url = resolve(target);
  if (!url) return undefined;
  let pathname = url.pathname;
  for (let i = 0; i < MAX_DECODES; i += 1) {
    if (leavesSite(pathname)) return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const again = resolve(decoded);
    if (!again) return undefined;
    if (again.pathname === pathname) return url;
    pathname = again.pathname;
  }
  return undefined;
}

/**
 * The place to go after login. Only a path on this site is followed: another
 * origin, a protocol-relative `//host` (also when spelled `/..//host`,
 * `/%2e%2e//host`, `/%2f%2fhost` or with a backslash), `javascript:` and the
 * like fall back to the home page, so a crafted link cannot send a user elsewhere.
 * The login and register pages are no place to return to once logged in.
 */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  const target = redirect?.trim();
  if (!target || !target.startsWith('/')) return HOME_PATH;
  const url = onSite(target);
  if (!url || PUBLIC_PATHS.includes(url.pathname)) return HOME_PATH;
  return url.pathname + url.search + url.hash;
}

/**
 * Where the user is: the address bar's path and query. Read from the window,
 * not the router: the admin table keeps its state in the query through
 * `history.replaceState` (ProTable's syncToUrl), which the router does not see.
 */
export function currentLocation(): PathLocation {
  return { pathname: window.location.pathname, search: window.location.search };
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
