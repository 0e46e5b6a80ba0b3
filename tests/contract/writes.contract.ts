import { BODY_MAX_BYTES, INTERFACE_LIMITS, INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { INTERFACE_VALIDATION_TEXTS, checkInterfaceField } from '@agler/contract/interfaceValidation';
import { JSON_TEXTS } from '@agler/contract/json';
import { MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo, Page } from '@agler/contract/types';
import { Client as Visitor, expectRefusal, expectSuccess, refusal } from './client';
import { API, createInterface, specSessions, validInterface } from './interfaces';

/** The spec.admin writes: who may, what they store, and every field rule with its message. */

const spec = specSessions();

async function create(options?: Parameters<typeof createInterface>[1]): Promise<string> {
  const id = await createInterface(spec.admin, options);
  spec.created.push(id);
  return id;
}

const fetchRecord = async (id: string) => expectSuccess(await spec.admin.get<InterfaceInfo>(API.get, { id }));

/** A JSON text of arrays nested `depth` deep. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('who may write', () => {
  it.each(['add', 'update', 'delete', 'online', 'offline'] as const)(
    '%s answers 40101 to a spec.user and 40100 without a session, changing nothing',
    async (endpoint) => {
      const id = await create();
      const before = await fetchRecord(id);
      const body = endpoint === 'add' ? validInterface() : { id, ...validInterface() };
      expectRefusal(await spec.user.post(API[endpoint], body), ResponseCode.NO_AUTH, MESSAGES.noAuth);
      expectRefusal(await new Visitor().post(API[endpoint], body), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
      expect(await fetchRecord(id)).toEqual(before);
      const named = expectSuccess(await spec.admin.get<Page<InterfaceInfo>>(API.list, { name: body.name }));
      expect(named.total).toBe(0);
    },
  );
});

describe('add', () => {
  it('stores a new interface, offline, spec.created by the spec.admin, and answers its id as text', async () => {
    const body = validInterface();
    const answer = await spec.admin.post<string>(API.add, body);
    const id = expectSuccess(answer);
    spec.created.push(id);
    expect(id).toMatch(/^[1-9]\d{0,18}$/);
    const record = await fetchRecord(id);
    const me = expectSuccess(await spec.admin.get<{ id: string }>('/api/user/get/login'));
    expect(record).toMatchObject({ ...body, id, status: INTERFACE_STATUS.OFFLINE, userId: me.id });
    expect(record.createTime).toBeTruthy();
    expect(record.updateTime).toBe(record.createTime);
  });

  it('keeps a new interface from users until it is online', async () => {
    const body = validInterface();
    const id = expectSuccess(await spec.admin.post<string>(API.add, body));
    spec.created.push(id);
    expectRefusal(await spec.user.get(API.get, { id }), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    expect(expectSuccess(await spec.user.get<Page<InterfaceInfo>>(API.list, { name: body.name })).total).toBe(
      0,
    );
  });

  it('trims the name and url and stores absent optional texts as empty', async () => {
    const body = validInterface();
    const id = await create({
      overrides: {
        name: `  ${body.name}  `,
        url: ' https://a.example.com/x ',
        description: undefined,
        requestParams: undefined,
      },
    });
    expect(await fetchRecord(id)).toMatchObject({
      name: body.name,
      url: 'https://a.example.com/x',
      description: '',
      requestParams: '',
    });
  });

  it('accepts each JSON text up to the limit', async () => {
    const text = JSON.stringify({ a: 'x'.repeat(INTERFACE_LIMITS.jsonTextMax - 8) });
    expect(text).toHaveLength(INTERFACE_LIMITS.jsonTextMax);
    const id = await create({ overrides: { requestHeader: text } });
    expect((await fetchRecord(id)).requestHeader).toBe(text);
  });

  const overLimit = JSON.stringify({ a: 'x'.repeat(INTERFACE_LIMITS.jsonTextMax) });

  it.each([
    ['no name', { name: undefined }, INTERFACE_VALIDATION_TEXTS.required('name')],
    ['a blank name', { name: '   ' }, INTERFACE_VALIDATION_TEXTS.required('name')],
    [
      'a 51-character name',
      { name: 'n'.repeat(51) },
      INTERFACE_VALIDATION_TEXTS.tooLong('name', INTERFACE_LIMITS.nameMax),
    ],
    ['a name that is no text', { name: 7 }, INTERFACE_VALIDATION_TEXTS.notText('name')],
    [
      'a name that shows reversed (U+202E)',
      { name: '天气\u202e查询' },
      INTERFACE_VALIDATION_TEXTS.unsafeCharacters('name'),
    ],
    [
      'a name with a control character',
      { name: '天气\u0000' },
      INTERFACE_VALIDATION_TEXTS.unsafeCharacters('name'),
    ],
    ['a name with a line break', { name: '天气\n查询' }, INTERFACE_VALIDATION_TEXTS.unsafeCharacters('name')],
    [
      'a description with U+2066',
      { description: 'a\u2066b' },
      INTERFACE_VALIDATION_TEXTS.unsafeCharacters('description'),
    ],
    [
      'a 257-character description',
      { description: 'd'.repeat(257) },
      INTERFACE_VALIDATION_TEXTS.tooLong('description', INTERFACE_LIMITS.descriptionMax),
    ],
    ['no url', { url: undefined }, INTERFACE_VALIDATION_TEXTS.required('url')],
    ['a relative url', { url: 'example.com/x' }, INTERFACE_VALIDATION_TEXTS.url],
    ['a javascript: url', { url: 'javascript:alert(1)' }, INTERFACE_VALIDATION_TEXTS.url],
    [
      'a 514-character url',
      { url: `https://e.com/${'a'.repeat(500)}` },
      INTERFACE_VALIDATION_TEXTS.tooLong('url', INTERFACE_LIMITS.urlMax),
    ],
    ['no method', { method: undefined }, INTERFACE_VALIDATION_TEXTS.required('method')],
    ['an unknown method', { method: 'HEAD' }, INTERFACE_VALIDATION_TEXTS.method],
    ['requestParams that are not JSON', { requestParams: '[{' }, checkInterfaceField('requestParams', '[{')!],
    [
      'requestParams nested 100 deep',
      { requestParams: nested(100) },
      INTERFACE_VALIDATION_TEXTS.json('requestParams', JSON_TEXTS.tooDeep),
    ],
    ['requestParams nested 10,000 deep', { requestParams: nested(10_000) }, /^请求参数/],
    ['a requestHeader nested 10,000 deep', { requestHeader: nested(10_000) }, /^请求头/],
    [
      'a requestHeader over the limit',
      { requestHeader: overLimit },
      INTERFACE_VALIDATION_TEXTS.tooLong('requestHeader', INTERFACE_LIMITS.jsonTextMax),
    ],
    [
      'a responseHeader that is not JSON',
      { responseHeader: 'text' },
      checkInterfaceField('responseHeader', 'text')!,
    ],
    [
      'a responseHeader that is no text',
      { responseHeader: { a: 1 } },
      INTERFACE_VALIDATION_TEXTS.notText('responseHeader'),
    ],
  ])('refuses %s with 40000 naming the field, storing nothing', async (_label, overrides, message) => {
    const count = async () => expectSuccess(await spec.admin.get<Page<InterfaceInfo>>(API.list)).total;
    const before = await count();
    expectRefusal(
      await spec.admin.post(API.add, { ...validInterface(), ...overrides }),
      ResponseCode.PARAMS_ERROR,
      message,
    );
    expect(await count()).toBe(before);
  });

  it('refuses a 4.9 MB record: the body is over the limit', async () => {
    const huge = JSON.stringify([
      { name: 'p', type: 'string', required: false, description: 'x'.repeat(4_900_000) },
    ]);
    expect(huge.length).toBeGreaterThan(BODY_MAX_BYTES);
    const answer = await spec.admin.post(API.add, { ...validInterface(), requestParams: huge });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 413,
      body: refusal(ResponseCode.PARAMS_ERROR, MESSAGES.bodyTooLarge),
    });
  });
});

describe('update', () => {
  it('changes only the fields given; status and creator stay', async () => {
    const id = await create();
    const before = await fetchRecord(id);
    const answer = await spec.admin.post(API.update, {
      id,
      description: '新的描述',
      status: INTERFACE_STATUS.ONLINE,
      userId: '1',
    });
    expect(expectSuccess(answer)).toBe(true);
    const after = await fetchRecord(id);
    expect(after).toMatchObject({ ...before, description: '新的描述', updateTime: after.updateTime });
    expect(after.updateTime >= before.updateTime).toBe(true);
  });

  it('validates what it is given and stores nothing invalid', async () => {
    const id = await create();
    const before = await fetchRecord(id);
    expectRefusal(
      await spec.admin.post(API.update, { id, name: '', description: 'ok' }),
      ResponseCode.PARAMS_ERROR,
      INTERFACE_VALIDATION_TEXTS.required('name'),
    );
    expectRefusal(
      await spec.admin.post(API.update, { id, url: 'ftp://x' }),
      ResponseCode.PARAMS_ERROR,
      INTERFACE_VALIDATION_TEXTS.url,
    );
    expectRefusal(
      await spec.admin.post(API.update, { id, name: 'a\u202eb' }),
      ResponseCode.PARAMS_ERROR,
      INTERFACE_VALIDATION_TEXTS.unsafeCharacters('name'),
    );
    expectRefusal(
      await spec.admin.post(API.update, { id, requestParams: nested(10_000) }),
      ResponseCode.PARAMS_ERROR,
      /^请求参数/,
    );
    expectRefusal(
      await spec.admin.post(API.update, { id, requestHeader: nested(10_000) }),
      ResponseCode.PARAMS_ERROR,
      /^请求头/,
    );
    expectRefusal(
      await spec.admin.post(API.update, { id, requestHeader: nested(100) }),
      ResponseCode.PARAMS_ERROR,
      INTERFACE_VALIDATION_TEXTS.json('requestHeader', JSON_TEXTS.tooDeep),
    );
    expect(await fetchRecord(id)).toEqual(before);
  });
});

describe.each(['update', 'delete', 'online', 'offline'] as const)('%s', (endpoint) => {
  it('answers 40400 for an id nobody has', async () => {
    expectRefusal(
      await spec.admin.post(API[endpoint], { id: '9223372036854775807', name: '无' }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
  });

  it.each([
    ['no id', {}],
    ['an id that is no number', { id: 'abc' }],
    ['a negative id', { id: -1 }],
    ['a fraction', { id: 1.5 }],
    ['an id in an array', { id: ['1'] }],
    ['an id beyond 64 bits', { id: '9223372036854775808' }],
  ])('refuses %s with 40000', async (_label, body) => {
    expectRefusal(await spec.admin.post(API[endpoint], body), ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  });
});

describe('online, offline and delete', () => {
  it('publish and withdraw, changing only the status', async () => {
    const id = await create();
    const before = await fetchRecord(id);
    expect(expectSuccess(await spec.admin.post(API.online, { id }))).toBe(true);
    expect(await fetchRecord(id)).toEqual({ ...before, status: INTERFACE_STATUS.ONLINE });
    expect(expectSuccess(await spec.user.get<InterfaceInfo>(API.get, { id })).id).toBe(id);
    expect(expectSuccess(await spec.admin.post(API.offline, { id }))).toBe(true);
    expect(await fetchRecord(id)).toEqual(before);
    expectRefusal(await spec.user.get(API.get, { id }), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  });

  it('delete removes the interface; a second delete answers 40400', async () => {
    const id = await create({ online: true });
    expect(expectSuccess(await spec.admin.post(API.delete, { id }))).toBe(true);
    expectRefusal(await spec.admin.get(API.get, { id }), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    expectRefusal(
      await spec.admin.post(API.delete, { id }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
    expectRefusal(
      await spec.admin.post(API.online, { id }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
  });
});
