/**
 * @jest-environment node
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { DEMO_UPSTREAM_KEY_HEADER, demoGuardOf, seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { KeyPairVO } from '@agler/contract/types';
import { announce } from '../cache/changes';
import { accessKeys, interfaceUpstream } from '../db/schema';
import { DEMO_GUARD_MESSAGES, DEMO_GUARD_STATUS } from '../demo/guard';
import { loadCallSettings, rotateSecret, setCredentials } from '../domain/upstream';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { createSecretBox } from '../keys/secretBox';
import { ADMIN, call, loginAs, registerAs, testApp, TEST_SECRET_KEY } from '../test/app';
import type { TestApp } from '../test/app';
import { listeningApp, sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';
import { listen } from '../test/listener';
import type { Listener } from '../test/listener';
import { verifyForwarded } from '../../docs/examples/verify-forwarded.mjs';

/**
 * What an interface's server receives from the platform, on the gateway and 在线调用 alike: the
 * publisher's credentials in place of anything of the same name, and the agler-* signature that the
 * developer guide's own verifiers (docs/examples, Node imported here, Python run as the guide shows)
 * accept, while they refuse a call sent to the server directly; during a rotation's grace both secrets
 * sign. The demo's two guarded services take the platform's calls and refuse direct ones.
 */

const PUBLIC_URL = 'http://forwarding.test';
const EXAMPLES = path.join(__dirname, '../../docs/examples');
const PYTHON = process.env.PYTHON ?? 'python3';
const HEADER_KEY = 'hk-live-0123456789abcdef';
const QUERY_KEY = 'qk live/+&=0123456789';

type Captured = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

const box = createSecretBox(TEST_SECRET_KEY);

let t: TestApp;
let base: string;
let server: Listener;
let admin: string;
let user: { id: string; cookie: string };
let pair: KeyPairVO;
/** The secrets each interface's server under test trusts (by path), as its publisher would configure them. */
const trusted: Record<string, string[]> = {};
const received: Captured[] = [];

const trustedBy = (captured: Captured) => trusted[captured.url.split('?')[0]] ?? [];

