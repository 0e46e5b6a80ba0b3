/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { INTERFACE_STATUS, PAGE_SIZE_MAX, ResponseCode } from '@agler/contract/constants';
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import { MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo, InterfaceQuota, Page } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, setUpTestApp, USER } from '../test/app';
import { refusal } from '../test/refusal';

const t = setUpTestApp({ login: { admin: ADMIN, user: USER } });

const page = (query: string, cookie = t.cookie.admin) =>
  call<Page<InterfaceInfo>>(t.app, { url: `/api/interfaceInfo/list/page?${query}`, cookie });
const post = <T = unknown>(path: string, payload: unknown, cookie = t.cookie.admin) =>
  call<T>(t.app, { method: 'POST', url: `/api/interfaceInfo/${path}`, payload: payload as object, cookie });

const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);
const collator = new Intl.Collator('zh-CN', { numeric: true });

describe('the list', () => {
  test('newest first by default, ten a page, without the JSON texts', async () => {
    const answer = await page('');

    const newest = [...demo].sort((a, b) => (a.createTime < b.createTime ? 1 : -1)).slice(0, 10);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      total: demo.length,
      current: 1,
      size: 10,
      pages: Math.ceil(demo.length / 10),
    });
    expect(answer.data.records.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    expect(answer.data.records[0]).not.toHaveProperty('requestParams');
    expect(typeof answer.data.records[0].id).toBe('string');
  });

  test('users other than admins see online interfaces only', async () => {
    const answer = await page(`pageSize=${PAGE_SIZE_MAX}`, t.cookie.user);

    const online = demo.filter((r) => r.status === INTERFACE_STATUS.ONLINE);
    expect(answer.data.total).toBe(online.length);
    expect(answer.data.records.every((r) => r.status === INTERFACE_STATUS.ONLINE)).toBe(true);
  });

  test('names sort in Chinese order with numbers by value, both ways', async () => {
    const ascending = await page(`sortField=name&pageSize=${PAGE_SIZE_MAX}`);
    const descending = await page(`sortField=name&sortOrder=descend&pageSize=${PAGE_SIZE_MAX}`);

    const expected = [...demo].sort((a, b) => collator.compare(a.name, b.name)).map((r) => r.name);
    expect(ascending.data.records.map((r) => r.name)).toEqual(expected);
    expect(descending.data.records.map((r) => r.name)).toEqual([...expected].reverse());
  });

  test('searchText matches name, description or url, ignoring case', async () => {
    const answer = await page(`searchText=${encodeURIComponent('  IP ')}&pageSize=${PAGE_SIZE_MAX}`);

    const expected = demo.filter((r) =>
      [r.name, r.description, r.url].some((text) => text.toLowerCase().includes('ip')),
    );
    expect(answer.data.total).toBe(expected.length);
    expect(answer.data.total).toBeGreaterThan(0);
  });

  test('filters by method and status together', async () => {
    const answer = await page(`method=post&status=1&pageSize=${PAGE_SIZE_MAX}`);

    expect(answer.data.total).toBe(demo.filter((r) => r.method === 'POST' && r.status === 1).length);
  });

  test.each([
    ['name', 'a\u0000b'],
    ['searchText', '\u0000'],
    ['description', '\u0007'],
  ])('a %s filter with a control character is refused, naming it', async (key, text) => {
    const answer = await page(`${key}=${encodeURIComponent(text)}`);

    expect(answer).toEqual(refusal(ResponseCode.PARAMS_ERROR, TEXT_MESSAGES.param(key, 'control')));
  });

  test('a url filter with a bidirectional control matches nothing', async () => {
    const answer = await page(`url=${encodeURIComponent('\u202e')}`);

    expect(answer).toEqual({
      code: 0,
      data: { records: [], total: 0, current: 1, size: 10, pages: 0 },
      message: 'ok',
    });
  });

  test('a page past the end is empty but counts', async () => {
    const answer = await page('current=99');

    expect(answer.data).toMatchObject({ records: [], total: demo.length, current: 99 });
  });

  test.each([
    ['pageSize=51', MESSAGES.badPageSize],
    ['current=0', MESSAGES.badCurrent],
    ['sortField=password', MESSAGES.badSortField],
    ['sortOrder=up', MESSAGES.badSortOrder],
    ['status=2', MESSAGES.badStatus],
    ['name=a&name=b', MESSAGES.notText('name')],
  ])('%s is refused by name', async (query, message) => {
    expect(await page(query)).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test('needs a session', async () => {
    expect((await call(t.app, { url: '/api/interfaceInfo/list/page' })).code).toBe(ResponseCode.NOT_LOGIN);
  });
});

describe('one interface', () => {
  const offline = demo.find((r) => r.status === INTERFACE_STATUS.OFFLINE)!;

  test('answers every field, ids as text', async () => {
    const answer = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${demo[0].id}`,
      cookie: t.cookie.user,
    });

    expect(answer).toEqual({ code: 0, data: demo[0], message: 'ok' });
  });

  test('an offline interface exists for admins only', async () => {
    expect(
      (await call(t.app, { url: `/api/interfaceInfo/get?id=${offline.id}`, cookie: t.cookie.user })).code,
    ).toBe(ResponseCode.NOT_FOUND);
    expect(
      (await call(t.app, { url: `/api/interfaceInfo/get?id=${offline.id}`, cookie: t.cookie.admin })).code,
    ).toBe(0);
  });

  test('a malformed id is 40000, a missing one 40400', async () => {
    expect(await call(t.app, { url: '/api/interfaceInfo/get?id=12a', cookie: t.cookie.user })).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
      message: MESSAGES.badId,
    });
    expect(
      await call(t.app, { url: `/api/interfaceInfo/get?id=${interfaceIdOf(99999)}`, cookie: t.cookie.user }),
    ).toMatchObject({
      code: ResponseCode.NOT_FOUND,
      message: MESSAGES.interfaceNotFound,
    });
  });
});

describe('admin writes', () => {
  const fields = {
    name: '  测试接口 v2 ',
    description: '测试用',
    url: ' https://example.com/test ',
    method: 'POST',
    requestParams: '[{"name":"q","type":"string","required":true,"description":"关键词"}]',
    requestHeader: '',
    responseHeader: '{"Content-Type":"application/json"}',
  };

  test('add answers the new id as text; the interface starts offline, trimmed, made by the admin', async () => {
    const added = await post<string>('add', fields);
    const stored = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${added.data}`,
      cookie: t.cookie.admin,
    });

    expect(added).toMatchObject({ code: 0, message: 'ok' });
    expect(added.data).toMatch(/^\d{19}$/);
    expect(stored.data).toMatchObject({
      ...fields,
      name: '测试接口 v2',
      url: 'https://example.com/test',
      status: 0,
      userId: ADMIN.id,
    });
    expect(stored.data.createTime).toBe(stored.data.updateTime);
  });

  test('new ids continue after the demo ids', async () => {
    const added = await post<string>('add', { ...fields, name: '顺序' });

    expect(BigInt(added.data)).toBeGreaterThan(BigInt(interfaceIdOf(DEMO_INTERFACE_COUNT)));
  });

  test('an id sent as a bare number beyond 2^53 keeps every digit', async () => {
    const target = demo[3].id;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/interfaceInfo/update',
      headers: { 'content-type': 'application/json', cookie: t.cookie.admin },
      payload: `{"id": ${target}, "description": "精确的 id"}`,
    });
    const stored = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${target}`,
      cookie: t.cookie.admin,
    });

    expect(JSON.parse(response.body)).toEqual({ code: 0, data: true, message: 'ok' });
    expect(stored.data.description).toBe('精确的 id');
  });

  test('a rename moves the interface to its place in name order', async () => {
    const added = await post<string>('add', { ...fields, name: 'zzz 最后' });
    await post('update', { id: added.data, name: '阿 最前' });

    const all = await page(`sortField=name&pageSize=${PAGE_SIZE_MAX}`);
    const names = all.data.records.map((r) => r.name);
    expect(names).toContain('阿 最前');
    expect(names).toEqual([...names].sort(collator.compare));
  });

  test('each field is checked, and the message names it', async () => {
    const answer = await post('add', { ...fields, url: 'ftp://example.com' });
    const partial = await post('update', { id: demo[0].id, method: 'FETCH' });

    expect(answer).toEqual(refusal(ResponseCode.PARAMS_ERROR, INTERFACE_VALIDATION_TEXTS.url));
    expect(partial.message).toBe(INTERFACE_VALIDATION_TEXTS.method);
  });

  test('online and offline change only the status', async () => {
    const added = await post<string>('add', { ...fields, name: '上线测试' });
    const before = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${added.data}`,
      cookie: t.cookie.admin,
    });

    await post('online', { id: added.data });
    const online = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${added.data}`,
      cookie: t.cookie.user,
    });
    await post('offline', { id: added.data });
    const offline = await call(t.app, {
      url: `/api/interfaceInfo/get?id=${added.data}`,
      cookie: t.cookie.user,
    });

    // An admin's answer also holds the interface's upstream settings, which a user's never does.
    const { upstream: _upstream, ...shown } = before.data;
    expect(online.data).toEqual({ ...shown, status: INTERFACE_STATUS.ONLINE });
    expect(offline.code).toBe(ResponseCode.NOT_FOUND);
  });

  test('delete removes the interface; deleting it again is 40400', async () => {
    const added = await post<string>('add', { ...fields, name: '删除测试' });

    const deleted = await post('delete', { id: added.data });
    const again = await post('delete', { id: added.data });

    expect(deleted).toEqual({ code: 0, data: true, message: 'ok' });
    expect(again).toEqual(refusal(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound));
  });

  test('only admins write', async () => {
    expect(await post('add', fields, t.cookie.user)).toEqual(refusal(ResponseCode.NO_AUTH, MESSAGES.noAuth));
    expect((await post('delete', { id: demo[0].id }, '')).code).toBe(ResponseCode.NOT_LOGIN);
  });

  test('the caller is checked before the body: a stranger learns nothing of what a write needs', async () => {
    const stranger = await call(t.app, { method: 'POST', url: '/api/interfaceInfo/delete', payload: [1, 2] });
    const asAdmin = await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/delete',
      payload: [1, 2],
      cookie: t.cookie.admin,
    });

    expect(stranger).toEqual(refusal(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
    expect(asAdmin).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.bodyNotObject));
  });
});

const fieldsOfNew = {
  name: '新接口',
  url: 'https://example.com/new',
  method: 'GET',
  requestParams: '',
  requestHeader: '',
  responseHeader: '',
};

describe('a deleted interface', () => {
  test('keeps its row, marked, and is out of every list and lookup (40400), quotas included', async () => {
    const usage = await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: t.cookie.user });
    const target = demo.find(
      (r) => r.status === INTERFACE_STATUS.ONLINE && usage.data.some((u) => u.interfaceInfoId === r.id),
    )!;
    expect(target).toBeDefined();
    const notFound = refusal(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);

    expect(await post('delete', { id: target.id })).toEqual({ code: 0, data: true, message: 'ok' });

    const [row] = rowsOf<{ name: string; deleted_at: unknown }>(
      await t.database.db.execute(sql`SELECT name, deleted_at FROM interface_info WHERE id = ${target.id}::bigint`),
    );
    expect(row.name).toBe(target.name);
    expect(row.deleted_at).not.toBeNull();
    for (const cookie of [t.cookie.admin, t.cookie.user]) {
      const listed = await page(`pageSize=${PAGE_SIZE_MAX}&name=${encodeURIComponent(target.name)}`, cookie);
      expect(listed.data.records.map((r) => r.id)).not.toContain(target.id);
      expect(await call(t.app, { url: `/api/interfaceInfo/get?id=${target.id}`, cookie })).toEqual(notFound);
    }
    expect(await post('update', { id: target.id, description: '改' })).toEqual(notFound);
    expect(await post('online', { id: target.id })).toEqual(notFound);
    expect(await post('offline', { id: target.id })).toEqual(notFound);
    expect(await post('delete', { id: target.id })).toEqual(notFound);
    expect(await post('invoke', { id: target.id, userRequestParams: '{}' }, t.cookie.user)).toEqual(notFound);
    const usageAfter = await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: t.cookie.user });
    expect(usageAfter.data.map((u) => u.interfaceInfoId)).toEqual(
      usage.data.map((u) => u.interfaceInfoId).filter((id) => id !== target.id),
    );
    const quota = await call(t.app, {
      method: 'POST',
      url: '/api/userInterfaceInfo/update',
      payload: { userId: USER.id, interfaceInfoId: target.id, leftNum: 5 },
      cookie: t.cookie.admin,
    });
    expect(quota).toEqual(notFound);
  });

  test('its name can be used again by a new interface', async () => {
    const added = await post<string>('add', { ...fieldsOfNew, name: '再用的名字' });
    await post('delete', { id: added.data });

    const again = await post<string>('add', { ...fieldsOfNew, name: '再用的名字' });
    const listed = await page(`name=${encodeURIComponent('再用的名字')}`);

    expect(again.code).toBe(0);
    expect(listed.data.records.map((r) => r.id)).toEqual([again.data]);
  });
});
