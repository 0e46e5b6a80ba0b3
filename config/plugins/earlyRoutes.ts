import type { IApi } from '@umijs/max';

/** A route as Umi resolves config/routes.ts (`api.appData.routes`), with what this plugin reads. */
export type AppRoute = { id: string; path?: string; file?: string; parentId?: string; access?: string; isLayout?: boolean };

const PAGES = '@/pages/';

/** Umi's chunk name for a page file: `@/pages/Admin/User/index.tsx` is `p__Admin__User__index`. */
export const pageChunkName = (file: string) =>
  `p__${file.slice(PAGES.length).replace(/\.[jt]sx?$/, '').split('/').join('__')}`;

/**
 * The pages the layout renders, in route-table order: each one's path, the access it needs (its
 * own or its group's), whether it renders in a group's outlet, and its chunk's import.
 */
export function earlyRoutesModule(routes: Readonly<Record<string, AppRoute>>): string {
  const entries = Object.values(routes).flatMap((route) => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    if (!route.file?.startsWith(PAGES) || !route.path || !parent) return [];
    const group = parent.isLayout ? undefined : parent;
    if (!(parent.isLayout || (group?.parentId && routes[group.parentId]?.isLayout))) return [];
    const chunkName = pageChunkName(route.file);
    const access = route.access ?? group?.access;
    return [
      `  {\n    path: ${JSON.stringify(route.path)},` +
        (access ? `\n    access: ${JSON.stringify(access)},` : '') +
        (group ? '\n    group: true,' : '') +
        `\n    chunkName: ${JSON.stringify(chunkName)},` +
        `\n    chunk: () => import(/* webpackChunkName: ${JSON.stringify(chunkName)} */ ${JSON.stringify(route.file)}),\n  },`,
    ];
  });
  return `export const LAYOUT_PAGES = [\n${entries.join('\n')}\n] as const;\n`;
}

/**
 * Writes `@@/plugin-earlyRoutes/pages.ts` from the route table, so that src/utils/earlyRoute.ts
 * starts the very chunks the router loads and config/routes.ts stays the one list of pages.
 */
export default (api: IApi) => {
  api.onGenerateFiles(() => {
    api.writeTmpFile({ path: 'pages.ts', content: earlyRoutesModule(api.appData.routes) });
  });
};
