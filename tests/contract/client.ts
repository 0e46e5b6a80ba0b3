import { ResponseCode } from '@agler/contract/constants';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { parseJsonExact } from '@agler/contract/json';
import { messageRefOf, textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import type { Envelope } from '@agler/contract/types';
import { expectConformant } from './conformance';

/**
 * A client of the API under test, as a browser is one: cookies kept per
 * client, answers read without rounding any number (an id sent as a bare
 * number beyond 2^53 stays its decimal text), and every answer checked to be
 * the JSON envelope, never an error page.
 */

/** Where the target listens; set by globalSetup.ts (or given as CONTRACT_BASE_URL). */
/** The envelope of a refusal as the server answers it: with the message's key and values where the contract wrote the message. */
export const refusal = (code: number, message: Message) => ({
  code,
  data: null,
  message: textOf(message),
  ...messageRefOf(message),
});

export function baseUrl(): string {
  const url = process.env.CONTRACT_BASE_URL;
  if (!url) throw new Error('CONTRACT_BASE_URL is not set: run the suite with `npm run test:contract`');
  return url.replace(/\/$/, '');
}

/** Long enough for a busy 2-core machine; an answer slower than this is a failure of its own. */
const REQUEST_TIMEOUT_MS = 20_000;

export type Answer<T = unknown> = {
  status: number;
  headers: Headers;
  /** The answer exactly as sent. */
  text: string;
  body: Envelope<T>;
};

export type Who = 'admin' | 'user';

export function demoAccount(who: Who) {
  const account = DEMO_ACCOUNTS.find((a) => a.userAccount === who);
  if (!account) throw new Error(`no demo account "${who}"`);
  return account;
}

export type RequestOptions = {
  /** The body as sent, byte for byte (a Blob without a type goes without a Content-Type unless one is given). */
  body?: string | Blob | FormData | URLSearchParams;
  /** The Content-Type header; absent means none, or the one fetch sets for form data. */
  contentType?: string;
  headers?: Record<string, string>;
};

function envelopeOf<T>(method: string, path: string, res: Response, text: string): Envelope<T> {
  const where = `${method} ${path} answered HTTP ${res.status}`;
  if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) {
    throw new Error(
      `${where} with ${res.headers.get('content-type')}, not the JSON envelope:\n${text.slice(0, 500)}`,
    );
  }
  const body = parseJsonExact(text) as Envelope<T>;
  if (
    !body ||
    typeof body !== 'object' ||
    typeof body.code !== 'number' ||
    typeof body.message !== 'string' ||
    !('data' in body)
  ) {
    throw new Error(`${where} with JSON that is not the envelope:\n${text.slice(0, 500)}`);
  }
  return body;
}

export class Client {
  private readonly cookies = new Map<string, string>();

  /** Every Set-Cookie header this client was sent, as sent. */
  readonly setCookies: string[] = [];

  /** The cookies as this client sends them. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Gives every cookie this client holds another value (a session id the target never gave, say). */
  tamperCookies(value: string) {
    for (const name of this.cookies.keys()) this.cookies.set(name, value);
  }

  async request<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.contentType) headers['Content-Type'] = options.contentType;
    const cookie = this.cookieHeader();
    if (cookie && !headers.Cookie) headers.Cookie = cookie;
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers,
      body: options.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    this.remember(res.headers.getSetCookie());
    expectConformant({
      method,
      path,
      requestBody: typeof options.body === 'string' ? options.body : undefined,
      requestContentType: options.contentType,
      status: res.status,
      headers: res.headers,
      text,
    });
    return { status: res.status, headers: res.headers, text, body: envelopeOf<T>(method, path, res, text) };
  }

  get<T = unknown>(path: string, query: Record<string, string | number | string[]> = {}): Promise<Answer<T>> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
    }
    const search = params.toString();
    return this.request<T>('GET', search ? `${path}?${search}` : path);
  }

  /** A POST of `body` as JSON; a string is sent as it is (to write ids as bare numbers, for one). */
  post<T = unknown>(path: string, body?: unknown): Promise<Answer<T>> {
    return this.request<T>('POST', path, {
      body: typeof body === 'string' ? body : JSON.stringify(body ?? {}),
      contentType: 'application/json',
    });
  }

  async login(who: Who): Promise<Answer> {
    const { userAccount, userPassword } = demoAccount(who);
    const answer = await this.post('/api/user/login', { userAccount, userPassword });
    if (answer.body.code !== ResponseCode.SUCCESS) throw new Error(`login as ${who} failed: ${answer.text}`);
    return answer;
  }

  private remember(setCookies: string[]) {
    this.setCookies.push(...setCookies);
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A client logged in as `who`. */
export async function loggedIn(who: Who): Promise<Client> {
  const client = new Client();
  await client.login(who);
  return client;
}

/** The target still answers: the cheapest read, as a new visitor. */
export async function expectAlive() {
  const answer = await new Client().get('/api/user/get/login');
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(ResponseCode.NOT_LOGIN);
}

/** An envelope refusing with `code` and exactly `message`, as every refusal of the contract is: HTTP 200, no stack. */
export function expectRefusal(answer: Answer, code: number, message: Message | RegExp) {
  expect({ status: answer.status, code: answer.body.code, data: answer.body.data }).toEqual({
    status: 200,
    code,
    data: null,
  });
  if (message instanceof RegExp) expect(answer.body.message).toMatch(message);
  else expect(answer.body.message).toBe(textOf(message));
  expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|Error:/);
}

export function expectSuccess<T>(answer: Answer<T>): T {
  if (answer.body.code !== ResponseCode.SUCCESS)
    throw new Error(`expected success, got ${answer.text.slice(0, 500)}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** A name no other run or spec uses, within the contract's 50 characters. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new account unique to this run, registered (which logs it in): its client, id and account name. */
export async function registeredUser(prefix: string): Promise<{ client: Client; id: string; account: string }> {
  const client = new Client();
  const account = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const id = expectSuccess(
    await client.post<string>('/api/user/register', {
      userAccount: account,
      userPassword: '12345678',
      checkPassword: '12345678',
    }),
  );
  return { client, id, account };
}
