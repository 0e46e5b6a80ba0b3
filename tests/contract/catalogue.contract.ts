import { INTERFACE_STATUS, PAGE_SIZE_MAX, ResponseCode } from '@agler/contract/constants';
import { MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo, Page } from '@agler/contract/types';
import type { Client } from './client';
import { expectRefusal, expectSuccess, loggedIn, Client as Visitor } from './client';

/** The catalogue's reads: the list page with its paging, sorting and filters, and one interface. */

const LIST = '/api/interfaceInfo/list/page';
const GET = '/api/interfaceInfo/get';

/** A catalogue row: the record without its JSON texts. */
type Row = Omit<InterfaceInfo, 'requestParams' | 'requestHeader' | 'responseHeader'>;

let user: Client;
let admin: Client;

beforeAll(async () => {
  [user, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
});

async function page(
  client: Client,
  query: Record<string, string | number | string[]> = {},
): Promise<Page<Row>> {
  return expectSuccess(await client.get<Page<Row>>(LIST, query));
}

/** Rows of a page that must not be empty: a check over every row of none proves nothing. */
async function someRows(client: Client, query: Record<string, string | number | string[]>): Promise<Row[]> {
  const { records } = await page(client, query);
  expect(records.length).toBeGreaterThan(0);
  return records;
}

describe('list/page', () => {
  it('needs a session', async () => {
    expectRefusal(await new Visitor().get(LIST), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it('answers the first 10 by default, with total, current, size and pages', async () => {
    const first = await page(user);
    expect(first).toMatchObject({ current: 1, size: 10 });
    expect(first.records.length).toBe(Math.min(10, first.total));
    expect(first.pages).toBe(Math.ceil(first.total / 10));
  });

  it('pages without overlap, and past the end answers no rows', async () => {
    const one = await page(user, { current: 1, pageSize: 3 });
    const two = await page(user, { current: 2, pageSize: 3 });
    expect(one.total).toBeGreaterThan(3);
    expect(two).toMatchObject({ current: 2, size: 3, total: one.total });
    expect(two.records.length).toBeGreaterThan(0);
    const ids = new Set(one.records.map((r) => r.id));
    expect(two.records.some((r) => ids.has(r.id))).toBe(false);
    const beyond = await page(user, { current: one.pages + 1, pageSize: 3 });
    expect(beyond).toMatchObject({ records: [], total: one.total });
  });

  it(`accepts a page size of ${PAGE_SIZE_MAX}`, async () => {
    const { records, size } = await page(admin, { pageSize: PAGE_SIZE_MAX });
    expect(size).toBe(PAGE_SIZE_MAX);
    expect(records.length).toBeGreaterThan(10);
    expect(records.length).toBeLessThanOrEqual(PAGE_SIZE_MAX);
  });

  it('answers rows without the three JSON texts; get answers them', async () => {
    const [row] = await someRows(user, { pageSize: 1 });
    expect(Object.keys(row).sort()).toEqual([
      'createTime',
      'deprecated',
      'deprecatedTime',
      'description',
      'id',
      'method',
      'name',
      'rateBurst',
      'rateLimit',
      'replacementId',
      'status',
      'sunsetDate',
      'updateTime',
      'url',
      'userId',
    ]);
    const full = expectSuccess(await user.get<InterfaceInfo>(GET, { id: row.id }));
    expect(full).toMatchObject(row);
    for (const field of ['requestParams', 'requestHeader', 'responseHeader'] as const)
      expect(typeof full[field]).toBe('string');
  });

  it('shows users online interfaces only; admins see every one', async () => {
    const rows = await someRows(user, { pageSize: PAGE_SIZE_MAX });
    expect(rows.every((r) => r.status === INTERFACE_STATUS.ONLINE)).toBe(true);
    expect((await page(user, { status: INTERFACE_STATUS.OFFLINE })).total).toBe(0);
    const offline = await page(admin, { status: INTERFACE_STATUS.OFFLINE, pageSize: PAGE_SIZE_MAX });
    expect(offline.records.length).toBeGreaterThan(0);
    expect(offline.records.every((r) => r.status === INTERFACE_STATUS.OFFLINE)).toBe(true);
    const [all, online, seenByUser] = await Promise.all([
      page(admin),
      page(admin, { status: INTERFACE_STATUS.ONLINE }),
      page(user),
    ]);
    expect(all.total).toBe(online.total + offline.total);
    expect(seenByUser.total).toBe(online.total);
  });

  it('filters by method', async () => {
    const rows = await someRows(admin, { method: 'DELETE', pageSize: PAGE_SIZE_MAX });
    expect(rows.every((r) => r.method === 'DELETE')).toBe(true);
  });

  it('filters by name, description and url, each ignoring case', async () => {
    expect((await someRows(user, { name: '天气' })).every((r) => r.name.includes('天气'))).toBe(true);
    expect(
      (await someRows(user, { description: 'IPV4' })).every((r) =>
        r.description.toLowerCase().includes('ipv4'),
      ),
    ).toBe(true);
    expect(
      (await someRows(user, { url: '/WEATHER' })).every((r) => r.url.toLowerCase().includes('/weather')),
    ).toBe(true);
  });

  it('searches name, description and url at once with searchText, ignoring case', async () => {
    const rows = await someRows(user, { searchText: 'WEATHER', pageSize: PAGE_SIZE_MAX });
    for (const r of rows) expect(`${r.name} ${r.description} ${r.url}`.toLowerCase()).toContain('weather');
    const byName = await someRows(user, { searchText: '天气' });
    expect(byName.some((r) => r.name.includes('天气'))).toBe(true);
  });

  it.each([
    ['name', 'a\u0000b'],
    ['searchText', '\u0000'],
    ['description', '\u0007'],
  ])('refuses a %s filter with a control character, naming the parameter', async (key, text) => {
    const answer = await user.get(LIST, { current: 1, pageSize: 10, [key]: text });
    expectRefusal(answer, ResponseCode.PARAMS_ERROR, TEXT_MESSAGES.param(key, 'control'));
  });

  it('answers a url filter with a direction mark: nothing can match it', async () => {
    expect(await page(user, { url: '\u202e' })).toMatchObject({ records: [], total: 0 });
  });

  it('lists the newest first by default', async () => {
    const rows = await someRows(admin, { pageSize: PAGE_SIZE_MAX });
    expect(rows.every((r, i) => i === 0 || rows[i - 1].createTime >= r.createTime)).toBe(true);
  });

  it.each(['createTime', 'updateTime'] as const)('sorts by %s both ways', async (field) => {
    const up = await someRows(admin, { sortField: field, sortOrder: 'ascend', pageSize: PAGE_SIZE_MAX });
    const down = await someRows(admin, { sortField: field, sortOrder: 'descend', pageSize: PAGE_SIZE_MAX });
    expect(up.every((r, i) => i === 0 || up[i - 1][field] <= r[field])).toBe(true);
    expect(down.every((r, i) => i === 0 || down[i - 1][field] >= r[field])).toBe(true);
    expect(up[0][field] <= down[0][field]).toBe(true);
  });

  it('sorts by name in Chinese collation order (pinyin), ascending unless told', async () => {
    const collator = new Intl.Collator('zh-CN', { numeric: true });
    const up = await someRows(admin, { sortField: 'name', pageSize: PAGE_SIZE_MAX });
    const down = await someRows(admin, { sortField: 'name', sortOrder: 'descend', pageSize: PAGE_SIZE_MAX });
    expect(up.every((r, i) => i === 0 || collator.compare(up[i - 1].name, r.name) <= 0)).toBe(true);
    expect(down.every((r, i) => i === 0 || collator.compare(down[i - 1].name, r.name) >= 0)).toBe(true);
  });

  it.each([
    [{ current: '0' }, MESSAGES.badCurrent],
    [{ current: '-1' }, MESSAGES.badCurrent],
    [{ current: 'one' }, MESSAGES.badCurrent],
    [{ pageSize: '0' }, MESSAGES.badPageSize],
    [{ pageSize: String(PAGE_SIZE_MAX + 1) }, MESSAGES.badPageSize],
    [{ pageSize: 'ten' }, MESSAGES.badPageSize],
    [{ pageSize: '2.5' }, MESSAGES.badPageSize],
    [{ sortField: 'id' }, MESSAGES.badSortField],
    [{ sortField: 'name; drop table interface_info' }, MESSAGES.badSortField],
    [{ sortOrder: 'up' }, MESSAGES.badSortOrder],
    [{ method: 'HEAD' }, MESSAGES.badMethod],
    [{ status: '2' }, MESSAGES.badStatus],
    [{ status: 'online' }, MESSAGES.badStatus],
    [{ searchText: ['a', 'b'] }, MESSAGES.notText('searchText')],
    [{ name: ['a', 'b'] }, MESSAGES.notText('name')],
  ])('refuses %j with 40000 naming the parameter', async (query, message) => {
    expectRefusal(await user.get(LIST, query), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('get', () => {
  async function anOffline(): Promise<Row> {
    const [row] = await someRows(admin, { status: INTERFACE_STATUS.OFFLINE, pageSize: 1 });
    return row;
  }

  it('needs a session', async () => {
    const [row] = await someRows(user, { pageSize: 1 });
    expectRefusal(await new Visitor().get(GET, { id: row.id }), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it('answers an online interface to a user', async () => {
    const [row] = await someRows(user, { pageSize: 1 });
    expect(expectSuccess(await user.get<InterfaceInfo>(GET, { id: row.id }))).toMatchObject({
      id: row.id,
      status: INTERFACE_STATUS.ONLINE,
    });
  });

  it('answers an offline interface to admins only', async () => {
    const row = await anOffline();
    expectRefusal(await user.get(GET, { id: row.id }), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    expect(expectSuccess(await admin.get<InterfaceInfo>(GET, { id: row.id }))).toMatchObject({
      id: row.id,
      status: INTERFACE_STATUS.OFFLINE,
    });
  });

  it('answers 40400 for an id nobody has', async () => {
    expectRefusal(
      await admin.get(GET, { id: '9223372036854775807' }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
  });

  it.each([
    ['no id', {}],
    ['an id that is no number', { id: 'abc' }],
    ['a negative id', { id: '-1' }],
    ['zero', { id: '0' }],
    ['a fraction', { id: '1.5' }],
    ['an id beyond 64 bits', { id: '9223372036854775808' }],
    ['two ids', { id: ['1', '2'] }],
  ])('refuses %s with 40000', async (_label, query) => {
    expectRefusal(await admin.get(GET, query), ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  });
});
