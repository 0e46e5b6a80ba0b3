import type { Pool } from 'undici';
import { ResponseCode } from '@agler/contract/constants';
import type { Envelope } from '@agler/contract/types';

/** What the bench scripts share: one request to the server under test, read as the envelope. */

/** Long enough for a busy 2-core machine; an answer slower than this fails the run. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Nearest-rank percentile of sorted samples. */
export function at(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export type Answer = { status: number; envelope?: Envelope<unknown>; setCookie?: string };

/** One request to the server under test; the body is read as an envelope when it is JSON. */
export async function call(
  pool: Pool,
  pathAndQuery: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const response = await pool.request({
    path: pathAndQuery,
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  const text = await response.body.text();
  const setCookie = response.headers['set-cookie'];
  let envelope: Envelope<unknown> | undefined;
  try {
    envelope = JSON.parse(text) as Envelope<unknown>;
  } catch {
    envelope = undefined;
  }
  return {
    status: response.statusCode,
    envelope,
    setCookie: (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0],
  };
}

/** The answer's data, or an error that says what failed. */
export async function expectData<T>(answer: Promise<Answer>, what: string): Promise<T> {
  const { status, envelope } = await answer;
  if (status !== 200 || envelope?.code !== ResponseCode.SUCCESS) {
    throw new Error(`${what}: HTTP ${status}, ${envelope ? `${envelope.code} ${envelope.message}` : 'no envelope'}`);
  }
  return envelope.data as T;
}

/** `--name N` flags of whole numbers above 0, over `defaults`; any other argument is refused. */
export function readCounts<T extends Record<string, number>>(argv: string[], defaults: T): T {
  const options: Record<string, number> = { ...defaults };
  for (let i = 0; i < argv.length; i += 1) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in options) || !argv[i].startsWith('--')) throw new Error(`unknown argument ${argv[i]}`);
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number above 0`);
    options[name] = value;
    i += 1;
  }
  return options as T;
}

/** Waits (at most about 20 s) until the server's health check answers code 0. */
export async function waitForHealth(pool: Pool) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const { status, envelope } = await call(pool, '/api/health');
      if (status === 200 && envelope?.code === ResponseCode.SUCCESS) return;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => {
      setTimeout(resolve, 200);
    });
  }
  throw new Error('/api/health never answered code 0');
}
