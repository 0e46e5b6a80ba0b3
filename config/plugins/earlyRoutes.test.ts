/**
 * @jest-environment node
 */
// Umi's own naming of route chunks, which the generated imports must repeat.
import { componentToChunkName } from '@umijs/preset-umi/dist/features/tmpFiles/routes';
import routes from '../routes';
import type { AppRoute } from './earlyRoutes';
import { earlyRoutesModule, pageChunkName } from './earlyRoutes';

/** config/routes.ts as Umi resolves it into `api.appData.routes`, in short. */
const APP_ROUTES: Record<string, AppRoute> = {
  layout: { id: 'layout', path: '/', file: '/work/src/.umi/plugin-layout/Layout.tsx', isLayout: true },
  '1': { id: '1', path: '/', file: '@/pages/Index/index.tsx', parentId: 'layout' },
  '2': { id: '2', path: '/user', file: undefined },
  '3': { id: '3', path: '/user/login', file: '@/pages/User/Login/index.tsx', parentId: '2' },
  '4': { id: '4', path: '/admin', access: 'canAdmin', parentId: 'layout' },
  '5': { id: '5', path: '/admin', parentId: '4' },
  '6': { id: '6', path: '/admin/user', file: '@/pages/Admin/User/index.tsx', parentId: '4' },
  '7': { id: '7', path: '*', file: '@/pages/404/index.tsx' },
};

describe('the early routes module', () => {
  it('lists the layout’s pages with their group, access and chunk; not the layout, groups, redirects or pages outside it', () => {
    const source = earlyRoutesModule(APP_ROUTES);
    expect([...source.matchAll(/path: "([^"]+)"/g)].map(([, path]) => path)).toEqual(['/', '/admin/user']);
    expect(source).toContain(
      'chunk: () => import(/* webpackChunkName: "p__Index__index" */ "@/pages/Index/index.tsx")',
    );
    const admin = source.slice(source.indexOf('"/admin/user"'));
    expect(admin).toMatch(/^"\/admin\/user",\s+access: "canAdmin",\s+group: true,\s+chunkName: "p__Admin__User__index",/);
    expect(source.slice(0, source.indexOf('"/admin/user"'))).not.toMatch(/access|group/);
  });

  it('names each page of the route table’s chunk as Umi does', () => {
    type Route = { component?: string; routes?: Route[] };
    const flat = (list: Route[]): Route[] => list.flatMap((r) => [r, ...flat(r.routes ?? [])]);
    const files = flat(routes as Route[])
      .filter((r) => r.component)
      .map((r) => `@/pages/${r.component!.slice(2)}/index.tsx`);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(pageChunkName(file)).toBe(componentToChunkName(file, process.cwd()));
  });
});
