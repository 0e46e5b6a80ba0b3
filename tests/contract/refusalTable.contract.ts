import fs from 'fs';
import path from 'path';
import { BODY_MAX_BYTES } from '@agler/contract/constants';
import { JSON_MAX_DEPTH } from '@agler/contract/json';
import { SIGNATURE_CHALLENGE } from '@agler/contract/signature';
import type { InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import { freshNonce } from '../../server/test/sign';
import { Client, expectSuccess, registeredUser, uniqueName } from './client';
import type { GatewayCallOptions } from './interfaces';
import { createInterface, demoInterface, gatewayCall, specSessions } from './interfaces';

/**
 * docs/server.md's table of the gateway's refusals, held to what the server does: the table is
 * read from the document, and for every row the gateway is made to give each refusal the spec
 * knows (matched by a phrase of the row's `why`), then its HTTP status and envelope code are
 * compared with the row's. A row moved, added or changed in the document without the server
 * agreeing fails here; so does a refusal the server answers otherwise than the document says.
 * Also HEAD, which the same part of the document describes.
 */

type Row = { status: number; code: number; why: string };

const DOCUMENT = path.resolve(__dirname, '../../docs/server.md');

/** The markdown table headed `| HTTP | code | why |`, a row per line until the table ends. */
function refusalTable(): Row[] {
  const lines = fs.readFileSync(DOCUMENT, 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*HTTP\s*\|\s*code\s*\|\s*why\s*\|$/.test(line.trim()));
  if (header < 0) throw new Error('docs/server.md has no table headed | HTTP | code | why |');
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [status, code, why] = line
      .trim()
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (!/^\d{3}$/.test(status) || !/^\d{5}$/.test(code))
      throw new Error(`a row of the refusal table without one HTTP status and one code: ${line}`);
    rows.push({ status: Number(status), code: Number(code), why });
  }
  return rows;
}

const TABLE = refusalTable();

/**
 * Rows a black-box client cannot bring about, with where they are tested: a sunset must be after
 * the day of the deprecation, so only a clock moved past it reaches the 410.
 */
const ELSEWHERE: Record<number, string> = {
  410: 'server/gateway/gateway.test.ts (lifecycle) moves the server’s clock past the sunset',
};

type Pair = { accessKey: string; secretKey: string };
type Answer = Awaited<ReturnType<typeof gatewayCall>>;

const spec = specSessions();
const ids = { get: '', post: '', offline: '', limited: '', guarded: '', quota: '', head: '', planned: '', pending: '', period: '' };
let caller: { client: Client; id: string; pair: Pair };
let banned: Pair;
let listed: Pair;
let adminKey: KeyPairVO & { id: string };

/** A user of its own, registered here, with a named key (so no other spec's keys or counts are touched). */
async function registered(prefix: string, key: Record<string, unknown> = {}) {
  const { client, id } = await registeredUser(prefix);
  const pair = expectSuccess(
    await client.post<KeyPairVO & { id: string }>('/api/user/key/add', { name: '契约', ...key }),
  );
  return { client, id, pair };
}

beforeAll(async () => {
  // The demo server's /demo/echo answers every method with what it was sent.
  const url = new URL('/demo/echo', (await demoInterface(spec.user, 'Echo')).url).href;
  const add = async (key: keyof typeof ids, overrides: Record<string, unknown>, online = true) => {
    ids[key] = await createInterface(spec.admin, { online, overrides: { url, ...overrides } });
    spec.created.push(ids[key]);
  };
  await add('get', { method: 'GET' });
  await add('post', { method: 'POST' });
  await add('offline', { method: 'GET' }, false);
  await add('limited', { method: 'GET', rateLimit: 1, rateBurst: 1 });
  await add('guarded', { method: 'GET', url: 'http://10.0.0.1/contract' });
  await add('quota', { method: 'GET' });
  await add('head', { method: 'GET' });
  await add('planned', { method: 'GET' });
  await add('pending', { method: 'GET' });
  await add('period', { method: 'GET' });

  caller = await registered('refusals');
  expectSuccess(
    await spec.admin.post('/api/userInterfaceInfo/update', {
      userId: caller.id,
      interfaceInfoId: ids.quota,
      leftNum: 0,
    }),
  );
  // Plans (docs/plans.md): one the caller holds none of, one waiting for approval, one whose quota of 1 blocks.
  const plan = async (interfaceId: string, extra: Record<string, unknown> = {}) =>
    expectSuccess(
      await spec.admin.post<string>('/api/plan/add', {
        name: uniqueName('契约套餐'),
        interfaceIds: [interfaceId],
        quota: 1,
        period: 'month',
        approval: false,
        overage: 'block',
        visibility: 'public',
        ...extra,
      }),
    );
  await plan(ids.planned);
  expectSuccess(await caller.client.post('/api/subscription/add', { planId: await plan(ids.pending, { approval: true }) }));
  expectSuccess(await caller.client.post('/api/subscription/add', { planId: await plan(ids.period) }));
  const toBan = await registered('refusals_ban');
  expectSuccess(await spec.admin.post('/api/user/update', { id: toBan.id, userRole: 'ban' }));
  banned = toBan.pair;
  listed = (await registered('refusals_list', { interfaceIds: [ids.post] })).pair;
  adminKey = expectSuccess(
    await spec.admin.post<KeyPairVO & { id: string }>('/api/user/key/add', { name: uniqueName('契约') }),
  );
});

afterAll(async () => {
  if (adminKey) await spec.admin.post('/api/user/key/revoke', { id: adminKey.id });
});

const call = (method: string, at: string, options?: GatewayCallOptions, pair: Pair = caller.pair) =>
  gatewayCall(pair, method, at, options);
