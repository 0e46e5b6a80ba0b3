/** @jest-environment node */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { demoRoutes, demoUrlOf, DEMO_PREFIX } from './routes';

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
    expect(res.json()).toEqual({
      code: ResponseCode.NOT_FOUND,
      data: null,
      message: MESSAGES.unknownDemo('GET', url.slice(DEMO_PREFIX.length)),
    });
  });
});
