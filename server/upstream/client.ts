import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { Agent, errors, request } from 'undici';
import type { Dispatcher } from 'undici';
import {
  RETRIED_METHODS,
  UPSTREAM_CONNECTIONS_DEFAULT,
  UPSTREAM_CONNECTIONS_MAX,
  UPSTREAM_RETRIES_MAX,
} from '@agler/contract/interfaceUpstream';
import { UPSTREAM_MAX_BYTES } from '@agler/contract/upstream';
import type { UpstreamFailure } from '@agler/contract/upstream';
import type { AllowList } from './addressPolicy';
import { ipLiteralOf, isAllowedHost, isPublicAddress } from './addressPolicy';

/**
 * The platform's calls to interfaces' own servers. Every address a name
 * resolves to is checked, and the connection goes to the address that was
 * checked (the lookup is the socket's own, so there is no second resolution
 * for a rebinding DNS server to answer differently). IP literals never reach a
 * lookup, so they are checked before the request. Redirects are never
 * followed, answers are capped in size and time, and each interface (its
 * poolKey) has its own bound on calls at once, so one slow interface cannot
 * hold up calls to the others. A call has one deadline for all its tries:
 * idempotent methods are tried again, after a jittered back-off, on a refused
 * or reset connection or a 502/503/504, only while the deadline allows.
 */

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export type UpstreamOptions = {
  timeoutMs: number;
  allow: AllowList;
  /** Connections per upstream origin (the per-interface bound is what binds, so this is the most any may set). */
  connections?: number;
  maxBytes?: number;
  /** Name resolution; tests pass a stub so that nothing leaves the machine. */
  resolve?: Resolve;
  /** The address check of resolved names (isPublicAddress); tests of the lookup itself narrow it. */
  isPermitted?: (address: string) => boolean;
};

export type UpstreamRequest = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The platform's own services (the demo interfaces): connected to without the address check. */
  exempt?: boolean;
  /** The whole call's time, all tries and the wait for a connection included; the client's own when absent. */
  timeoutMs?: number;
  /** Tries after the first (0..UPSTREAM_RETRIES_MAX), for RETRIED_METHODS only. */
  retries?: number;
  /** The most calls at once under poolKey; UPSTREAM_CONNECTIONS_DEFAULT when absent. */
  maxConnections?: number;
  /** Whose bound the call counts against (the interface's id); the URL's origin when absent. */
  poolKey?: string;
};

export type UpstreamAnswer = {
  ok: true;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  durationMs: number;
  /** Requests sent for this call, retries included. */
  tries: number;
};

export type UpstreamRefusal = {
  ok: false;
  failure: Exclude<UpstreamFailure, 'httpError'>;
  /** Whether the upstream may have seen the request (the call counts), or it was refused before any connection. */
  reached: boolean;
  status?: number;
  durationMs: number;
  /** Requests sent for this call (0 when none was). */
  tries: number;
  /** The call's time-out in milliseconds, on a `timeout`. */
  timeoutMs?: number;
};

export type UpstreamResult = UpstreamAnswer | UpstreamRefusal;

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