const at = (key: keyof typeof ids) => `/gateway/${ids[key]}`;

/** How to make each refusal, by a phrase its row of the table says it with. */
const SCENARIOS: Record<string, () => Promise<Answer>> = {
  'an id that is not one': () => call('GET', '/gateway/abc'),
  'a body that is not JSON': () => call('POST', at('post'), { body: '{"text":' }),
  'nested too deep': () =>
    call('POST', at('post'), { body: `${'['.repeat(JSON_MAX_DEPTH + 1)}${']'.repeat(JSON_MAX_DEPTH + 1)}` }),
  'a missing header': () => call('GET', at('get'), { omit: 'sign' }),
  'an unknown or revoked key': () => call('GET', at('get'), {}, { ...caller.pair, accessKey: 'ak_nobody' }),
  'a bad signature': () => call('GET', at('get'), {}, { ...caller.pair, secretKey: 'sk_wrong' }),
  'a timestamp more than 300 s off': () =>
    call('GET', at('get'), { timestamp: Math.floor(Date.now() / 1000) - 301 }),
  'a replayed nonce': async () => {
    const nonce = freshNonce();
    expect((await call('GET', at('get'), { nonce })).status).toBe(200);
    return call('GET', at('get'), { nonce });
  },
  'a banned user': () => call('GET', at('get'), {}, banned),
  "an interface not on the key's list": () => call('GET', at('get'), {}, listed),
  "an offline interface called with an admin's key": () => call('GET', at('offline'), {}, adminKey),
  'an address the platform may not call': () => call('GET', at('guarded')),
  'no such interface': () => call('GET', '/gateway/1800000000009999999'),
  'an offline one': () => call('GET', at('offline')),
  "another method than the interface's": () => call('POST', at('get'), { body: '{}' }),
  'a body over 1 MB': () =>
    call('POST', at('post'), { body: JSON.stringify({ text: 'x'.repeat(BODY_MAX_BYTES) }) }),
  'a body that is not `application/json`': () =>
    call('POST', at('post'), { body: '{}', contentType: 'text/plain' }),
  'the quota is used up': () => call('GET', at('quota')),
  'a subscription waiting for approval': () => call('GET', at('pending')),
  'an interface in a plan the caller holds no subscription to': () => call('GET', at('planned')),
  "past the period's quota of a plan": async () => {
    await call('GET', at('period'));
    const answer = await call('GET', at('period'));
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    return answer;
  },
  'over the rate limit': async () => {
    await call('GET', at('limited'));
    return call('GET', at('limited'));
  },
};

const rowsOf = (phrase: string) => TABLE.filter((row) => row.why.includes(phrase));

describe("docs/server.md's refusal table", () => {
  it('is there, and every row is one this spec makes or one tested elsewhere', () => {
    expect(TABLE.length).toBeGreaterThan(0);
    for (const [phrase] of Object.entries(SCENARIOS))
      expect({ phrase, rows: rowsOf(phrase).length }).toEqual({ phrase, rows: 1 });
    for (const row of TABLE) {
      const made = Object.keys(SCENARIOS).some((phrase) => row.why.includes(phrase));
      expect({ row: row.status, made: made || row.status in ELSEWHERE }).toEqual({
        row: row.status,
        made: true,
      });
    }
  });

  it.each(
    TABLE.filter((row) => !(row.status in ELSEWHERE)).map((row) => [row.status, row.code, row] as const),
  )('%i %i: the gateway answers each refusal of the row so', async (_status, _code, row) => {
    for (const [phrase, make] of Object.entries(SCENARIOS).filter(([p]) => row.why.includes(p))) {
      const answer = await make();
      const body = JSON.parse(answer.text) as { code: number; data: unknown };
      expect({ phrase, status: answer.status, code: body.code, data: body.data }).toEqual({
        phrase,
        status: row.status,
        code: row.code,
        data: null,
      });
      // A 401 names the scheme that would be accepted (RFC 9110 §15.5.2); no other answer challenges.
      expect({ phrase, challenge: answer.headers.get('www-authenticate') }).toEqual({
        phrase,
        challenge: row.status === 401 ? SIGNATURE_CHALLENGE : null,
      });
      if (row.status === 405) expect(answer.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});

describe('HEAD', () => {
  const quotaOf = async (id: string) =>
    expectSuccess(await caller.client.get<InterfaceQuota[]>('/api/user/usage')).find(
      (q) => q.interfaceInfoId === id,
    );

  it("answers the GET's status and headers without a body, as one call counted and charged", async () => {
    const query = `${at('head')}?text=hello`;
    const got = await call('GET', query);
    expect(got.status).toBe(200);
    const before = await quotaOf(ids.head);

    const head = await call('HEAD', query);

    expect({ status: head.status, text: head.text }).toEqual({ status: got.status, text: '' });
    for (const name of ['content-type', 'content-length'])
      expect({ name, value: head.headers.get(name) }).toEqual({ name, value: got.headers.get(name) });
    expect(Number(head.headers.get('x-quota-remaining'))).toBe(
      Number(got.headers.get('x-quota-remaining')) - 1,
    );
    expect(await quotaOf(ids.head)).toMatchObject({ calls: before!.calls + 1, leftNum: before!.leftNum - 1 });
  });

  it('is refused as the GET is, without a body: a 401 with its challenge', async () => {
    const answer = await call('HEAD', at('head'), { omit: 'sign' });

    expect({ status: answer.status, text: answer.text }).toEqual({ status: 401, text: '' });
    expect(answer.headers.get('www-authenticate')).toBe(SIGNATURE_CHALLENGE);
  });
});
