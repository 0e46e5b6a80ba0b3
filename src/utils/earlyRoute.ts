import { matchPath } from '@umijs/max';
import access from '@/access';
import { startCatalogue } from '@/pages/Index/earlyCatalogue';
import { startTable } from '@/pages/Admin/InterfaceInfo/earlyTable';
import { startInterface } from '@/pages/InterfaceInfo/earlyInterface';

/**
 * A deep link's page chunk and first request, started as soon as the session is known rather than
 * after the layout has rendered; chunk names are Umi's (`p__` and the page's path), so the import
 * here and the route's are one chunk.
 */
type EarlyRoute = {
  path: string;
  /** A page of the `/admin` group: started for an admin only, with the group's chunk. */
  admin?: boolean;
  chunk: () => Promise<unknown>;
  /** Asks for the page's first answer, given the path's parameters and the URL's query. */
  data?: (params: Readonly<Record<string, string | undefined>>, search: string) => void;
};

/** A chunk that fails here fails again, and is reported, where the route loads it. */
const ignoreChunkError = () => undefined;

/**
 * The `/admin` group's own chunk: Umi's outlet for a group of routes without a component, which
 * its pages render in. Left to the router, it is asked for only once the layout has rendered.
 */
export const ADMIN_GROUP = { chunk: () => import('@@/core/EmptyRoute') };

export const EARLY_ROUTES: readonly EarlyRoute[] = [
  {
    path: '/',
    chunk: () => import(/* webpackChunkName: "p__Index__index" */ '@/pages/Index'),
    data: (_, search) => startCatalogue(search),
  },
  {
    path: '/interface_info/:id',
    chunk: () => import(/* webpackChunkName: "p__InterfaceInfo__index" */ '@/pages/InterfaceInfo'),
    data: ({ id }) => id && startInterface(id),
  },
  {
    path: '/account/center',
    chunk: () => import(/* webpackChunkName: "p__Account__Center__index" */ '@/pages/Account/Center'),
  },
  {
    path: '/account/usage',
    chunk: () => import(/* webpackChunkName: "p__Account__Usage__index" */ '@/pages/Account/Usage'),
  },
  {
    path: '/account/notifications',
    chunk: () =>
      import(/* webpackChunkName: "p__Account__Notifications__index" */ '@/pages/Account/Notifications'),
  },
  {
    path: '/admin/interface_info',
    admin: true,
    chunk: () =>
      import(/* webpackChunkName: "p__Admin__InterfaceInfo__index" */ '@/pages/Admin/InterfaceInfo'),
    data: (_, search) => startTable(search),
  },
  {
    path: '/admin/interface_analysis',
    admin: true,
    chunk: () =>
      import(/* webpackChunkName: "p__Admin__InterfaceAnalysis__index" */ '@/pages/Admin/InterfaceAnalysis'),
    // In the page's chunk (by its name): the entry does not grow, and the chart library it starts
    // is imported from the page's chunk, as the page imports it, so no module comes twice.
    data: (_, search) =>
      import(
        /* webpackChunkName: "p__Admin__InterfaceAnalysis__index" */ '@/pages/Admin/InterfaceAnalysis/earlyAnalysis'
      ).then(({ startAnalysis }) => startAnalysis(search), ignoreChunkError),
  },
  {
    path: '/admin/user',
    admin: true,
    chunk: () => import(/* webpackChunkName: "p__Admin__User__index" */ '@/pages/Admin/User'),
  },
];

/** Starts the page chunk (and first request) of the route at `location`, for `loginUser`; an admin page only for an admin. */
export function startRoute(location: { pathname: string; search: string }, loginUser: API.LoginUserVO): void {
  for (const route of EARLY_ROUTES) {
    const match = matchPath(route.path, location.pathname);
    if (!match) continue;
    if (route.admin) {
      if (!access({ loginUser }).canAdmin) return;
      ADMIN_GROUP.chunk().catch(ignoreChunkError);
    }
    route.data?.(match.params, location.search);
    route.chunk().catch(ignoreChunkError);
    return;
  }
}
