/**
 * @jest-environment node
 */
import { ResponseCode } from '@agler/contract/constants';
import { HOST_NOT_SERVED, MESSAGES } from '@agler/contract/messages';
import { ADMIN, setUpTestApp } from '../test/app';
import { hostIsAmbiguous } from './security';
import { refusal } from '../test/refusal';

/**
 * Which hosts the server answers (DNS rebinding: a page of another site whose
 * name now points at this server), and which origins may write.
 */

const PUBLIC_URL = 'https://api.example.com';
const ONLINE_ID = '1800000000000000001';

const t = setUpTestApp({
  publicUrl: PUBLIC_URL,
  allowedHosts: ['agler.internal', 'proxy.local:8080'],
  login: { admin: ADMIN },
});

const request = (url: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({
    method,
    url,
    headers: { cookie: t.cookie.admin, ...headers },
    ...(method === 'POST' ? { payload: { id: ONLINE_ID } } : {}),
  });

const statusOf = async (id: string) =>
  JSON.parse((await request(`/api/interfaceInfo/get?id=${id}`, { host: 'localhost' })).body).data.status;

describe('the Host header', () => {
  const refused = refusal(ResponseCode.FORBIDDEN, HOST_NOT_SERVED);

  test('a write with a valid cookie sent to another host, from its origin, is refused and changes nothing', async () => {
    const response = await request(
      '/api/interfaceInfo/offline',
      { host: 'evil.example', origin: 'https://evil.example' },
      'POST',
    );

    expect(response.statusCode).toBe(421);
    expect(JSON.parse(response.body)).toEqual(refused);
    expect(await statusOf(ONLINE_ID)).toBe(1);
  });

  test.each([
    'evil.example',
    'evil.example:8000',
    'localhost.evil.example',
    'api.example.com.evil.example',
    'proxy.local:8081',
    'proxy.local',
    '127.0.0.2:8000',
    '[::2]:8000',
    'localhost@evil.example',
    'evil.example#@localhost',
  ])('%s: 421 with the envelope, for the API, the gateway and the pages alike', async (host) => {
    for (const url of ['/api/user/get/login', `/gateway/${ONLINE_ID}`, '/demo/echo', '/']) {
      const response = await request(url, { host });

      expect({ url, status: response.statusCode, body: JSON.parse(response.body) }).toEqual({
        url,
        status: 421,
        body: refused,
      });
    }
  });

  test.each([
    'api.example.com',
    'API.example.com:8443',
    'localhost',
    'localhost:8000',
    '127.0.0.1:1234',
    '[::1]:9000',
    'agler.internal',
    'agler.internal:3000',
    'proxy.local:8080',
  ])('%s is served', async (host) => {
    const response = await request('/api/user/get/login', { host });

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).code).toBe(0);
  });

  test('the health check answers whatever host a probe names: it tells nothing', async () => {
    const response = await request('/api/health', { host: '10.1.2.3:8000' });

    expect(response.statusCode).toBe(200);
  });
});

describe('the Origin of a write', () => {
  const write = (host: string, origin: string) =>
    request('/api/interfaceInfo/online', { host, origin }, 'POST').then((r) => JSON.parse(r.body).code);

  test('the public address, or the very origin the request was sent to, may write', async () => {
    expect(await write('localhost:8000', PUBLIC_URL)).toBe(0);
    expect(await write('api.example.com:443', 'https://api.example.com:443')).toBe(0);
    expect(await write('localhost:8000', 'http://localhost:8000')).toBe(0);
    expect(await write('localhost:80', 'http://localhost')).toBe(0);
  });

  test.each([
    ['another scheme than the public address', 'localhost:8000', 'http://api.example.com'],
    ['another port than the public address', 'localhost:8000', 'https://api.example.com:8443'],
    ['another scheme than the request', 'localhost:8000', 'https://localhost:8000'],
    ['another port than the request', 'localhost:8000', 'http://localhost:8001'],
    ['another allowed host', 'localhost:8000', 'http://agler.internal'],
    ['an opaque origin', 'localhost:8000', 'null'],
  ])('%s is cross-site', async (_label, host, origin) => {
    expect(await write(host, origin)).toBe(ResponseCode.FORBIDDEN);
  });

  test('a refused write says so', async () => {
    const response = await request(
      '/api/interfaceInfo/online',
      { host: 'localhost:8000', origin: 'http://localhost:8001' },
      'POST',
    );

    expect(JSON.parse(response.body)).toEqual(refusal(ResponseCode.FORBIDDEN, MESSAGES.crossSite));
  });
});

describe('an ambiguous Host, as the raw headers give it', () => {
  test.each([
    [['Host', 'localhost', 'Host', 'evil.example'], true],
    [['host', 'localhost', 'HOST', 'localhost'], true],
    [['Host', 'localhost, evil.example'], true],
    [['Host', 'local host'], true],
    [['Host', 'localhost\t'], true],
    [['Host', ''], true],
    [['Host', 'localhost:8000', 'X-Forwarded-Host', 'a, b'], false],
    [['Host', '[::1]:8000'], false],
    [[], false],
  ])('%j: %s', (rawHeaders, ambiguous) => {
    expect(hostIsAmbiguous(rawHeaders)).toBe(ambiguous);
  });
});