class RefusedAddressError extends Error {
  readonly code = 'AGLER_REFUSED_ADDRESS';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A socket lookup that resolves through `resolve` and refuses unless every address is public. */
function checkedLookup(resolve: Resolve, isPermitted: (address: string) => boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
        } else if (!addresses.every((a) => isPermitted(a.address))) {
          callback(new RefusedAddressError(hostname), []);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

function isRefusal(error: unknown): boolean {
  for (
    let e = error as { cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    if (e instanceof RefusedAddressError) return true;
  }
  return false;
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError ||
    // AbortSignal.timeout's DOMException; checked by name, since it may come from another realm.
    (error as { name?: unknown } | null)?.name === 'TimeoutError'
  );
}

/** Error codes of a connection refused or reset, anywhere in an error's cause chain. */
const RETRIED_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);

/** Whether a try failed on a refused or reset connection (undici's SocketError is the other side closing it). */
function isRetriedError(error: unknown): boolean {
  for (
    let e = error as { cause?: unknown; code?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    if (e instanceof errors.SocketError) return true;
    if (typeof e.code === 'string' && RETRIED_CODES.has(e.code)) return true;
    // A connection refused on every address of a name arrives as an AggregateError of them.
    if (e instanceof AggregateError && e.errors.some((inner) => isRetriedError(inner))) return true;
  }
  return false;
}

/** Statuses that say the interface's server, or a proxy before it, could not take the call just now. */
const RETRIED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The first retry's back-off in milliseconds; each one after doubles it, jittered down by up to half. */
export const RETRY_BACKOFF_MS = 100;

/** Calls that may wait for a connection under one poolKey, beyond those under way: past it, a call is busy at once. */
export const UPSTREAM_QUEUE_MAX = 1024;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

type Waiter = { grant: () => void; timer: NodeJS.Timeout };
type Semaphore = { active: number; limit: number; queue: Waiter[] };

/**
 * Per-poolKey bounds on calls at once. A slot is held for a whole call (all
 * its tries); a key's entry goes when nothing holds or waits for it, so the
 * map only holds interfaces being called.
 */
function createSemaphores() {
  const byKey = new Map<string, Semaphore>();

  /** Hands free slots to the calls waiting longest. */
  function drain(semaphore: Semaphore) {
    while (semaphore.active < semaphore.limit && semaphore.queue.length > 0) {
      const waiter = semaphore.queue.shift()!;
      clearTimeout(waiter.timer);
      semaphore.active += 1;
      waiter.grant();
    }
  }

  function release(key: string, semaphore: Semaphore) {
    semaphore.active -= 1;
    drain(semaphore);
    if (semaphore.active === 0 && semaphore.queue.length === 0) byKey.delete(key);
  }

  /** A release function once a slot is held, or undefined when none came free within `waitMs`. */
  function acquire(key: string, limit: number, waitMs: number): Promise<(() => void) | undefined> {
    let semaphore = byKey.get(key);
    if (!semaphore) {
      semaphore = { active: 0, limit, queue: [] };
      byKey.set(key, semaphore);
    }
    // The newest setting is the one that counts; slots over a lowered limit end with their calls.
    semaphore.limit = limit;
    drain(semaphore);
    const held = semaphore;
    let released = false;
    const releaser = () => {
      if (released) return;
      released = true;
      release(key, held);
    };
    if (held.active < held.limit && held.queue.length === 0) {
      held.active += 1;
      return Promise.resolve(releaser);
    }
    if (held.queue.length >= UPSTREAM_QUEUE_MAX || waitMs <= 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: () => resolve(releaser),
        timer: setTimeout(() => {
          const at = held.queue.indexOf(waiter);
          if (at >= 0) held.queue.splice(at, 1);
          if (held.active === 0 && held.queue.length === 0) byKey.delete(key);
          resolve(undefined);
        }, waitMs),
      };
      held.queue.push(waiter);
    });
  }

  return { acquire, size: () => byKey.size };
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

export type UpstreamClient = {
  call: (req: UpstreamRequest) => Promise<UpstreamResult>;
  close: () => Promise<void>;
  /** poolKeys with a call under way or waiting (for tests: an idle key holds nothing). */
  pools: () => number;
};

/** Calls at once to one interface unless its publisher set otherwise, so a slow interface holds up no one else's calls. */
export const UPSTREAM_CONNECTIONS = UPSTREAM_CONNECTIONS_DEFAULT;

export function createUpstreamClient(options: UpstreamOptions): UpstreamClient {
  const maxBytes = options.maxBytes ?? UPSTREAM_MAX_BYTES;
  const pool = { connections: options.connections ?? UPSTREAM_CONNECTIONS_MAX, keepAliveTimeout: 10_000 };
  const semaphores = createSemaphores();
  // Operators' own hosts resolve and connect as usual; everyone else's go through the check.
  const exempt = new Agent(pool);
  const checked = new Agent({
    ...pool,
    connect: {
      lookup: checkedLookup(options.resolve ?? systemResolve, options.isPermitted ?? isPublicAddress),
    } as object,
  });

  type Read =
    | { kind: 'retry'; delay: number }
    | { kind: 'refusal'; failure: 'redirect' | 'tooLarge' | 'timeout' | 'unreachable'; status: number }
    | { kind: 'body'; body: Buffer };

  /** An answer's body, or why it is not passed on; `retryAfter` says whether (and after what back-off) to try again instead. */
  async function read(
    response: Dispatcher.ResponseData,
    retryAfter: () => number | undefined,
  ): Promise<Read> {
    const { statusCode, headers, body } = response;
    // What is not read is thrown away; the abort this causes is expected, not an error to report.
    const discard = () => {
      body.on('error', () => undefined);
      body.destroy();
    };
    const delay = retryAfter();
    if (delay !== undefined) {
      discard();
      return { kind: 'retry', delay };
    }
    if (statusCode >= 300 && statusCode < 400) {
      discard();
      return { kind: 'refusal', failure: 'redirect', status: statusCode };
    }
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard();
      return { kind: 'refusal', failure: 'tooLarge', status: statusCode };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          discard();
          return { kind: 'refusal', failure: 'tooLarge', status: statusCode };
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      return { kind: 'refusal', failure: isTimeout(error) ? 'timeout' : 'unreachable', status: statusCode };
    }
    return { kind: 'body', body: Buffer.concat(chunks) };
  }

