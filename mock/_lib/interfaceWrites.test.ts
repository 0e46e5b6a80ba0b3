import { INTERFACE_LIMITS, INTERFACE_STATUS } from '@agler/contract/constants';
import { ADMIN_ID, interfaceIdOf, USER_ID } from '@agler/contract/demo/accounts';
import { INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import { JSON_TEXTS } from '@agler/contract/json';
import { addInterface, deleteInterface, setInterfaceStatus, updateInterface } from './interfaceWrites';
import { resetStore, sharedStore } from './store';

const admin = () => sharedStore().users.find((u) => u.id === ADMIN_ID)!;

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
  const answer = addInterface({ ...valid, ...overrides }, admin());
  expect(answer.code).toBe(0);
  return answer.data!;
}

/** A JSON text of arrays nested `depth` deep. */
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const recordOf = (id: string) => sharedStore().interfaces.find((item) => item.id === id);

beforeEach(() => {
  resetStore({ interfaceCount: 0 });
});

describe('add', () => {
  it('stores a new offline interface created by the admin and answers its id', () => {
    const before = sharedStore().interfaces.length;
    const seq = sharedStore().nextInterfaceSeq;
    const answer = addInterface(valid, admin());
    expect(answer).toEqual({ code: 0, data: interfaceIdOf(seq), message: 'ok' });
    expect(sharedStore().interfaces).toHaveLength(before + 1);
    const created = recordOf(answer.data!);
    expect(created).toMatchObject({ ...valid, status: INTERFACE_STATUS.OFFLINE, userId: ADMIN_ID });
    expect(created?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(created?.updateTime).toBe(created?.createTime);
    expect(sharedStore().nextInterfaceSeq).toBe(seq + 1);
  });

  it('gives an id beyond 2^53, as decimal text', () => {
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
    expect(recordOf(id)).toMatchObject({
      name: '天气',
      url: 'https://a.example.com',
      description: '',
      requestParams: '',
    });
  });

  it.each([
    ['an empty name', { name: '' }, '请输入接口名称'],
    ['a 51-character name', { name: 'n'.repeat(51) }, '接口名称不能超过 50 个字符'],
    [
      'a name that reverses how it shows (U+202E)',
      { name: '天气\u202e查询' },
      INTERFACE_VALIDATION_TEXTS.unsafeCharacters('name'),
    ],
    [
      'a name with a control character',
      { name: '天气\u0007' },
      INTERFACE_VALIDATION_TEXTS.unsafeCharacters('name'),
    ],
    ['a 257-character description', { description: 'd'.repeat(257) }, '接口描述不能超过 256 个字符'],
    ['a relative url', { url: 'example.com/x' }, '接口地址必须是以 http:// 或 https:// 开头的完整地址'],
    ['a 514-character url', { url: `https://e.com/${'a'.repeat(500)}` }, '接口地址不能超过 512 个字符'],
    ['an unknown method', { method: 'HEAD' }, '请求方法必须是 GET、POST、PUT、DELETE、PATCH 之一'],
    ['invalid requestParams', { requestParams: '[{' }, /^请求参数：JSON 格式错误/],
    [
      'requestParams nested 100 deep',
      { requestParams: deep(100) },
      INTERFACE_VALIDATION_TEXTS.json('requestParams', JSON_TEXTS.tooDeep),
    ],
    ['requestHeader nested 10,000 deep', { requestHeader: deep(10_000) }, /^请求头/],
    [
      'a requestHeader over the size limit',
      { requestHeader: JSON.stringify({ a: 'x'.repeat(INTERFACE_LIMITS.jsonTextMax) }) },
      INTERFACE_VALIDATION_TEXTS.tooLong('requestHeader', INTERFACE_LIMITS.jsonTextMax),
    ],
    ['invalid requestHeader', { requestHeader: '{a:1}' }, /^请求头：JSON 格式错误/],
    ['invalid responseHeader', { responseHeader: 'text' }, /^响应头：JSON 格式错误/],
    ['a name that is no text', { name: 7 }, '接口名称必须是文本'],
  ])('refuses %s with 40000 naming the field, storing nothing', (_label, overrides, message) => {
    const before = [...sharedStore().interfaces];
    const answer = addInterface({ ...valid, ...overrides }, admin());
    expect(answer.code).toBe(40000);
    expect(answer.message).toMatch(message);
    expect(sharedStore().interfaces).toEqual(before);
  });
});

describe('update', () => {
  it('changes only the given fields and bumps updateTime', () => {
    const id = addOne();
    const record = recordOf(id)!;
    record.updateTime = '2020-01-01 00:00:00';
    const answer = updateInterface({ id, description: '新描述', status: 1, userId: USER_ID });
    expect(answer).toEqual({ code: 0, data: true, message: 'ok' });
    expect(record).toMatchObject({ ...valid, description: '新描述', status: 0, userId: ADMIN_ID });
    expect(record.updateTime).not.toBe('2020-01-01 00:00:00');
  });

  it('finds the record by the id as text or as a safe number', () => {
    resetStore({ interfaceCount: 3 });
    expect(updateInterface({ id: interfaceIdOf(2), name: '甲' }).code).toBe(0);
    expect(recordOf(interfaceIdOf(2))?.name).toBe('甲');
    expect(updateInterface({ id: Number.MAX_SAFE_INTEGER, name: '乙' }).code).toBe(40400);
  });

  it('validates what it is given and stores nothing invalid', () => {
    const id = addOne();
    const snapshot = JSON.stringify(sharedStore().interfaces);
    expect(updateInterface({ id, name: '', description: 'ok' })).toMatchObject({
      code: 40000,
      message: '请输入接口名称',
    });
    expect(updateInterface({ id, url: 'ftp://x' }).code).toBe(40000);
    expect(updateInterface({ id, requestHeader: '{' }).message).toMatch(/^请求头：/);
    expect(updateInterface({ id, requestParams: deep(100) }).message).toBe(
      INTERFACE_VALIDATION_TEXTS.json('requestParams', JSON_TEXTS.tooDeep),
    );
    expect(JSON.stringify(sharedStore().interfaces)).toBe(snapshot);
  });

  it('answers 40400 for a missing id and 40000 for a malformed one', () => {
    expect(updateInterface({ id: interfaceIdOf(999_999), ...valid })).toMatchObject({
      code: 40400,
      message: '接口不存在',
    });
    expect(updateInterface({ id: 'abc', ...valid })).toMatchObject({ code: 40000, message: 'id 不合法' });
    expect(updateInterface(valid).code).toBe(40000);
  });
});

describe('online and offline', () => {
  it('change only the status', () => {
    const id = addOne();
    const record = recordOf(id)!;
    const before = { ...record };
    expect(setInterfaceStatus({ id }, INTERFACE_STATUS.ONLINE)).toEqual({
      code: 0,
      data: true,
      message: 'ok',
    });
    expect(record).toEqual({ ...before, status: 1 });
    expect(setInterfaceStatus({ id }, INTERFACE_STATUS.OFFLINE).code).toBe(0);
    expect(record).toEqual(before);
  });

  it('answer 40400 for a missing id and 40000 for a malformed one', () => {
    expect(setInterfaceStatus({ id: interfaceIdOf(999_999) }, INTERFACE_STATUS.ONLINE)).toMatchObject({
      code: 40400,
      message: '接口不存在',
    });
    expect(setInterfaceStatus({ id: '1.5' }, INTERFACE_STATUS.OFFLINE).code).toBe(40000);
    expect(setInterfaceStatus({}, INTERFACE_STATUS.OFFLINE).code).toBe(40000);
  });
});

describe('delete', () => {
  it('removes the interface; a second delete answers 40400', () => {
    const keep = addOne({ name: '保留' });
    const id = addOne();
    expect(deleteInterface({ id })).toEqual({ code: 0, data: true, message: 'ok' });
    expect(sharedStore().interfaces.map((item) => item.id)).toEqual([keep]);
    expect(deleteInterface({ id })).toMatchObject({ code: 40400, message: '接口不存在' });
    expect(setInterfaceStatus({ id }, INTERFACE_STATUS.ONLINE).code).toBe(40400);
    expect(updateInterface({ id, description: '改' }, Date.now()).code).toBe(40400);
  });

  it('keeps the record with the deleted ones, for the analysis to name its calls', () => {
    const id = addOne({ name: '会删除' });
    deleteInterface({ id });
    expect(sharedStore().deletedInterfaces.map((item) => [item.id, item.name])).toEqual([[id, '会删除']]);
  });

  it('answers 40000 for a malformed id', () => {
    expect(deleteInterface({ id: '-1' }).code).toBe(40000);
  });
});
