/** @jest-environment node */
import Fastify from 'fastify';
import { ENCODE_FROM_CHARS, utf8Plugin } from './utf8';

async function appWith(payload: string | object) {
  const app = Fastify();
  await app.register(utf8Plugin);
  let sent: unknown;
  app.addHook('onSend', async (_request, _reply, body) => {
    sent = body;
    return body;
  });
  app.get('/', async () => payload);
  await app.ready();
  return { app, sent: () => sent };
}

describe('utf8Plugin', () => {
  test('sends a long answer as its UTF-8 bytes, Chinese included, with their length', async () => {
    const names = Array.from({ length: ENCODE_FROM_CHARS / 8 }, (_, i) => `天气查询${i}`);
    const { app, sent } = await appWith({ names });
    const answer = await app.inject({ url: '/' });
    expect(Buffer.isBuffer(sent())).toBe(true);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify({ names })));
    expect(answer.json()).toEqual({ names });
    await app.close();
  });

  test('leaves a short answer as it is', async () => {
    const { app, sent } = await appWith({ name: '天气查询' });
    const answer = await app.inject({ url: '/' });
    expect(sent()).toBe('{"name":"天气查询"}');
    expect(answer.json()).toEqual({ name: '天气查询' });
    await app.close();
  });
});
