/**
 * @jest-environment node
 */
import { ResponseCode } from '@agler/contract/constants';
import { INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import { MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import { ADMIN, call, loginAs, registerAs, testApp } from '../test/app';
import type { TestApp } from '../test/app';
import { listen } from '../test/listener';
import type { Listener } from '../test/listener';
import { refusal } from '../test/refusal';

/** Texts the database cannot hold (NUL) or would get changed (a lone surrogate) are refused, by name, never a fault. */

let t: TestApp;
let upstream: Listener;
let admin: string;
let user: string;
let interfaceId: string;
beforeAll(async () => {
  upstream = await listen((request, response) => {
    request.resume();
    request.on('end', () => response.setHeader('content-type', 'application/json').end('{"ok":true}'));
  });
  t = await testApp({ invokeAllowHosts: [`127.0.0.1:${upstream.port}`] });
  admin = await loginAs(t.app, ADMIN);
  user = (await registerAs(t.app, 'text_check_1')).cookie;
  const page = await call<{ records: { id: string }[] }>(t.app, {
    url: '/api/interfaceInfo/list/page',
    cookie: admin,
  });
  interfaceId = page.data.records[0].id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const get = (path: string, query: Record<string, string>, cookie = admin) =>
  call(t.app, { url: `${path}?${new URLSearchParams(query)}`, cookie });
const post = (path: string, payload: object, cookie = admin) =>
  call(t.app, { method: 'POST', url: path, payload, cookie });

test('a NUL in the user search is refused with the message that names it', async () => {
  expect(await get('/api/user/list/page', { searchText: 'ad\u0000min' })).toEqual(refusal(ResponseCode.PARAMS_ERROR, TEXT_MESSAGES.param('searchText', 'control')));
});

test('a NUL in a name says so, not that the name is too long', async () => {
  expect((await post('/api/user/update/my', { userName: '名字\u0000' }, user)).message).toBe(
    TEXT_MESSAGES.field('昵称', 'control').text,
  );
});

test('a lone surrogate in a name is refused with its own message, not replaced', async () => {
  expect(await post('/api/user/update/my', { userName: '名字\ud800' }, user)).toEqual(refusal(ResponseCode.PARAMS_ERROR, TEXT_MESSAGES.field('昵称', 'loneSurrogate')));
  expect(
    (await post('/api/interfaceInfo/add', { name: '天气\udc00', url: 'https://a.example/', method: 'GET' }))
      .message,
  ).toBe(TEXT_MESSAGES.field('接口名称', 'loneSurrogate').text);
  // A pair is one character, and welcome.
  expect((await post('/api/user/update/my', { userName: '名字😀' }, user)).code).toBe(0);
});

test('an interface filter and the usage search refuse a control character by name', async () => {
  expect((await get('/api/interfaceInfo/list/page', { name: 'a\u0000b' })).message).toBe(
    TEXT_MESSAGES.param('name', 'control').text,
  );
  expect(
    (
      await get('/api/analysis/interfaces', {
        startDate: '2024-01-01',
        endDate: '2024-01-02',
        searchText: '\u0085',
      })
    ).message,
  ).toBe(TEXT_MESSAGES.param('searchText', 'control').text);
});

test('an account name with a control character is refused at login by name', async () => {
  expect(
    (await post('/api/user/login', { userAccount: 'adm\u0000in', userPassword: '12345678' }, '')).message,
  ).toBe(TEXT_MESSAGES.field('账号', 'control').text);
});

test("an interface's fields keep their one message for controls", async () => {
  expect(
    (await post('/api/interfaceInfo/add', { name: '天气\u0000', url: 'https://a.example/', method: 'GET' }))
      .message,
  ).toBe(INTERFACE_VALIDATION_TEXTS.unsafeCharacters('name').text);
});

test("a lone surrogate in invoke's parameters is refused before the call: the call log, which keeps them, could not be written", async () => {
  const added = await post('/api/interfaceInfo/add', {
    name: '回声',
    url: `${upstream.origin}/echo`,
    method: 'POST',
  });
  await post('/api/interfaceInfo/online', { id: added.data });
  const invoke = (userRequestParams: string) =>
    post('/api/interfaceInfo/invoke', { id: added.data, userRequestParams }, user);

  expect(await invoke('{"q": "a\ud800b"}')).toEqual(refusal(ResponseCode.PARAMS_ERROR, TEXT_MESSAGES.param('userRequestParams', 'loneSurrogate')));
  expect(upstream.requests).toEqual([]);
  expect((await invoke('{\n  "q": "b 😀"\n}')).code).toBe(0);
  const history = await get('/api/interfaceInfo/invoke/history', { id: String(added.data) }, user);
  expect(history.data).toEqual([expect.objectContaining({ params: '{\n  "q": "b 😀"\n}' })]);
});

/** Every text input of every endpoint, with a value the database cannot hold or would change. */
const QUERIES: [string, string[]][] = [
  ['/api/user/list/page', ['searchText', 'userRole', 'current', 'pageSize']],
  [
    '/api/interfaceInfo/list/page',
    [
      'name',
      'description',
      'url',
      'searchText',
      'method',
      'status',
      'sortField',
      'sortOrder',
      'current',
      'pageSize',
    ],
  ],
  ['/api/interfaceInfo/get', ['id']],
  ['/api/interfaceInfo/invoke/history', ['id']],
  ['/api/analysis/top/interface/invoke', ['limit', 'startDate', 'endDate']],
  ['/api/analysis/overview', ['startDate', 'endDate', 'pageSize']],
  [
    '/api/analysis/interfaces',
    ['startDate', 'endDate', 'searchText', 'sortField', 'sortOrder', 'current', 'pageSize'],
  ],
  ['/api/analysis/interface/callers', ['interfaceInfoId', 'startDate', 'endDate']],
  ['/api/userInterfaceInfo/list', ['userId']],
];

const BODIES: [string, Record<string, unknown>, 'admin' | 'user' | 'nobody'][] = [
  ['/api/user/login', { userAccount: 'text_check_1', userPassword: 'password-123' }, 'nobody'],
  [
    '/api/user/register',
    { userAccount: 'text_check_2', userPassword: 'password-123', checkPassword: 'password-123' },
    'nobody',
  ],
  ['/api/user/update/my', { userName: '名字', userAvatar: 'https://a.example/a.png' }, 'user'],
  ['/api/user/update', { id: '1', userRole: 'user' }, 'admin'],
  [
    '/api/interfaceInfo/add',
    {
      name: '天气',
      description: '说明',
      url: 'https://a.example/',
      method: 'GET',
      requestParams: '',
      requestHeader: '',
      responseHeader: '',
    },
    'admin',
  ],
  ['/api/interfaceInfo/update', { id: 'ID', name: '天气', description: '说明' }, 'admin'],
  ['/api/interfaceInfo/offline', { id: 'ID' }, 'admin'],
  ['/api/userInterfaceInfo/update', { userId: '1', interfaceInfoId: 'ID', leftNum: 5 }, 'admin'],
];

describe('no text input answers a fault', () => {
  test.each(QUERIES)('%s', async (path, keys) => {
    for (const key of keys) {
      for (const bad of ['\u0000', 'x\u0000', '\u0001', '\u007f', '\u009f']) {
        const answer = await get(path, {
          startDate: '2024-01-01',
          endDate: '2024-01-02',
          id: interfaceId,
          [key]: bad,
        });
        expect({ key, bad, code: answer.code }).toEqual({ key, bad, code: ResponseCode.PARAMS_ERROR });
      }
    }
  });

  test.each(BODIES)('%s', async (path, base, who) => {
    const cookie = who === 'admin' ? admin : who === 'user' ? user : '';
    const valid = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v === 'ID' ? interfaceId : v]));
    for (const key of Object.keys(base)) {
      for (const bad of ['\u0000', '\u0001', '\ud800', '\udc00x']) {
        const value = typeof valid[key] === 'string' ? `${String(valid[key])}${bad}` : bad;
        const answer = await post(path, { ...valid, [key]: value }, cookie);
        expect({ key, bad, code: answer.code }).not.toEqual({ key, bad, code: ResponseCode.SYSTEM_ERROR });
        expect(answer.message).not.toBe(MESSAGES.systemError);
      }
    }
  });
});
