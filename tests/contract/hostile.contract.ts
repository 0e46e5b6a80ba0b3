import fs from 'fs';
import http from 'http';
import path from 'path';
import { ResponseCode, SESSION_COOKIE } from '@agler/contract/constants';
import type { Answer } from './client';
import { baseUrl, Client, expectAlive, expectSuccess, loggedIn, uniqueName } from './client';

/**
 * Every /api endpoint of config/openapi.json tried as a hostile caller would: without a session, as
 * a user where only admins may go, from another site, and with every query parameter and body
 * field set to what breaks careless code. Each answer must be a refusal in the envelope (or a
 * harmless success), never a server error, a stack or SQL text. A new endpoint in the contract is
 * tried here without a line more. docs/security.md tabulates what this suite sends.
 */

type Operation = { method: 'GET' | 'POST'; path: string; query: string[]; body: string[] };

type Schema = { $ref?: string; properties?: Record<string, unknown>; allOf?: Schema[] };
type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

const document: OpenApi = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../config/openapi.json'), 'utf8'),
);

function propertiesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return propertiesOf(document.components.schemas[schema.$ref.split('/').pop()!]);
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap(propertiesOf)];
}

const OPERATIONS: Operation[] = Object.entries(document.paths)
  .filter(([route]) => route.startsWith('/api/'))
  .flatMap(([route, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as 'GET' | 'POST',
      path: route,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: propertiesOf(operation.requestBody?.content['application/json']?.schema),
    })),
  );

/** Endpoints anyone may call. */
const PUBLIC = new Set(['/api/user/get/login', '/api/user/login', '/api/user/logout', '/api/user/register', '/api/health']);
/** Endpoints only admins may call. */
const ADMIN_ONLY = [
  /^\/api\/analysis\//,
  /^\/api\/user\/list\/page$/,
  /^\/api\/user\/update$/,
  /^\/api\/userInterfaceInfo\//,
  /^\/api\/interfaceInfo\/(add|update|delete|online|offline)$/,
  /^\/api\/interfaceInfo\/(upstreamAuth\/set|upstreamLimits\/set|forwardSecret\/rotate)$/,
  /^\/api\/plan\/(add|update|retire)$/,
  /^\/api\/subscription\/(review|assign|end)$/,
];
const adminOnly = (op: Operation) => ADMIN_ONLY.some((pattern) => pattern.test(op.path));
/** Writes that would change the session or the demo accounts they run as: tried with a throwaway account. */
const OWN_ACCOUNT = new Set(['/api/user/update/my', '/api/user/update/password', '/api/user/key/regenerate', '/api/user/logout']);

/** Values that break careless code: control characters, lone surrogates, sizes, types, injections. */
const HOSTILE_TEXTS = [
  'a\u0000b',
  '\ud800',
  // Over every field's limit, under the request line's 16 KB.
  'x'.repeat(10_000),
  "' OR '1'='1' --",
  '%_\\',
  '-1',
  '1e309',
  '99999999999999999999999',
  'NaN',
  '__proto__',
  '../../etc/passwd',
  '<script>alert(1)</script>',
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXTS,
  null,
  true,
  -1,
  1.5,
  1e308,
  [],
  ['1', '2'],
  {},
  { $ne: null },
  JSON.parse('{"__proto__":{"admin":true}}'),
];

/** What no answer may hold: stack frames, file paths, SQL or driver text. */
const LEAK = /\bat .+:\d+:\d+|node_modules|Error:|SELECT |INSERT |UPDATE .* SET|syntax error|relation "|violates|PGlite|postgres/i;

/** Counts per kind, for the table in docs/security.md. */
const tried: Record<string, { sent: number; refused: number }> = {};

function judge(kind: string, answer: Answer, allowSuccess: boolean) {
  tried[kind] ??= { sent: 0, refused: 0 };
  tried[kind].sent += 1;
  const where = `${kind}: ${answer.text.slice(0, 300)}`;
  expect({ where, status: answer.status < 500 }).toEqual({ where, status: true });
  expect({ where, code: answer.body.code }).not.toEqual({ where, code: ResponseCode.SYSTEM_ERROR });
  expect({ where, code: answer.body.code }).not.toEqual({ where, code: ResponseCode.OPERATION_ERROR });
  expect(answer.text).not.toMatch(LEAK);
  if (answer.body.code !== ResponseCode.SUCCESS) tried[kind].refused += 1;
  else if (!allowSuccess) throw new Error(`${kind} was accepted: ${answer.text.slice(0, 300)}`);
}

/** Endpoints whose good answer is a document (the OpenAPI export), not the envelope. */
const DOCUMENTS = new Set(['/api/openapi.json']);

/** A hostile value to a document endpoint: the document (JSON or YAML) or a refusal in the envelope, never an error. */
async function judgeDocument(route: string, name: string, value: unknown, cookie: string) {
  const query = new URLSearchParams({
    [name]: Array.isArray(value) ? value.map(String).join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value),
  });
  const response = await fetch(`${baseUrl()}${route}?${query}`, { headers: { Cookie: cookie } });
  const text = await response.text();
  tried['hostile parameter'] ??= { sent: 0, refused: 0 };
  tried['hostile parameter'].sent += 1;
  const where = `hostile parameter: ${text.slice(0, 300)}`;
  expect({ where, status: response.status < 500 }).toEqual({ where, status: true });
  expect(text).not.toMatch(LEAK);
  if (/^openapi: /m.test(text.slice(0, 200))) return;
  const body = JSON.parse(text) as { openapi?: string; code?: number };
  if (body.openapi) return;
  expect({ where, code: body.code }).not.toEqual({ where, code: ResponseCode.SUCCESS });
  expect([ResponseCode.SYSTEM_ERROR, ResponseCode.OPERATION_ERROR]).not.toContain(body.code);
  tried['hostile parameter'].refused += 1;
}

