import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '@agler/contract/constants';
import { interfaceWriteHandlers } from './interfaceWrites';
import { ADMIN_ID, USER_ID, interfaceIdOf } from '@agler/contract/demo/accounts';
import { resetStore, sharedStore } from './store';

type Answer = { code: number; data: unknown; message: string };

/** Reads integers beyond 2^53 as their decimal text, as the app's request layer does (Node 20 lacks JSON.parse source access). */
function parseKeepingIds(text: string): Answer {
  return JSON.parse(text.replace(/:(\d{16,})(?=[,}\]])/g, ':"$1"'));
}

/** Calls a write endpoint as the given session would, and reads its answer as the app does. */
function call(endpoint: string, body: unknown, who: 'admin' | 'user' | 'nobody' = 'admin'): Answer {
  const handler = interfaceWriteHandlers[`POST /api/interfaceInfo/${endpoint}`];
  const req = {
    body,
    headers: who === 'nobody' ? {} : { cookie: `${SESSION_COOKIE}=${who}-session` },
  } as unknown as Request;
  let text = '';
  const res = {
    status: () => res,
    type: () => res,
    setHeader: () => res,
    send: (payload: string) => {
      text = payload;
      return res;
    },
  } as unknown as Response;
  handler(req, res);
  return parseKeepingIds(text);
}

const valid = {
  name: '天气查询',
  description: '按城市查询天气',
  url: 'https://api.example.com/weather',
  method: 'GET',
  requestParams: '[{"name":"city","type":"string","required":true,"description":"城市"}]',
  requestHeader: '{"Content-Type":"application/json"}',
  responseHeader: '',
};

function addOne(overrides: Record<string, unknown> = {}): string {
  const answer = call('add', { ...valid, ...overrides });
  expect(answer.code).toBe(0);
  return answer.data as string;
}

beforeEach(() => {
  resetStore({ interfaceCount: 0 });
  sharedStore().sessions.set('admin-session', ADMIN_ID);
  sharedStore().sessions.set('user-session', USER_ID);
});