const headersOf = (captured: Captured) =>
  Object.fromEntries(
    Object.entries(captured.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  ) as Record<string, string>;

/** The Node verifier of the guide, over what the server received, at the app's clock. */
const nodeVerifies = (secrets: string[], captured: Captured) =>
  verifyForwarded(
    secrets,
    {
      method: captured.method,
      pathWithQuery: captured.url,
      headers: headersOf(captured),
      body: captured.body,
    },
    t.clock.now,
  );

const PYTHON_RUNNER = `
import base64, json, sys
sys.path.insert(0, sys.argv[1])
from verify_forwarded import verify_forwarded
cases = json.load(sys.stdin)
print(json.dumps([verify_forwarded(c["secrets"], c["method"], c["path"], c["headers"], base64.b64decode(c["body"]), c["now"]) for c in cases]))
`;

/** The Python verifier of the guide over each case, in one python3 process. */
async function pythonVerifies(cases: [secrets: string[], captured: Captured][]): Promise<boolean[]> {
  const input = JSON.stringify(
    cases.map(([secrets, captured]) => ({
      secrets,
      method: captured.method,
      path: captured.url,
      headers: headersOf(captured),
      body: captured.body.toString('base64'),
      now: t.clock.now / 1000,
    })),
  );
  const child = spawn(PYTHON, ['-c', PYTHON_RUNNER, EXAMPLES], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve) => {
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`python3 failed (${code}): ${err}`);
  return JSON.parse(out) as boolean[];
}

/** Writes the interface's credentials as the settings operation does, and tells the caches. */
async function setCredentialsOf(
  id: string,
  headers: { name: string; value: string }[],
  query: typeof headers,
) {
  await setCredentials(t.database.db, box, { id, headers, query }, t.clock.now);
  await announce(t.database.db, { kind: 'interface', interfaceId: id });
}

async function rotate(id: string): Promise<string> {
  const { secret } = await rotateSecret(t.database.db, box, id, 86_400, t.clock.now);
  await announce(t.database.db, { kind: 'interface', interfaceId: id });
  return secret;
}

async function online(name: string, method: string, url: string, requestHeader = ''): Promise<string> {
  const post = (op: string, payload: object) =>
    call<string>(t.app, { method: 'POST', url: `/api/interfaceInfo/${op}`, payload, cookie: admin });
  const added = await post('add', {
    name,
    description: '',
    url,
    method,
    requestParams: '',
    requestHeader,
    responseHeader: '',
  });
  if (added.code !== 0) throw new Error(`add ${name}: ${added.message}`);
  await post('online', { id: added.data });
  return added.data;
}

const invoke = (id: string, params = '', cookie = user.cookie) =>
  call(t.app, {
    method: 'POST',
    url: '/api/interfaceInfo/invoke',
    payload: { id, userRequestParams: params },
    cookie,
  });

/** The last request the interface server received, after `send` made one. */
async function capture(send: () => Promise<unknown>): Promise<Captured> {
  const before = received.length;
  await send();
  expect(received).toHaveLength(before + 1);
  return received[received.length - 1];
}

let getId: string;
let postId: string;

beforeAll(async () => {
  server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(captured);
      // The interface's server as its publisher writes it with the guide: a call the platform did not sign is refused.
      const ok = nodeVerifies(trustedBy(captured), captured) && req.headers['x-api-key'] === HEADER_KEY;
      res.statusCode = ok ? 200 : 401;
      res.setHeader('content-type', 'application/json');
      res.end(ok ? '{"ok":true}' : '{"message":"unsigned"}');
    });
  });
  ({ t, base } = await listeningApp(PUBLIC_URL, { invokeAllowHosts: [`127.0.0.1:${server.port}`] }));
  admin = await loginAs(t.app, ADMIN);
  user = await registerAs(t.app, 'forwarded_1');
  pair = await keyPairOf(t.app, user.cookie);
  getId = await online(
    '转发 GET',
    'GET',
    `${server.origin}/get?key=documented&a=%E5%8C%97`,
    JSON.stringify({ 'X-Api-Key': 'documented', Accept: 'application/json', 'agler-user-id': '42' }),
  );
  postId = await online('转发 POST', 'POST', `${server.origin}/post`);
  for (const id of [getId, postId]) {
    await setCredentialsOf(
      id,
      [{ name: 'x-api-key', value: HEADER_KEY }],
      id === getId ? [{ name: 'key', value: QUERY_KEY }] : [],
    );
  }
  trusted['/get'] = [(await loadCallSettings(t.database.db, box, getId, t.clock.now)).secret];
  trusted['/post'] = [(await loadCallSettings(t.database.db, box, postId, t.clock.now)).secret];
}, 180_000);

afterAll(async () => {
  await t.close();
  await server.close();
});

const queryOf = (captured: Captured) => new URLSearchParams(captured.url.split('?')[1] ?? '');

