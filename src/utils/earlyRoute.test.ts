import { readFileSync } from 'node:fs';
import path from 'node:path';
import routes from '../../config/routes';
import { USER_ROLE } from '@/constants';
import { startCatalogue } from '@/pages/Index/earlyCatalogue';
import { startInterface } from '@/pages/InterfaceInfo/earlyInterface';
import { EARLY_DATA, EARLY_ROUTES, ROUTE_GROUP, startRoute } from './earlyRoute';

jest.mock('@/pages/Index/earlyCatalogue');
jest.mock('@/pages/InterfaceInfo/earlyInterface');
const catalogueMock = jest.mocked(startCatalogue);
const interfaceMock = jest.mocked(startInterface);

const user = { id: '2', userName: 'demo', userRole: USER_ROLE.USER } as API.LoginUserVO;
const admin = { id: '1', userName: 'admin', userRole: USER_ROLE.ADMIN } as API.LoginUserVO;

/** Spies on every route's chunk; answers the spies by path. */
function spyOnChunks() {
  return new Map(
    EARLY_ROUTES.map(
      (route) => [route.path, jest.spyOn(route, 'chunk').mockResolvedValue(undefined)] as const,
    ),
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  catalogueMock.mockClear();
  interfaceMock.mockClear();
});

describe('a deep link starts its page early', () => {
  it('starts the catalogue and its first page for `/`, with the URL query', () => {
    const chunks = spyOnChunks();
    startRoute({ pathname: '/', search: '?searchText=ip' }, user);
    expect(chunks.get('/')).toHaveBeenCalledTimes(1);
    expect(catalogueMock).toHaveBeenCalledWith('?searchText=ip');
  });

  it('starts an interface page by its pattern, and asks for that interface, its id kept as text', () => {
    const chunks = spyOnChunks();
    startRoute({ pathname: '/interface_info/1800000000000000001', search: '' }, user);
    expect(chunks.get('/interface_info/:id')).toHaveBeenCalledTimes(1);
    expect([...chunks.values()].filter((spy) => spy.mock.calls.length > 0)).toHaveLength(1);
    expect(interfaceMock).toHaveBeenCalledWith('1800000000000000001');
    expect(catalogueMock).not.toHaveBeenCalled();
  });

  it('starts an admin page, and the group’s chunk it renders in, for an admin only', () => {
    const chunks = spyOnChunks();
    const group = jest.spyOn(ROUTE_GROUP, 'chunk').mockResolvedValue(undefined as never);
    startRoute({ pathname: '/admin/interface_analysis', search: '' }, user);
    expect([...chunks.values()].every((spy) => spy.mock.calls.length === 0)).toBe(true);
    expect(group).not.toHaveBeenCalled();
    startRoute({ pathname: '/admin/interface_analysis', search: '' }, admin);
    expect(chunks.get('/admin/interface_analysis')).toHaveBeenCalledTimes(1);
    expect(group).toHaveBeenCalledTimes(1);
  });

  it('starts the admin group’s chunk for every admin page, and for no other page', () => {
    spyOnChunks();
    const group = jest.spyOn(ROUTE_GROUP, 'chunk').mockResolvedValue(undefined as never);
    const started = EARLY_ROUTES.filter((route) => {
      group.mockClear();
      startRoute({ pathname: route.path.replace(':id', '1'), search: '' }, admin);
      return group.mock.calls.length === 1;
    });
    const adminPages = (routes as Route[]).find((r) => r.path === '/admin')!.routes!;
    expect(started.map((r) => r.path).sort()).toEqual(
      adminPages
        .filter((r) => r.component)
        .map((r) => r.path)
        .sort(),
    );
  });

  it('starts nothing for a path with no page of the layout, and a failed chunk throws nothing', () => {
    const chunks = spyOnChunks();
    startRoute({ pathname: '/no/such/page', search: '' }, admin);
    expect([...chunks.values()].every((spy) => spy.mock.calls.length === 0)).toBe(true);
    chunks.get('/admin/user')!.mockRejectedValue(new Error('ChunkLoadError'));
    jest.spyOn(ROUTE_GROUP, 'chunk').mockRejectedValue(new Error('ChunkLoadError'));
    expect(() => startRoute({ pathname: '/admin/user', search: '' }, admin)).not.toThrow();
  });
});

type Route = { path?: string; component?: string; layout?: boolean; access?: string; routes?: Route[] };
const flat = (list: Route[]): Route[] => list.flatMap((r) => [r, ...flat(r.routes ?? [])]);

describe('the early routes and the route table', () => {
  it('each is a page of the layout, under the chunk name Umi gives its component', () => {
    const table = flat(routes as Route[]);
    for (const early of EARLY_ROUTES) {
      const route = table.find((r) => r.path === early.path);
      expect(route?.component).toMatch(/^\.\//);
      expect(early.chunkName).toBe(`p__${route!.component!.slice(2).split('/').join('__')}__index`);
      const group = table.find((r) => r.routes?.includes(route!));
      expect(route?.layout ?? group?.layout).not.toBe(false);
      expect(early.group ?? false).toBe(!!group);
      expect(early.access).toBe(route?.access ?? group?.access);
    }
  });

  it('has a first request only for its own pages, an import in a page chunk under that page’s name', () => {
    const paths = EARLY_ROUTES.map((r) => r.path);
    expect(Object.keys(EARLY_DATA).filter((p) => !paths.includes(p))).toEqual([]);
    const source = readFileSync(path.join(__dirname, 'earlyRoute.ts'), 'utf8');
    const imports = [...source.matchAll(/'(\/[^']*)': \([^)]*\) =>\s*import\(\s*\/\* webpackChunkName: "([^"]+)"/g)];
    expect(imports.length).toBeGreaterThan(0);
    for (const [, routePath, chunkName] of imports) {
      expect(EARLY_ROUTES.find((r) => r.path === routePath)?.chunkName).toBe(chunkName);
    }
  });

  it('covers every page of the layout but the 404', () => {
    const pages = flat(routes as Route[]).filter(
      (r) => r.component && r.path !== '*' && r.path && !r.path.startsWith('/user'),
    );
    expect(EARLY_ROUTES.map((r) => r.path).sort()).toEqual(pages.map((r) => r.path).sort());
  });
});
