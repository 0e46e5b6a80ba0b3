/**
 * @jest-environment node
 */
import { DEFAULT_QUOTA, ResponseCode } from '@agler/contract/constants';
import type { InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import { call, loginAs, registerAs, testApp, ADMIN } from '../test/app';
import type { TestApp } from '../test/app';
import { sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';
import { startUpstream } from '../test/upstream';
import type { Upstream } from '../test/upstream';

/**
 * Which calls cost a unit of the quota (contract/charge.ts), through the console and the gateway
 * alike: an answer of 2xx to 4xx keeps the unit it took; an answer of 5xx, none in time, one the
 * platform would not pass on, or an address it would not call gives it back. What the gateway
 * reports in X-Quota-Remaining is what the quota then holds.
 */

const PUBLIC_URL = 'http://charge.test';
const TIMEOUT_MS = 1000;

let t: TestApp;
let upstream: Upstream;
let base: string;
let admin: string;
let user: string;
let pair: KeyPairVO;

beforeAll(async () => {
  upstream = await startUpstream({ slowMs: TIMEOUT_MS * 3 });
  t = await testApp({
    publicUrl: PUBLIC_URL,
    invokeTimeoutMs: TIMEOUT_MS,
    invokeAllowHosts: [`127.0.0.1:${upstream.port}`],
    resolve: async (hostname) => {
      throw Object.assign(new Error(`unknown ${hostname}`), { code: 'ENOTFOUND' });
    },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await loginAs(t.app, ADMIN);
  ({ cookie: user } = await registerAs(t.app, 'charged_1'));
  pair = await keyPairOf(t.app, user);
}, 180_000);

afterAll(async () => {
  await t.close();
  await upstream.close();
});

/** A new online interface made by the admin, so its first call makes the caller's quota with the default. */
async function online(url: string): Promise<string> {
  const post = (path: string, payload: object) =>
    call<string>(t.app, { method: 'POST', url: `/api/interfaceInfo/${path}`, payload, cookie: admin });
  const added = await post('add', {
    name: `计次 ${url}`,
    description: '',
    url,
    method: 'GET',
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
  });
  if (added.code !== 0) throw new Error(`add ${url}: ${added.message}`);
  await post('online', { id: added.data });
  return added.data;
}

async function quotaOf(id: string): Promise<Pick<InterfaceQuota, 'leftNum' | 'totalNum'> | undefined> {
  const usage = await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: user });
  const row = usage.data.find((quota) => quota.interfaceInfoId === id);
  return row && { leftNum: row.leftNum, totalNum: row.totalNum };
}

const invoke = (id: string) =>
  call(t.app, { method: 'POST', url: '/api/interfaceInfo/invoke', payload: { id }, cookie: user });

/** Each interface's answer, what the console answers for it, and the units it costs. */
const CASES: [path: string, code: number, units: number][] = [
  ['/ok', 0, 1],
  ['/bad', ResponseCode.UPSTREAM_ERROR, 1],
  ['/missing', ResponseCode.UPSTREAM_ERROR, 1],
  ['/fail', ResponseCode.UPSTREAM_ERROR, 0],
  ['/unavailable', ResponseCode.UPSTREAM_ERROR, 0],
  ['/slow', ResponseCode.UPSTREAM_ERROR, 0],
  ['/redirect', ResponseCode.UPSTREAM_ERROR, 0],
];

describe('the console', () => {
  test.each(CASES)('%s costs what its answer says', async (path, code, units) => {
    const id = await online(`${upstream.origin}${path}`);

    expect((await invoke(id)).code).toBe(code);

    expect(await quotaOf(id)).toEqual({ leftNum: DEFAULT_QUOTA - units, totalNum: DEFAULT_QUOTA });
  });

  test('an address the platform may not call costs nothing', async () => {
    const id = await online('http://10.0.0.1/private');

    expect((await invoke(id)).code).toBe(ResponseCode.FORBIDDEN);

    expect(await quotaOf(id)).toEqual({ leftNum: DEFAULT_QUOTA, totalNum: DEFAULT_QUOTA });
  });
});

describe('the gateway', () => {
  test.each(CASES)(
    '%s costs what its answer says, and X-Quota-Remaining is what is left',
    async (path, _code, units) => {
      const id = await online(`${upstream.origin}${path}`);

      const answer = await sendSigned(t, base, pair, 'GET', `/gateway/${id}`);

      const quota = await quotaOf(id);
      expect(quota).toEqual({ leftNum: DEFAULT_QUOTA - units, totalNum: DEFAULT_QUOTA });
      expect(answer.headers.get('x-quota-remaining')).toBe(String(quota!.leftNum));
    },
  );

  test('a second answer of 500 leaves the quota where the first left it', async () => {
    const id = await online(`${upstream.origin}/fail`);

    const answers = [
      await sendSigned(t, base, pair, 'GET', `/gateway/${id}`),
      await sendSigned(t, base, pair, 'GET', `/gateway/${id}`),
    ];

    expect(answers.map((a) => [a.status, a.headers.get('x-quota-remaining')])).toEqual([
      [500, String(DEFAULT_QUOTA)],
      [500, String(DEFAULT_QUOTA)],
    ]);
  });
});