  async function call(req: UpstreamRequest): Promise<UpstreamResult> {
    const started = performance.now();
    const timeoutMs = req.timeoutMs ?? options.timeoutMs;
    const deadline = started + timeoutMs;
    const elapsed = () => Math.round(performance.now() - started);
    let tries = 0;
    const refuse = (
      failure: UpstreamRefusal['failure'],
      reached: boolean,
      status?: number,
    ): UpstreamRefusal => ({
      ok: false,
      failure,
      reached,
      status,
      durationMs: elapsed(),
      tries,
      ...(failure === 'timeout' ? { timeoutMs } : {}),
    });

    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return refuse('scheme', false);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('scheme', false);
    const isExempt = req.exempt === true || isAllowedHost(url, options.allow);
    const literal = ipLiteralOf(url);
    if (!isExempt && literal !== undefined && !isPublicAddress(literal)) return refuse('refused', false);

    const limit = Math.min(
      UPSTREAM_CONNECTIONS_MAX,
      Math.max(1, Math.floor(req.maxConnections ?? UPSTREAM_CONNECTIONS_DEFAULT)),
    );
    const release = await semaphores.acquire(req.poolKey ?? url.origin, limit, deadline - performance.now());
    if (!release) return refuse('busy', false);
    try {
      const dispatcher: Dispatcher = isExempt ? exempt : checked;
      const retries = RETRIED_METHODS.has(req.method.toUpperCase())
        ? Math.min(UPSTREAM_RETRIES_MAX, Math.max(0, Math.floor(req.retries ?? 0)))
        : 0;
      // Whether one more try fits: its back-off must leave time for the try itself before the deadline.
      const nextDelay = (): number | undefined => {
        if (tries > retries) return undefined;
        const delay = RETRY_BACKOFF_MS * 2 ** (tries - 1) * (0.5 + Math.random() / 2);
        return deadline - performance.now() - delay >= RETRY_BACKOFF_MS ? delay : undefined;
      };
      for (;;) {
        tries += 1;
        const left = Math.max(1, Math.round(deadline - performance.now()));
        let response: Dispatcher.ResponseData;
        try {
          response = await request(url, {
            dispatcher,
            method: req.method as Dispatcher.HttpMethod,
            headers: req.headers,
            body: req.body,
            headersTimeout: left,
            bodyTimeout: left,
            signal: AbortSignal.timeout(left),
          });
        } catch (error) {
          if (isRefusal(error)) return refuse('refused', false);
          if (isTimeout(error)) return refuse('timeout', true);
          const delay = isRetriedError(error) ? nextDelay() : undefined;
          if (delay === undefined) return refuse('unreachable', true);
          await sleep(delay);
          continue;
        }
        const outcome = await read(response, () =>
          RETRIED_STATUSES.has(response.statusCode) ? nextDelay() : undefined,
        );
        if (outcome.kind === 'retry') {
          await sleep(outcome.delay);
          continue;
        }
        if (outcome.kind === 'refusal') return refuse(outcome.failure, true, outcome.status);
        return {
          ok: true,
          status: response.statusCode,
          headers: flatHeaders(response.headers),
          body: outcome.body,
          durationMs: elapsed(),
          tries,
        };
      }
    } finally {
      release();
    }
  }

  return {
    call,
    close: async () => {
      await Promise.all([exempt.close(), checked.close()]);
    },
    pools: semaphores.size,
  };
}
