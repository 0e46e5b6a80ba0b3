import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { RequestOptions } from './client';
import { Client, expectAlive, expectRefusal, expectSuccess, loggedIn } from './client';
import { API } from './interfaces';

/**
 * Input as an attacker would send it. Each answer is the envelope (HTTP 200,
 * no stack), and after each one the target still answers.
 */

let admin: Client;

beforeAll(async () => {
  admin = await loggedIn('admin');
});

afterEach(async () => {
  await expectAlive();
});

describe('a session cookie that is not percent-encoding', () => {
  const bad = [
    'AGLER_SESSION=%',
    'AGLER_SESSION=%E0%A4%A',
    'AGLER_SESSION=%%%; other=%',
    '=%',
    'AGLER_SESSION',
    ';;;=;',
  ];

  it.each(bad)('%s counts as no session on a GET', async (cookie) => {
    const answer = await new Client().request('GET', '/api/user/get/login', { headers: { Cookie: cookie } });
    expectRefusal(answer, ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it.each(bad)('%s counts as no session on a POST with a body', async (cookie) => {
    const client = new Client();
    const headers = { Cookie: cookie };
    const write = await client.request('POST', API.online, {
      headers,
      body: '{"id":"1"}',
      contentType: 'application/json',
    });
    expectRefusal(write, ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    const logout = await client.request('POST', '/api/user/logout', {
      headers,
      body: '{}',
      contentType: 'application/json',
    });
    expect(expectSuccess(logout)).toBe(true);
  });

  it('does not stop a login', async () => {
    const body = JSON.stringify({ userAccount: 'user', userPassword: '12345678' });
    const client = new Client();
    const answer = await client.request<{ userAccount: string }>('POST', '/api/user/login', {
      headers: { Cookie: 'AGLER_SESSION=%' },
      body,
      contentType: 'application/json',
    });
    expect(expectSuccess(answer).userAccount).toBe('user');
  });
});

const deepBody = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
const form = () => {
  const data = new FormData();
  data.append('name', '表单接口');
  data.append('id', '1');
  return data;
};

/** Bodies no write endpoint reads, and what each answers (a body over the limit is 413: edge.contract.ts). */
const BAD_BODIES: [string, RequestOptions, string][] = [
  ['a form-encoded body', { body: new URLSearchParams({ id: '1', name: '表单接口' }) }, MESSAGES.contentType],
  ['a multipart body', { body: form() }, MESSAGES.contentType],
  [
    'JSON sent as text/plain (what a cross-site form can send)',
    { body: '{"id":"1"}', contentType: 'text/plain' },
    MESSAGES.contentType,
  ],
  ['a body without a Content-Type', { body: new Blob(['{"id":"1"}']) }, MESSAGES.contentType],
  [
    'JSON in another charset',
    { body: '{"id":"1"}', contentType: 'application/json; charset=utf-16' },
    MESSAGES.contentType,
  ],
  ['invalid JSON', { body: '{"id":', contentType: 'application/json' }, MESSAGES.bodyNotJson],
  ['an empty JSON body', { body: '', contentType: 'application/json' }, MESSAGES.bodyNotJson],
  [
    'JSON with a trailing comma',
    { body: '{"id":"1",}', contentType: 'application/json' },
    MESSAGES.bodyNotJson,
  ],
  [
    'bytes that are not UTF-8',
    {
      body: new Blob([new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])]),
      contentType: 'application/json',
    },
    MESSAGES.bodyNotJson,
  ],
  ['JSON nested 10,000 deep', { body: deepBody, contentType: 'application/json' }, MESSAGES.bodyTooDeep],
  ['a JSON array', { body: '[{"id":"1"}]', contentType: 'application/json' }, MESSAGES.bodyNotObject],
  ['a JSON string', { body: '"text"', contentType: 'application/json' }, MESSAGES.bodyNotObject],
  ['a JSON number', { body: '1800000000000000001', contentType: 'application/json' }, MESSAGES.bodyNotObject],
  ['JSON null', { body: 'null', contentType: 'application/json' }, MESSAGES.bodyNotObject],
];

const WRITES = ['/api/user/login', API.add, API.update, API.delete, API.online, API.offline, API.invoke];

describe.each(WRITES)('%s', (path) => {
  it.each(BAD_BODIES)('refuses %s with 40000 saying what is wrong', async (_label, options, message) => {
    expectRefusal(await admin.request('POST', path, options), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('JSON with its charset named', () => {
  it('is read', async () => {
    const body = JSON.stringify({ userAccount: 'user', userPassword: '12345678' });
    const answer = await new Client().request<{ userAccount: string }>('POST', '/api/user/login', {
      body,
      contentType: 'application/json; charset=UTF-8',
    });
    expect(expectSuccess(answer).userAccount).toBe('user');
  });
});
