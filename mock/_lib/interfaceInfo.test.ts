import { HTTP_METHODS, SEARCH_SUGGESTIONS } from '@agler/contract/constants';
import { exampleText } from '@agler/contract/example';
import { parseRequestParams } from '@agler/contract/requestParams';
import type { InterfaceSummary } from './interfaceReads';
import { getOne, invoke, invokeHistory, listPage } from './interfaceReads';
import { HAND_WRITTEN_COUNT, seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { ADMIN_ID, interfaceIdOf } from '@agler/contract/demo/accounts';
import { formatTime } from '@agler/contract/dates';
import { HISTORY_LIMIT, HISTORY_PARAMS_MAX_BYTES } from '@agler/contract/invoke';
import { MESSAGES } from '@agler/contract/messages';
import { resetStore, sharedStore } from './store';

const NOW = Date.UTC(2026, 5, 1);
const admin = () => sharedStore().users.find((u) => u.userRole === 'admin')!;
const user = () => sharedStore().users.find((u) => u.userRole === 'user')!;
const page = (query: Record<string, unknown>, who = user()) => listPage(query, who).data!;
/** The records of a page that must not be empty: an `every` over no records proves nothing. */
const some = (records: InterfaceSummary[]) => {
  expect(records.length).toBeGreaterThan(0);
  return records;
};

beforeEach(() => resetStore({ interfaceCount: 40, now: NOW }));

describe('seedInterfaces', () => {
  const seeds = seedInterfaces(40, ADMIN_ID);

  it('gives exactly the requested count, hand-written first, with sequential 64-bit ids', () => {
    expect(HAND_WRITTEN_COUNT).toBeGreaterThanOrEqual(40);
    expect(seeds).toHaveLength(40);
    expect(seeds[0].id).toBe(interfaceIdOf(1));
    expect(seeds[39].id).toBe(interfaceIdOf(40));
    expect(seedInterfaces(12, ADMIN_ID)).toHaveLength(12);
  });

  it('is deterministic', () => {
    expect(seedInterfaces(300, ADMIN_ID)).toEqual(seedInterfaces(300, ADMIN_ID));
  });

  it('covers every method, has offline ones, and every parameter list is a real list', () => {
    expect(new Set(seeds.map((s) => s.method))).toEqual(new Set(HTTP_METHODS));
    expect(seeds.filter((s) => s.status === 0).length).toBeGreaterThanOrEqual(2);
    for (const s of seeds) expect(parseRequestParams(s.requestParams).kind).toBe('list');
  });

  it('has times in the past, created before updated, in the contract text form', () => {
    const now = formatTime(NOW);
    for (const s of seeds) {
      expect(s.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(s.createTime <= s.updateTime).toBe(true);
      expect(s.updateTime < now).toBe(true);
    }
  });

  it('matches each header suggestion with online interfaces, and one suggestion with an offline one', () => {
    for (const text of SEARCH_SUGGESTIONS) expect(page({ searchText: text }).total).toBeGreaterThan(0);
    const offlineMatches = SEARCH_SUGGESTIONS.filter(
      (text) => page({ searchText: text, status: '0' }, admin()).total > 0,
    );
    expect(offlineMatches.length).toBeGreaterThan(0);
  });

  it('includes an interface whose name and description carry HTML', () => {
    expect(seeds.some((s) => s.name.includes('<b>') && s.description.includes('<script>'))).toBe(true);
  });

  it('grows to 10,000 generated interfaces with unique ids and names', () => {
    const many = seedInterfaces(10000, ADMIN_ID);
    expect(many).toHaveLength(10000);
    expect(new Set(many.map((s) => s.id)).size).toBe(10000);
    expect(new Set(many.map((s) => s.name)).size).toBe(10000);
    expect(many.every((s) => s.name.length <= 50 && /^https?:\/\//.test(s.url))).toBe(true);
  });
});

describe('GET list/page', () => {
  it('answers a page with total, current, size and pages', () => {
    const p = page({ current: '2', pageSize: '5' }, admin());
    expect(p.records).toHaveLength(5);
    expect(p).toMatchObject({ total: 40, current: 2, size: 5, pages: 8 });
    expect(page({ current: '9', pageSize: '5' }, admin()).records).toEqual([]);
  });

  it.each([
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageSize: '51' }, 'pageSize'],
    [{ pageSize: 'ten' }, 'pageSize'],
    [{ current: '0' }, 'current'],
    [{ sortField: 'id' }, 'sortField'],
    [{ sortOrder: 'up' }, 'sortOrder'],
    [{ method: 'HEAD' }, 'method'],
    [{ status: '2' }, 'status'],
    [{ searchText: ['a', 'b'] }, 'searchText'],
  ])('refuses %j with 40000 naming %s', (query, name) => {
    const answer = listPage(query, user());
    expect(answer.code).toBe(40000);
    expect(answer.message).toContain(name);
  });

  it('answers rows without the three JSON texts, which only get answers', () => {
    const [row] = page({ pageSize: '1' }, admin()).records;
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining(['id', 'name', 'url', 'method', 'status', 'createTime']),
    );
    expect(row).not.toHaveProperty('requestParams');
    expect(row).not.toHaveProperty('requestHeader');
    expect(row).not.toHaveProperty('responseHeader');
    expect(getOne({ id: row.id }, admin()).data).toHaveProperty('requestParams');
  });

  it('accepts the largest page size', () => {
    expect(page({ pageSize: '50' }, admin()).records).toHaveLength(40);
  });

  it('shows users only online interfaces; a user asking for offline ones gets nothing', () => {
    const online = sharedStore().interfaces.filter((r) => r.status === 1).length;
    expect(page({ pageSize: '50' }).total).toBe(online);
    expect(some(page({ pageSize: '50' }).records).every((r) => r.status === 1)).toBe(true);
    expect(page({ status: '0' }).total).toBe(0);
    expect(page({ status: '0' }, admin()).total).toBe(40 - online);
  });

  it('searches name, description and url, ignoring case', () => {
    expect(page({ searchText: 'echo' }).records.map((r) => r.name)).toContain('Echo');
    expect(page({ searchText: '名言' }).records.map((r) => r.name)).toContain('每日一句');
    expect(page({ searchText: 'S.AGLER.DEV' }).records.map((r) => r.name)).toContain('短链接生成');
  });

  it('filters by name, description, url and method', () => {
    expect(some(page({ name: '天气' }).records).every((r) => r.name.includes('天气'))).toBe(true);
    expect(some(page({ url: '/random/' }).records).every((r) => r.url.includes('/random/'))).toBe(true);
    expect(page({ description: 'ipv4' }).total).toBeGreaterThan(0);
    const deletes = page({ method: 'DELETE' }, admin());
    expect(deletes.total).toBeGreaterThan(0);
    expect(some(deletes.records).every((r) => r.method === 'DELETE')).toBe(true);
  });

  it.each(['createTime', 'updateTime', 'name'] as const)('sorts by %s both ways', (field) => {
    const collator = new Intl.Collator('zh-CN', { numeric: true });
    const key = (r: InterfaceSummary) => r[field];
    const cmp = (a: InterfaceSummary, b: InterfaceSummary) =>
      (field === 'name'
        ? collator.compare(key(a), key(b))
        : key(a) < key(b)
          ? -1
          : key(a) > key(b)
            ? 1
            : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const expected = [...sharedStore().interfaces].sort(cmp).map((r) => r.id);
    expect(
      page({ pageSize: '50', sortField: field, sortOrder: 'ascend' }, admin()).records.map((r) => r.id),
    ).toEqual(expected);
    expect(
      page({ pageSize: '50', sortField: field, sortOrder: 'descend' }, admin()).records.map((r) => r.id),
    ).toEqual(expected.reverse());
  });

  it('lists the newest first by default', () => {
    const records = some(page({ pageSize: '50' }, admin()).records);
    expect(records[0].id).toBe(interfaceIdOf(1));
    expect(records.every((r, i) => i === 0 || records[i - 1].createTime >= r.createTime)).toBe(true);
  });

  it('follows changes to the store after a page was served', () => {
    const byName = () => page({ sortField: 'name', sortOrder: 'ascend' }, admin()).records[0];
    expect(byName().name).not.toBe('00 第一');
    sharedStore().interfaces[10].name = '00 第一';
    expect(byName().name).toBe('00 第一');
    sharedStore().interfaces.push({
      ...sharedStore().interfaces[0],
      id: interfaceIdOf(99),
      name: '新接口 zzz',
      createTime: '2026-03-01 00:00:00',
    });
    expect(page({}, admin()).records[0].name).toBe('新接口 zzz');
    sharedStore().interfaces[0].status = 0;
    expect(page({ pageSize: '50' }).records.some((r) => r.id === sharedStore().interfaces[0].id)).toBe(false);
  });
});

describe('GET get', () => {
  it('answers an online interface to anyone, an offline one only to admins', () => {
    const online = sharedStore().interfaces.find((r) => r.status === 1)!;
    const offline = sharedStore().interfaces.find((r) => r.status === 0)!;
    expect(getOne({ id: online.id }, user())).toMatchObject({ code: 0, data: { id: online.id } });
    expect(getOne({ id: offline.id }, user()).code).toBe(40400);
    expect(getOne({ id: offline.id }, admin())).toMatchObject({ code: 0, data: { id: offline.id } });
  });

  it('answers 40400 for an unknown id and 40000 for a malformed one', () => {
    expect(getOne({ id: interfaceIdOf(12345) }, admin()).code).toBe(40400);
    expect(getOne({ id: 'abc' }, admin()).code).toBe(40000);
    expect(getOne({}, admin()).code).toBe(40000);
  });
});

describe('POST invoke', () => {
  const byName = (name: string) => sharedStore().interfaces.find((r) => r.name === name)!;
  const call = (name: string, params: unknown) =>
    invoke(
      {
        id: byName(name).id,
        userRequestParams: typeof params === 'string' ? params : JSON.stringify(params),
      },
      user(),
      NOW,
    );

  it('answers every online seeded interface when called with the example the console prefills', () => {
    const online = sharedStore().interfaces.filter((i) => i.status === 1);
    expect(online.length).toBeGreaterThan(0);
    for (const r of online) {
      const { envelope } = invoke({ id: r.id, userRequestParams: exampleText(r.requestParams) }, user(), NOW);
      expect({ name: r.name, code: envelope.code, message: envelope.message }).toEqual({
        name: r.name,
        code: 0,
        message: 'ok',
      });
      expect(envelope.data).not.toBeUndefined();
    }
  });

  it('gives the same weather for the same city and another for another city', () => {
    const a = call('天气查询', { city: '杭州' }).envelope.data;
    expect(call('天气查询', { city: '杭州' }).envelope.data).toEqual(a);
    expect(a).toMatchObject({ city: '杭州', unit: '℃' });
    expect(call('天气查询', { city: '拉萨' }).envelope.data).not.toEqual(a);
  });

  it("answers bad parameters as the interface's HTTP 400, naming the parameter, as the server does", () => {
    const refusal = (reason: string) => `接口返回了错误状态 HTTP 400：${reason}`;
    expect(call('天气查询', {}).envelope).toMatchObject({ code: 50200, message: refusal('缺少必填参数 city') });
    expect(call('IP 归属地查询', { ip: '300.1.1.1' }).envelope).toMatchObject({
      code: 50200,
      message: expect.stringMatching(/^接口返回了错误状态 HTTP 400：.*ip/),
    });
    expect(call('中英文翻译', { text: '你好', to: 'fr' }).envelope.message).toContain('to');
    expect(call('随机数生成', { count: 'many' }).envelope.message).toBe(refusal('参数 count 应为整数'));
    expect(call('天气查询', [1, 2]).envelope.message).toBe(refusal('请求参数应为 JSON 对象'));
  });

  it('runs the small services believably', () => {
    expect(call('IP 归属地查询', { ip: '192.168.1.1' }).envelope.data).toMatchObject({ country: '局域网' });
    expect(call('中英文翻译', { text: '你好世界', to: 'en' }).envelope.data).toMatchObject({
      translation: 'hello world',
    });
    expect(call('随机姓名生成', { seed: 7, count: 3 }).envelope.data).toEqual(
      call('随机姓名生成', { seed: 7, count: 3 }).envelope.data,
    );
    expect(call('HTML 转义 <b>escape</b>', { text: '<b>' }).envelope.data).toMatchObject({
      escaped: '&lt;b&gt;',
    });
    expect(call('每日一句', { date: '2026-01-01' }).envelope.data).toEqual(
      call('每日一句', { date: '2026-01-01' }).envelope.data,
    );
    expect(call('Echo', { a: [1, { b: true }] }).envelope.data).toEqual({ a: [1, { b: true }] });
    expect(call('Echo', '').envelope.data).toEqual({});
  });

  it('records calls that reached the interface, failed or not, with a latency, status, size and parameters', () => {
    const before = sharedStore().calls.length;
    call('天气查询', { city: '北京' });
    call('天气查询', {});
    expect(sharedStore().calls.slice(before)).toEqual([
      {
        interfaceInfoId: byName('天气查询').id,
        userId: user().id,
        time: NOW,
        success: true,
        latency: expect.any(Number),
        status: 200,
        bytes: expect.any(Number),
        params: '{"city":"北京"}',
        paramsTruncated: false,
      },
      {
        interfaceInfoId: byName('天气查询').id,
        userId: user().id,
        time: NOW,
        success: false,
        latency: expect.any(Number),
        status: 400,
        bytes: expect.any(Number),
        params: '{}',
        paramsTruncated: false,
      },
    ]);
    expect(sharedStore().calls[before].latency).toBeGreaterThan(0);
  });

  it('refuses, without recording, closed interfaces, unknown ids and parameters that are not JSON', () => {
    const before = sharedStore().calls.length;
    expect(call('天气查询（旧版）', { city: '北京' }).envelope).toMatchObject({
      code: 40000,
      message: '接口已关闭',
    });
    expect(invoke({ id: byName('天气查询（旧版）').id }, admin(), NOW).envelope.message).toBe('接口已关闭');
    expect(call('天气查询', '{city:').envelope).toMatchObject({
      code: 40000,
      message: expect.stringContaining('userRequestParams'),
    });
    expect(invoke({ id: interfaceIdOf(777) }, user(), NOW).envelope.code).toBe(40400);
    expect(invoke({ id: 'x' }, user(), NOW).envelope.code).toBe(40000);
    expect(call('Echo', `${'['.repeat(10_000)}${']'.repeat(10_000)}`).envelope).toEqual({
      code: 40000,
      data: null,
      message: MESSAGES.paramsTooDeep,
    });
    expect(invoke({ id: byName('Echo').id, userRequestParams: 7 }, user(), NOW).envelope.message).toBe(
      MESSAGES.paramsNotText,
    );
    expect(sharedStore().calls.length).toBe(before);
  });

  it("answers the call as the server's demo services do: status, JSON headers, time and size", () => {
    const { envelope, latency } = call('天气查询', { city: '北京' });

    const body = JSON.stringify(envelope.data);
    expect(envelope.call).toEqual({
      status: 200,
      headers: expect.objectContaining({
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        date: new Date(NOW + latency).toUTCString(),
      }),
      durationMs: latency,
      bytes: Buffer.byteLength(body),
    });
    expect(envelope.call?.headers).not.toHaveProperty('connection');
    expect(envelope.call?.headers).not.toHaveProperty('keep-alive');
  });

  it("carries the call on the interface's own error status, and none on a refusal by the platform", () => {
    const refused = call('天气查询', {}).envelope;
    expect(refused).toMatchObject({ code: 50200, data: null, call: { status: 400 } });
    expect(refused.call?.bytes).toBe(Buffer.byteLength(JSON.stringify({ message: '缺少必填参数 city' })));

    expect(call('天气查询（旧版）', { city: '北京' }).envelope).not.toHaveProperty('call');
    expect(call('天气查询', '{city:').envelope).not.toHaveProperty('call');
  });
});

describe('GET invoke/history', () => {
  const echo = () => sharedStore().interfaces.find((r) => r.name === 'Echo')!;
  const send = (userRequestParams: string, time: number, who = user()) =>
    invoke({ id: echo().id, userRequestParams }, who, time);
  const history = (who = user(), id: unknown = echo().id) => invokeHistory({ id } as never, who);

  it('lists the caller’s own calls newest first with their parameters, HISTORY_LIMIT at most', () => {
    for (let i = 0; i < HISTORY_LIMIT + 3; i += 1) send(`{"i":${i}}`, NOW + i * 1000);
    send('{"who":"admin"}', NOW + 100_000, admin());

    const answer = history();

    expect(answer.code).toBe(0);
    expect(answer.data).toHaveLength(HISTORY_LIMIT);
    expect(answer.data![0]).toEqual({
      time: new Date(NOW + (HISTORY_LIMIT + 2) * 1000).toISOString(),
      status: 200,
      success: true,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
      params: `{"i":${HISTORY_LIMIT + 2}}`,
    });
    expect(answer.data!.map((e) => e.params)).not.toContain('{"who":"admin"}');
    expect(history(admin()).data![0].params).toBe('{"who":"admin"}');
  });

  it('orders calls of one millisecond by the one made last first', () => {
    send('{"n":1}', NOW);
    send('{"n":2}', NOW);
    expect(history().data!.slice(0, 2).map((e) => e.params)).toEqual(['{"n":2}', '{"n":1}']);
  });

  it('keeps parameters up to 4096 bytes; longer ones come back null with paramsTruncated', () => {
    // Three bytes a character: 8 bytes of JSON around 1362 characters and 2 more bytes make 4096.
    const atLimit = JSON.stringify({ t: `${'北'.repeat(1362)}xx` });
    expect(Buffer.byteLength(atLimit)).toBe(HISTORY_PARAMS_MAX_BYTES);
    send(atLimit, NOW);
    send(JSON.stringify({ t: 'x'.repeat(HISTORY_PARAMS_MAX_BYTES) }), NOW + 1);

    const [longer, kept] = history().data!;

    expect(longer).toMatchObject({ params: null, paramsTruncated: true });
    expect(kept.params).toBe(atLimit);
    expect(kept).not.toHaveProperty('paramsTruncated');
  });

  it('answers the seeded history without status, size or parameters, as the server does', () => {
    const seeded = sharedStore().calls.find((c) => c.userId === user().id)!;
    const entries = history(user(), seeded.interfaceInfoId).data!;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ status: null, bytes: 0, params: null });
  });

  it('refuses unknown and closed interfaces as get does, and ids that are none', () => {
    const closed = sharedStore().interfaces.find((r) => r.status === 0)!;
    expect(history(user(), interfaceIdOf(777)).code).toBe(40400);
    expect(history(user(), closed.id).code).toBe(40400);
    expect(history(admin(), closed.id).code).toBe(0);
    expect(history(user(), 'abc').code).toBe(40000);
    expect(invokeHistory({}, user()).code).toBe(40000);
  });
});
