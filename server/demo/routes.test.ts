/** @jest-environment node */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { demoRoutes, demoUrlOf, DEMO_PREFIX } from './routes';
import { refusal } from '../test/refusal';

describe('demo services over HTTP', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(demoRoutes, { prefix: DEMO_PREFIX, seededCount: 40 });
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
      const res = await app.inject({ method: 'GET', url: `/demo/v1/risk/ip-blacklist?ip=${ip}` });
      expect(res.json()).toMatchObject({ ip, blocked: false });
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