describe('add', () => {
  it('stores a new offline interface created by the admin and answers its id as a bare number', () => {
    const before = sharedStore().interfaces.length;
    const seq = sharedStore().nextInterfaceSeq;
    const answer = call('add', valid);
    expect(answer).toEqual({ code: 0, data: interfaceIdOf(seq), message: 'ok' });
    expect(sharedStore().interfaces).toHaveLength(before + 1);
    const created = sharedStore().interfaces.find((item) => item.id === answer.data);
    expect(created).toMatchObject({ ...valid, status: 0, userId: ADMIN_ID });
    expect(created?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(created?.updateTime).toBe(created?.createTime);
    expect(sharedStore().nextInterfaceSeq).toBe(seq + 1);
  });

  it('keeps the id exactly: it is beyond 2^53', () => {
    const id = addOne();
    expect(id).toMatch(/^\d{19}$/);
    expect(Number.isSafeInteger(Number(id))).toBe(false);
  });

  it('trims the name and url, and stores absent optional texts as empty', () => {
    const id = addOne({
      name: '  天气  ',
      url: ' https://a.example.com ',
      description: undefined,
      requestParams: undefined,
    });
    expect(sharedStore().interfaces.find((item) => item.id === id)).toMatchObject({
      name: '天气',
      url: 'https://a.example.com',
      description: '',
      requestParams: '',
    });
  });

  it.each([
    ['an empty name', { name: '' }, '请输入接口名称'],
    ['a 51-character name', { name: 'n'.repeat(51) }, '接口名称不能超过 50 个字符'],
    ['a 257-character description', { description: 'd'.repeat(257) }, '接口描述不能超过 256 个字符'],
    ['a relative url', { url: 'example.com/x' }, '接口地址必须是以 http:// 或 https:// 开头的完整地址'],
    ['a 514-character url', { url: `https://e.com/${'a'.repeat(500)}` }, '接口地址不能超过 512 个字符'],
    ['an unknown method', { method: 'HEAD' }, '请求方法必须是 GET、POST、PUT、DELETE、PATCH 之一'],
    ['invalid requestParams', { requestParams: '[{' }, /^请求参数：JSON 格式错误/],
    ['invalid requestHeader', { requestHeader: '{a:1}' }, /^请求头：JSON 格式错误/],
    ['invalid responseHeader', { responseHeader: 'text' }, /^响应头：JSON 格式错误/],
    ['a name that is no text', { name: 7 }, '接口名称必须是文本'],
  ])('refuses %s with 40000 naming the field, storing nothing', (_label, overrides, message) => {
    const before = [...sharedStore().interfaces];
    const answer = call('add', { ...valid, ...overrides });
    expect(answer.code).toBe(40000);
    expect(answer.message).toMatch(message);
    expect(sharedStore().interfaces).toEqual(before);
  });

  it('refuses a body that is not an object', () => {
    expect(call('add', 'text').code).toBe(40000);
  });
});

describe('admin only', () => {
  it.each(['add', 'update', 'delete', 'online', 'offline'])(
    '%s answers 40101 to a user and 40100 without a session, changing nothing',
    (endpoint) => {
      const id = addOne();
      const snapshot = JSON.stringify(sharedStore().interfaces);
      const body = endpoint === 'add' ? valid : { id, ...valid, name: '改名' };
      expect(call(endpoint, body, 'user')).toMatchObject({ code: 40101, message: '无权限' });
      expect(call(endpoint, body, 'nobody')).toMatchObject({ code: 40100 });
      expect(JSON.stringify(sharedStore().interfaces)).toBe(snapshot);
    },
  );
});

describe('update', () => {
  it('changes only the given fields and bumps updateTime', () => {
    const id = addOne();
    const record = sharedStore().interfaces.find((item) => item.id === id)!;
    record.updateTime = '2020-01-01 00:00:00';
    const answer = call('update', { id, description: '新描述', status: 1, userId: USER_ID });
    expect(answer).toEqual({ code: 0, data: true, message: 'ok' });
    expect(record).toMatchObject({ ...valid, description: '新描述', status: 0, userId: ADMIN_ID });
    expect(record.updateTime).not.toBe('2020-01-01 00:00:00');
  });

  it('accepts the id as a number or text', () => {
    const id = addOne();
    expect(call('update', { id, name: '甲' }).code).toBe(0);
    expect(call('update', { id: String(id), name: '乙' }).code).toBe(0);
    expect(sharedStore().interfaces.find((item) => item.id === id)?.name).toBe('乙');
  });

  it('validates what it is given and stores nothing invalid', () => {
    const id = addOne();
    const snapshot = JSON.stringify(sharedStore().interfaces);
    expect(call('update', { id, name: '', description: 'ok' })).toMatchObject({
      code: 40000,
      message: '请输入接口名称',
    });
    expect(call('update', { id, url: 'ftp://x' }).code).toBe(40000);
    expect(call('update', { id, requestHeader: '{' }).message).toMatch(/^请求头：/);
    expect(JSON.stringify(sharedStore().interfaces)).toBe(snapshot);
  });

  it('answers 40400 for a missing id and 40000 for a malformed one', () => {
    expect(call('update', { id: interfaceIdOf(999_999), ...valid })).toMatchObject({
      code: 40400,
      message: '接口不存在',
    });
    expect(call('update', { id: 'abc', ...valid })).toMatchObject({ code: 40000, message: 'id 不合法' });
    expect(call('update', valid).code).toBe(40000);
  });
});

describe('online and offline', () => {
  it('change only the status', () => {
    const id = addOne();
    const record = sharedStore().interfaces.find((item) => item.id === id)!;
    const before = { ...record };
    expect(call('online', { id })).toEqual({ code: 0, data: true, message: 'ok' });
    expect(record).toEqual({ ...before, status: 1 });
    expect(call('offline', { id }).code).toBe(0);
    expect(record).toEqual(before);
  });

  it('answer 40400 for a missing id and 40000 for a malformed one', () => {
    expect(call('online', { id: interfaceIdOf(999_999) })).toMatchObject({
      code: 40400,
      message: '接口不存在',
    });
    expect(call('offline', { id: '1.5' }).code).toBe(40000);
    expect(call('offline', {}).code).toBe(40000);
  });
});

describe('delete', () => {
  it('removes the interface; a second delete answers 40400', () => {
    const keep = addOne({ name: '保留' });
    const id = addOne();
    expect(call('delete', { id })).toEqual({ code: 0, data: true, message: 'ok' });
    expect(sharedStore().interfaces.map((item) => item.id)).toEqual([keep]);
    expect(call('delete', { id })).toMatchObject({ code: 40400, message: '接口不存在' });
    expect(call('online', { id }).code).toBe(40400);
  });

  it('answers 40000 for a malformed id', () => {
    expect(call('delete', { id: '-1' }).code).toBe(40000);
  });
});
