/**
 * The framework as every jest test gets it: `src/testing/__mocks__/@umijs/max.tsx` hands out what
 * this file makes, in place of Umi's runtime, which needs the app's router and plugins around a page.
 * A test sets the user, the route's params and the address bar, and reads the navigation from the
 * `history` it imports from '@umijs/max'. A test that runs a page inside Umi's own router calls
 * `jest.unmock('@umijs/max')`.
 */
import type { History } from '@umijs/max';
import type { AnchorHTMLAttributes, SetStateAction } from 'react';
import access from '@/access';
import type { InitialState } from '@/app';

type Umi = typeof import('@umijs/max');

/** Umi's own module, loaded only by the tests that call its request layer or make its history. */
const actual = () => jest.requireActual<Umi>('@umijs/max');

let madeHistory: History | undefined;

/** Umi's createHistory: the history it makes is where `history` below navigates from then on. */
export const createHistory: Umi['createHistory'] = (options) => {
  madeHistory = actual().createHistory(options);
  return madeHistory;
};

/**
 * The history the pages navigate with: each call is recorded, and made on the history a test made
 * with createHistory (the request layer's tests read the address it leads to).
 */
export const history = {
  back: jest.fn(() => madeHistory?.back()),
  push: jest.fn((to: string, state?: unknown) => madeHistory?.push(to, state)),
  replace: jest.fn((to: string, state?: unknown) => madeHistory?.replace(to, state)),
  get action() {
    return madeHistory?.action;
  },
  get location() {
    return madeHistory?.location;
  },
} as unknown as Umi['history'];

/** Umi's own request layer and matchPath, loaded at their first call. */
type Request = (url: string, options?: object) => Promise<unknown>;
export const request = ((url: string, options?: object) => (actual().request as Request)(url, options)) as Umi['request'];

export const matchPath: Umi['matchPath'] = (pattern, pathname) => actual().matchPath(pattern, pathname);

/** A link as a plain anchor to its address: no router is needed to render or read it. */
export function Link({ to, ...props }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a href={to} {...props} />;
}

/** The document's title is the browser suite's concern. */
export function Helmet() {
  return null;
}

let initialState: InitialState = {};
let routeParams: Record<string, string> = {};

/** Who is logged in, as useModel('@@initialState') and useAccess tell the page; none when left out. */
export function setLoginUser(user?: Partial<API.LoginUserVO>) {
  initialState = user ? { loginUser: user as API.LoginUserVO } : {};
}

/** The initial state now, after the page's own setInitialState calls. */
export function currentInitialState() {
  return initialState;
}

/** The setInitialState the page gets: it records each call, after applying it to the state. */
export const pageSetInitialState = jest.fn<void, [SetStateAction<InitialState>]>();

function applyInitialState(update: SetStateAction<InitialState>) {
  initialState = typeof update === 'function' ? update(initialState) : update;
  pageSetInitialState(update);
}

export function useModel() {
  return { initialState, setInitialState: applyInitialState };
}

export function useAccess() {
  return access(initialState);
}

/** The route's params, as useParams gives them to the page (an interface page's id). */
export function setRouteParams(params: Record<string, string>) {
  routeParams = params;
}

export function useParams() {
  return routeParams;
}

/** The query of the address bar (`window.history.replaceState` sets it). */
export function useSearchParams() {
  return [new URLSearchParams(window.location.search)] as const;
}

/** The address bar, as the first page of a visit: there is no page of this app to go back to. */
export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}
