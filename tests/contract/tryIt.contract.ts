import { ResponseCode } from '@agler/contract/constants';
import { HISTORY_LIMIT, HISTORY_PARAMS_MAX_BYTES } from '@agler/contract/invoke';
import type { CallHistoryEntry, CallMeta } from '@agler/contract/invoke';
import { MESSAGES } from '@agler/contract/messages';
import type { Answer, Client } from './client';
import { Client as Visitor, expectRefusal, expectSuccess } from './client';
import { API, createInterface, demoInterface, specSessions } from './interfaces';

/**
 * The try-it's view of a call on every target: the interface's HTTP status,
 * headers, time and size beside its answer (`call`), only when the interface
 * answered; and the caller's own recent calls with the parameters they sent.
 */

const HISTORY = '/api/interfaceInfo/invoke/history';

const spec = specSessions();

/** A new online interface at the demo Echo's address: its history holds this spec's calls only. */
async function freshEcho(): Promise<string> {
  const { url, method } = await demoInterface(spec.user, 'Echo');
  const id = await createInterface(spec.admin, { online: true, overrides: { url, method } });
  spec.created.push(id);
  return id;
}

const invoke = (client: Client, id: string, userRequestParams?: unknown) =>
  client.post(API.invoke, { id, userRequestParams }) as Promise<
    Answer & { body: Answer['body'] & { call?: CallMeta } }
  >;

const history = (client: Client, id: string) => client.get<CallHistoryEntry[]>(HISTORY, { id });

describe('invoke answers the call', () => {
  it('on success: status 200, the content type among the headers, time and size', async () => {
    const { id } = await demoInterface(spec.user, 'Echo');

    const answer = await invoke(spec.user, id, '{"a":1}');

    expect(expectSuccess(answer)).toEqual({ a: 1 });
    const { call } = answer.body;
    expect(call).toEqual({
      status: 200,
      headers: expect.objectContaining({ 'content-type': expect.stringMatching(/^application\/json/) }),
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
    });
    expect(call!.bytes).toBeGreaterThan(0);
    expect(call!.durationMs).toBeGreaterThanOrEqual(0);
    for (const [name, value] of Object.entries(call!.headers)) {
      expect(name).toBe(name.toLowerCase());
      expect(typeof value).toBe('string');
    }
    for (const hidden of ['set-cookie', 'connection', 'keep-alive', 'transfer-encoding']) {
      expect(call!.headers).not.toHaveProperty(hidden);
    }
  });

  it("on the interface's own error status: 50200 and no data, with the call and its status", async () => {
    const { id } = await demoInterface(spec.user, '天气查询');

    const answer = await invoke(spec.user, id, '{}');

    expect(answer.body).toMatchObject({ code: ResponseCode.UPSTREAM_ERROR, data: null });
    expect(answer.body.message).toMatch(/^接口返回了错误状态 HTTP 400/);
    expect(answer.body.call).toMatchObject({
      status: 400,
      headers: expect.objectContaining({ 'content-type': expect.stringMatching(/^application\/json/) }),
    });
  });

  it('never on a refusal by the platform', async () => {
    const { id } = await demoInterface(spec.user, 'Echo');
    const offline = await createInterface(spec.admin);
    spec.created.push(offline);

    for (const answer of [
      await invoke(spec.user, id, '{city:'),
      await invoke(spec.user, offline, '{}'),
      await invoke(spec.user, '9223372036854775807', '{}'),
      await invoke(new Visitor(), id, '{}'),
    ]) {
      expect(answer.body.code).not.toBe(ResponseCode.SUCCESS);
      expect(answer.body).not.toHaveProperty('call');
    }
  });
});

describe('the history', () => {
  it('lists the call just made first, with its parameters, then the ones before', async () => {
    const id = await freshEcho();
    const started = Date.now();
    expectSuccess(await invoke(spec.user, id, '{"n":1}'));
    expectSuccess(await invoke(spec.user, id, '{"n":2}'));
    expectSuccess(await invoke(spec.user, id, '{"n":3}'));

    const entries = expectSuccess(await history(spec.user, id));

    expect(entries.map((e) => e.params)).toEqual(['{"n":3}', '{"n":2}', '{"n":1}']);
    expect(entries[1]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/),
      status: 200,
      success: true,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
      params: '{"n":2}',
    });
    const times = entries.map((e) => Date.parse(e.time));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
    expect(times[1]).toBeGreaterThanOrEqual(times[2]);
    // Within this test's run, allowing a clock a second off.
    expect(times[2]).toBeGreaterThanOrEqual(started - 1000);
    expect(times[0]).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("does not list another user's calls", async () => {
    const id = await freshEcho();
    expectSuccess(await invoke(spec.admin, id, '{"who":"admin"}'));
    expectSuccess(await invoke(spec.user, id, '{"who":"user"}'));

    expect(expectSuccess(await history(spec.user, id)).map((e) => e.params)).toEqual(['{"who":"user"}']);
    expect(expectSuccess(await history(spec.admin, id)).map((e) => e.params)).toEqual(['{"who":"admin"}']);
  });

  it(`keeps parameters up to ${HISTORY_PARAMS_MAX_BYTES} bytes; longer ones come back null with paramsTruncated`, async () => {
    const id = await freshEcho();
    // 8 bytes of JSON around 1362 characters of three bytes each and 2 of one byte: exactly the limit.
    const atLimit = JSON.stringify({ t: `${'北'.repeat(1362)}xx` });
    const over = JSON.stringify({ t: 'x'.repeat(HISTORY_PARAMS_MAX_BYTES) });
    expectSuccess(await invoke(spec.user, id, atLimit));
    expectSuccess(await invoke(spec.user, id, over));

    const [longer, kept] = expectSuccess(await history(spec.user, id));

    expect(longer).toMatchObject({ params: null, paramsTruncated: true, status: 200, success: true });
    expect(kept.params).toBe(atLimit);
    expect(kept).not.toHaveProperty('paramsTruncated');
  });

  it(`answers at most ${HISTORY_LIMIT} calls`, async () => {
    const id = await freshEcho();
    for (let i = 0; i <= HISTORY_LIMIT; i += 1) expectSuccess(await invoke(spec.user, id, `{"i":${i}}`));

    const entries = expectSuccess(await history(spec.user, id));

    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0].params).toBe(`{"i":${HISTORY_LIMIT}}`);
    expect(entries[HISTORY_LIMIT - 1].params).toBe('{"i":1}');
  });

  it('refuses what the interface reads refuse: no session, an unknown interface, an id that is none', async () => {
    const { id } = await demoInterface(spec.user, 'Echo');
    expectRefusal(await history(new Visitor(), id), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expectRefusal(
      await history(spec.user, '9223372036854775807'),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
    expectRefusal(await history(spec.user, 'abc'), ResponseCode.PARAMS_ERROR, MESSAGES.badId);
    expectRefusal(await spec.user.get(HISTORY), ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  });
});