function send(client: Client, op: Operation, query: Record<string, string | string[]>, body: unknown) {
  if (op.method === 'GET') return client.get(op.path, query);
  return client.post(op.path, body);
}

/** A request with a Host header of its own choosing, which fetch does not let a caller set. */
function withHost(method: string, route: string, host: string, cookie: string): Promise<{ status: number; code: number }> {
  const url = new URL(route, baseUrl());
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: url.hostname, port: url.port, path: url.pathname, method, headers: { Host: host, Cookie: cookie, 'Content-Type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, code: JSON.parse(text).code }));
      },
    );
    request.on('error', reject);
    request.end(method === 'POST' ? '{}' : undefined);
  });
}

let admin: Client;
let user: Client;

/** A new account of the suite's own, logged in. */
async function throwaway(): Promise<Client> {
  const client = new Client();
  const userAccount = uniqueName('hostile').replace(/\W/g, '').slice(0, 30);
  expectSuccess(await client.post('/api/user/register', { userAccount, userPassword: 'hostile-pass', checkPassword: 'hostile-pass' }));
  return client;
}

beforeAll(async () => {
  admin = await loggedIn('admin');
  user = await loggedIn('user');
});

afterAll(() => {
  process.stdout.write(`hostile suite: ${JSON.stringify(tried)}\n`);
});

it('reads the endpoints from the contract', () => {
  expect(OPERATIONS.length).toBeGreaterThanOrEqual(25);
  expect(OPERATIONS.filter((op) => !PUBLIC.has(op.path)).length).toBeGreaterThanOrEqual(20);
});

describe.each(OPERATIONS.filter((op) => !PUBLIC.has(op.path)))('$method $path', (op) => {
  it('refuses a caller without a session', async () => {
    const answer = await send(new Client(), op, {}, {});
    judge('no session', answer, false);
    expect(answer.body.code).toBe(ResponseCode.NOT_LOGIN);
  });

  it('refuses a forged session cookie', async () => {
    const forged = new Client();
    const answer = await forged.request(op.method, op.path, {
      headers: { Cookie: `${SESSION_COOKIE}=${'0'.repeat(43)}` },
      ...(op.method === 'POST' ? { body: '{}', contentType: 'application/json' } : {}),
    });
    judge('forged session', answer, false);
    expect(answer.body.code).toBe(ResponseCode.NOT_LOGIN);
  });

  if (adminOnly(op)) {
    it('refuses a user where only admins may go', async () => {
      const answer = await send(user, op, {}, {});
      judge('user on an admin endpoint', answer, false);
      expect(answer.body.code).toBe(ResponseCode.NO_AUTH);
    });
  }

  it('answers no host it is not for (DNS rebinding), even with a valid session', async () => {
    const answer = await withHost(op.method, op.path, 'evil.example', admin.cookieHeader());
    tried['another host'] ??= { sent: 0, refused: 0 };
    tried['another host'].sent += 1;
    expect(answer).toEqual({ status: 421, code: ResponseCode.FORBIDDEN });
    tried['another host'].refused += 1;
  });

  if (op.method === 'POST') {
    it('refuses a write sent from another site', async () => {
      const answer = await admin.request('POST', op.path, {
        body: '{}',
        contentType: 'application/json',
        headers: { Origin: 'https://evil.example' },
      });
      judge('cross-site write', answer, false);
    });
  }

  it('answers hostile values in every parameter with a refusal, never an error', async () => {
    const client = OWN_ACCOUNT.has(op.path) ? await throwaway() : admin;
    for (const name of op.method === 'GET' ? op.query : op.body) {
      for (const value of HOSTILE_VALUES) {
        if (DOCUMENTS.has(op.path)) {
          await judgeDocument(op.path, name, value, client.cookieHeader());
          continue;
        }
        const answer =
          op.method === 'GET'
            ? await client.get(op.path, {
                [name]: Array.isArray(value) ? value.map(String) : typeof value === 'object' ? JSON.stringify(value) : String(value),
              })
            : await client.post(op.path, { [name]: value });
        // A harmless success is allowed (a name may well be "' OR '1'='1' --"); an error never.
        judge('hostile parameter', answer, true);
      }
    }
    await expectAlive();
  });
});

it('refuses every hostile password at login, and the throttle still lets the right one in later', async () => {
  const client = new Client();
  const userAccount = uniqueName('hostile').replace(/\W/g, '').slice(0, 30);
  expectSuccess(await client.post('/api/user/register', { userAccount, userPassword: 'hostile-pass', checkPassword: 'hostile-pass' }));
  for (const value of HOSTILE_VALUES) {
    judge('hostile login', await new Client().post('/api/user/login', { userAccount: value, userPassword: value }), false);
    judge('hostile login', await new Client().post('/api/user/login', { userAccount, userPassword: value }), false);
  }
  await expectAlive();
});
