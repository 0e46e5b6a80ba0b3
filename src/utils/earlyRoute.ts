import { matchPath } from '@umijs/max';
import { LAYOUT_PAGES } from '@@/plugin-earlyRoutes/pages';
import access from '@/access';
import { startCatalogue } from '@/pages/Index/earlyCatalogue';
import { startTable } from '@/pages/Admin/InterfaceInfo/earlyTable';
import { startInterface } from '@/pages/InterfaceInfo/earlyInterface';

/**
 * A deep link's page chunk and first request, started as soon as the session is known rather than
 * after the layout has rendered. The pages and their chunks come from the route table
 * (config/plugins/earlyRoutes.ts), so the import here and the route's are one chunk.
 */
type EarlyRoute = {
  path: string;
  /** The access the page needs: without it, nothing is started. */
  access?: keyof ReturnType<typeof access>;
  /** A page of a group of routes (`/admin`): started with the group's chunk. */
  group?: boolean;
  chunkName: string;
  chunk: () => Promise<unknown>;
  /** Asks for the page's first answer, given the path's parameters and the URL's query. */
  data?: (params: Readonly<Record<string, string | undefined>>, search: string) => void;
};

/** A chunk that fails here fails again, and is reported, where the route loads it. */
const ignoreChunkError = () => undefined;

/**
 * A group's own chunk: Umi's outlet for a group of routes without a component, which its pages
 * render in. Left to the router, it is asked for only once the layout has rendered.
 */
export const ROUTE_GROUP = { chunk: () => import('@@/core/EmptyRoute') };

/** The first request of the pages that have one, by their path in the route table. */
export const EARLY_DATA: Readonly<Record<string, EarlyRoute['data']>> = {
  '/': (_, search) => startCatalogue(search),
  '/interface_info/:id': ({ id }) => id && startInterface(id),
  '/admin/interface_info': (_, search) => startTable(search),
  // In the page's chunk (by its name): the entry does not grow, and the chart library it starts
  // is imported from the page's chunk, as the page imports it, so no module comes twice.
  '/admin/interface_analysis': (_, search) =>
    import(
      /* webpackChunkName: "p__Admin__InterfaceAnalysis__index" */ '@/pages/Admin/InterfaceAnalysis/earlyAnalysis'
    ).then(({ startAnalysis }) => startAnalysis(search), ignoreChunkError),
};

export const EARLY_ROUTES: readonly EarlyRoute[] = LAYOUT_PAGES.map((page) => ({
  ...page,
  data: EARLY_DATA[page.path],
}));

/** Starts the page chunk (and first request) of the route at `location`, for `loginUser`, if the user may open it. */
export function startRoute(location: { pathname: string; search: string }, loginUser: API.LoginUserVO): void {
  for (const route of EARLY_ROUTES) {
    const match = matchPath(route.path, location.pathname);
    if (!match) continue;
    if (route.access && !access({ loginUser })[route.access]) return;
    if (route.group) ROUTE_GROUP.chunk().catch(ignoreChunkError);
    route.data?.(match.params, location.search);
    route.chunk().catch(ignoreChunkError);
    return;
  }
}