describe('a call the platform forwards', () => {
  test('在线调用 sends the credentials in place of the documented ones, and a signature both verifiers accept', async () => {
    const captured = await capture(async () => expect((await invoke(getId, '{"q":"北京 1"}')).code).toBe(0));

    expect(captured.headers['x-api-key']).toBe(HEADER_KEY);
    expect(queryOf(captured).getAll('key')).toEqual([QUERY_KEY]);
    expect(queryOf(captured).get('a')).toBe('北');
    expect(queryOf(captured).get('q')).toBe('北京 1');
    expect(captured.headers['agler-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    expect(captured.headers['agler-timestamp']).toBe(String(Math.floor(t.clock.now / 1000)));
    expect(captured.headers['agler-user-id']).toBe(user.id);
    expect(captured.headers['agler-key-id']).toBeUndefined();
    expect(captured.headers['agler-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(nodeVerifies(trustedBy(captured), captured)).toBe(true);
    expect(await pythonVerifies([[trustedBy(captured), captured]])).toEqual([true]);
  });

  test('the gateway sends them too, replacing a caller’s parameter of the credential’s name, and names the key', async () => {
    const captured = await capture(async () => {
      const answer = await sendSigned(t, base, pair, 'GET', `/gateway/${getId}?key=mine&b=2`);
      expect(answer.status).toBe(200);
    });
    const [key] = await t.database.db
      .select({ id: accessKeys.id })
      .from(accessKeys)
      .where(eq(accessKeys.accessKey, pair.accessKey));

    expect(captured.headers['x-api-key']).toBe(HEADER_KEY);
    expect(queryOf(captured).getAll('key')).toEqual([QUERY_KEY]);
    expect(queryOf(captured).get('b')).toBe('2');
    expect(captured.headers['agler-user-id']).toBe(user.id);
    expect(captured.headers['agler-key-id']).toBe(String(key.id));
    expect(nodeVerifies(trustedBy(captured), captured)).toBe(true);
    expect(await pythonVerifies([[trustedBy(captured), captured]])).toEqual([true]);
  });

  test('a body is signed as it is sent, on both paths', async () => {
    const body = '{"n": 12345678901234567890, "text": "你好"}';
    const viaGateway = await capture(async () => {
      const answer = await sendSigned(t, base, pair, 'POST', `/gateway/${postId}`, { body });
      expect(answer.status).toBe(200);
    });
    const viaConsole = await capture(async () => expect((await invoke(postId, body)).code).toBe(0));

    expect(viaGateway.body.toString()).toBe(body);
    expect(viaConsole.body.toString()).toBe(body);
    const secrets = trusted['/post'];
    expect([nodeVerifies(secrets, viaGateway), nodeVerifies(secrets, viaConsole)]).toEqual([true, true]);
    expect(
      await pythonVerifies([
        [secrets, viaGateway],
        [secrets, viaConsole],
      ]),
    ).toEqual([true, true]);
  });

  test('a call sent to the server directly is refused by both verifiers: unsigned, re-used on another request, or too old', async () => {
    const forwarded = await capture(() => invoke(postId, '{"a":1}'));
    const signature = Object.fromEntries(
      Object.entries(headersOf(forwarded)).filter(
        ([name]) => name.startsWith('agler-') || name === 'x-api-key',
      ),
    );
    const secrets = trusted['/post'];
    const direct = (init: RequestInit, url = `${server.origin}/post`) =>
      capture(async () => expect((await fetch(url, init)).status).toBe(401));

    const unsigned = await direct({ method: 'POST', headers: { 'x-api-key': HEADER_KEY }, body: '{"a":1}' });
    const otherBody = await direct({ method: 'POST', headers: signature, body: '{"a":2}' });
    const otherPath = await direct(
      { method: 'POST', headers: signature, body: '{"a":1}' },
      `${server.origin}/post?x=1`,
    );
    const otherMethod = await direct({ method: 'PUT', headers: signature, body: '{"a":1}' });
    const now = t.clock.now;
    t.clock.now = now + 301_000;
    try {
      const late = { ...forwarded };
      expect(nodeVerifies(secrets, late)).toBe(false);
      const refused = [unsigned, otherBody, otherPath, otherMethod].map((captured) =>
        nodeVerifies(secrets, captured),
      );
      expect(refused).toEqual([false, false, false, false]);
      expect(
        await pythonVerifies([late, unsigned, otherBody, otherPath, otherMethod].map((c) => [secrets, c])),
      ).toEqual([false, false, false, false, false]);
    } finally {
      t.clock.now = now;
    }
  });

  test('during a rotation’s grace both secrets sign and each verifies; after it only the new one', async () => {
    const old = (await loadCallSettings(t.database.db, box, postId, t.clock.now)).secret;
    const secret = await rotate(postId);
    trusted['/post'] = [secret];
    const during = await capture(async () => expect((await invoke(postId, '{}')).code).toBe(0));

    expect(String(during.headers['agler-signature']).split(' ')).toHaveLength(2);
    expect([nodeVerifies([secret], during), nodeVerifies([old], during)]).toEqual([true, true]);
    expect(
      await pythonVerifies([
        [[secret], during],
        [[old], during],
      ]),
    ).toEqual([true, true]);

    const now = t.clock.now;
    t.clock.now = now + 86_401_000;
    try {
      // A day later the session has ended too: the caller signs in again.
      const cookie = await loginAs(t.app, { userAccount: 'forwarded_1', userPassword: 'password-123' });
      const after = await capture(async () => expect((await invoke(postId, '{}', cookie)).code).toBe(0));
      expect(String(after.headers['agler-signature']).split(' ')).toHaveLength(1);
      expect([nodeVerifies([secret], after), nodeVerifies([old], after)]).toEqual([true, false]);
      expect(
        await pythonVerifies([
          [[secret], after],
          [[old], after],
        ]),
      ).toEqual([true, false]);
    } finally {
      t.clock.now = now;
    }
  });
});

describe('the demo’s guarded services', () => {
  const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);
  const keyed = demo.find((record) => demoGuardOf(record.id, DEMO_INTERFACE_COUNT) === 'upstreamKey')!;
  const signed = demo.find((record) => demoGuardOf(record.id, DEMO_INTERFACE_COUNT) === 'forwardSignature')!;
  const demoPath = (url: string) => new URL(url).pathname;

  test('the key-guarded one answers the platform, which holds its key, and refuses a call without it', async () => {
    const settings = await loadCallSettings(t.database.db, box, keyed.id, t.clock.now);
    expect(settings.headers.map((credential) => credential.name)).toEqual([DEMO_UPSTREAM_KEY_HEADER]);

    expect((await invoke(keyed.id, '{"ip":"8.8.8.8"}')).code).toBe(0);
    const answer = await sendSigned(t, base, pair, 'GET', `/gateway/${keyed.id}?ip=8.8.8.8`);
    expect(answer.status).toBe(200);

    const direct = await fetch(`${base}/demo${demoPath(keyed.url)}?ip=8.8.8.8`);
    expect(direct.status).toBe(DEMO_GUARD_STATUS);
    expect(await direct.json()).toEqual({ message: DEMO_GUARD_MESSAGES.upstreamKey });
  });

  test('a second start on the same database writes nothing, and the stored key stays', async () => {
    const { db } = t.database;
    const keyedRow = () => db.select().from(interfaceUpstream).where(eq(interfaceUpstream.interfaceInfoId, keyed.id));
    const [before] = await keyedRow();
    const spies = [jest.spyOn(db, 'insert'), jest.spyOn(db, 'update'), jest.spyOn(db, 'delete')];
    const again = await testApp({ publicUrl: PUBLIC_URL }, t.database);
    const writes = spies.map((spy) => spy.mock.calls.length);
    for (const spy of spies) spy.mockRestore();
    await again.close();

    expect(writes).toEqual([0, 0, 0]);
    expect(await keyedRow()).toEqual([before]);
  });

  test('the signature-guarded one answers the platform and refuses a direct call', async () => {
    const params = '{"idNumber":"11010519491231002X"}';
    expect((await invoke(signed.id, params)).code).toBe(0);
    const answer = await sendSigned(t, base, pair, 'POST', `/gateway/${signed.id}`, { body: params });
    expect(answer.status).toBe(200);

    const direct = await fetch(`${base}/demo${demoPath(signed.url)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: params,
    });
    expect(direct.status).toBe(DEMO_GUARD_STATUS);
    expect(await direct.json()).toEqual({ message: DEMO_GUARD_MESSAGES.forwardSignature });
  });
});
