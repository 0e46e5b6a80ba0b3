/** @jest-environment node */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { CallSettings } from '../domain/upstream';
import { forwardHeaders } from '../invoke/forwardSignature';
import { demoRoutes, demoUrlOf, DEMO_PREFIX } from './routes';
import { DEMO_GUARD_MESSAGES } from './guard';
import { refusal } from '../test/refusal';

const NOW = Date.UTC(2026, 0, 5, 8);
const KEY = 'demo-upstream-key-of-the-test';
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const SETTINGS: CallSettings = {
  headers: [{ name: 'X-Api-Key', value: KEY }],
  query: [],
  secret: SECRET,
  previous: null,
  timeoutMs: null,
  retries: 0,
  maxConnections: null,
};

describe('demo services over HTTP', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(demoRoutes, {
      prefix: DEMO_PREFIX,
      seededCount: 40,
      upstreamOf: async () => SETTINGS,
      now: () => NOW,
    });
  });

  afterAll(() => app.close());

  it('maps a seed URL onto this server, keeping its path and query', () => {
    expect(demoUrlOf('https://api.agler.dev/v1/weather/now', 'http://localhost:8000/')).toBe(
      'http://localhost:8000/demo/v1/weather/now',
    );
    expect(demoUrlOf('https://api.agler.dev/v1/random/name?lang=en', 'https://agler.example')).toBe(
      'https://agler.example/demo/v1/random/name?lang=en',
    );
    expect(demoUrlOf('https://api.agler.dev/v1/users/{id}', 'http://h')).toBe('http://h/demo/v1/users/{id}');
  });

  it('answers a GET from its query string, typed as the parameters are declared', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/demo/v1/weather/now?city=${encodeURIComponent('北京')}&unit=f`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: '北京', unit: '℉' });
  });

  it('answers 400 naming the parameter the service cannot work with', async () => {
    const res = await app.inject({ method: 'GET', url: '/demo/v1/weather/now' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '缺少必填参数 city' });
  });

  it.each([
    ['8.8.8.8', { country: '美国', isp: 'Google' }],
    ['1.1.1.1', { country: '美国', isp: 'Cloudflare' }],
    ['114.114.114.114', { country: '中国', province: '江苏', city: '南京' }],
    ['223.5.5.5', { country: '中国', province: '浙江', isp: '阿里云' }],
    ['127.0.0.1', { country: '局域网', isp: '内网 IP' }],
    ['192.168.1.1', { country: '局域网', isp: '内网 IP' }],
    ['100.64.0.1', { country: '局域网', isp: '内网 IP' }],
  ])('places %s as a real lookup would', async (ip, place) => {
    const res = await app.inject({ method: 'GET', url: `/demo/v1/ip/lookup?ip=${ip}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ip, ...place });
  });

  it('puts no well-known resolver on the blacklist', async () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '114.114.114.114', '223.5.5.5']) {
      const res = await app.inject({
        method: 'GET',
        url: `/demo/v1/risk/ip-blacklist?ip=${ip}`,
        headers: { 'x-api-key': KEY },
      });
      expect(res.json()).toMatchObject({ ip, blocked: false });
    }
  });

  it('answers the key-guarded service only with the key the platform holds for it', async () => {
    for (const headers of [{}, { 'x-api-key': `${KEY}x` }, { 'x-api-key': KEY.slice(0, -1) }]) {
      const res = await app.inject({ method: 'GET', url: '/demo/v1/risk/ip-blacklist?ip=8.8.8.8', headers });
      expect([res.statusCode, res.json()]).toEqual([401, { message: DEMO_GUARD_MESSAGES.upstreamKey }]);
    }
  });

  it('answers the signature-guarded service only a call signed with its secret, recent, over what arrived', async () => {
    const url = '/demo/v1/identity/verify';
    const payload = JSON.stringify({ idNumber: '11010519491231002X' });
    const signed = (at: number, body = payload, secret = SECRET) =>
      forwardHeaders([secret], {
        requestId: 'req_1',
        timestampSeconds: Math.floor(at / 1000),
        method: 'POST',
        pathWithQuery: url,
        body,
      });
    const send = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

    expect((await send(signed(NOW))).statusCode).toBe(200);
    expect((await send(signed(NOW - 290_000))).statusCode).toBe(200);
    for (const headers of [
      {},
      signed(NOW - 310_000),
      signed(NOW, '{}'),
      signed(NOW, payload, `whsec_${Buffer.alloc(32, 8).toString('base64')}`),
    ]) {
      const res = await send(headers);
      expect([res.statusCode, res.json()]).toEqual([401, { message: DEMO_GUARD_MESSAGES.forwardSignature }]);
    }
  });

  it('echoes any method with a JSON body', async () => {
    const res = await app.inject({ method: 'PUT', url: '/demo/echo', payload: { a: [1, 2] } });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('"a":[1,2]');
  });

  it('answers 404 for what it does not serve, and 400 for a path it cannot decode', async () => {
    expect((await app.inject({ method: 'GET', url: '/demo/v1/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/demo/v1/weather/now', payload: {} })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/demo/%E0%A4%A' })).statusCode).toBe(400);
  });

  it.each(['/demo', '/demo/', '/demo/v1/nothing'])('answers %s with the envelope 40400', async (url) => {
    const res = await app.inject({ method: 'GET', url });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal(ResponseCode.NOT_FOUND, MESSAGES.unknownDemo('GET', url.slice(DEMO_PREFIX.length))));
  });
});
