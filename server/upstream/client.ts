import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { Agent, errors, request } from 'undici';
import type { Dispatcher } from 'undici';
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
 * followed, answers are capped in size and time, and each upstream origin has
 * its own bounded connection pool, so one slow interface cannot hold up calls
 * to the others.
 */

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export type UpstreamOptions = {
  timeoutMs: number;
  allow: AllowList;
  /** Connections per upstream origin. */
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
};

export type UpstreamAnswer = {
  ok: true;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  durationMs: number;
};

export type UpstreamRefusal = {
  ok: false;
  failure: Exclude<UpstreamFailure, 'httpError'>;
  /** Whether the upstream may have seen the request (the call counts), or it was refused before any connection. */
  reached: boolean;
  status?: number;
  durationMs: number;
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
};

/** Connections per upstream origin, so a slow interface holds up no one else's calls. */
export const UPSTREAM_CONNECTIONS = 64;

export function createUpstreamClient(options: UpstreamOptions): UpstreamClient {
  const maxBytes = options.maxBytes ?? UPSTREAM_MAX_BYTES;
  const pool = { connections: options.connections ?? UPSTREAM_CONNECTIONS, keepAliveTimeout: 10_000 };
  // Operators' own hosts resolve and connect as usual; everyone else's go through the check.
  const exempt = new Agent(pool);
  const checked = new Agent({
    ...pool,
    connect: {
      lookup: checkedLookup(options.resolve ?? systemResolve, options.isPermitted ?? isPublicAddress),
    } as object,
  });

  async function call(req: UpstreamRequest): Promise<UpstreamResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
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

    const dispatcher: Dispatcher = isExempt ? exempt : checked;
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        dispatcher,
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        body: req.body,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (isRefusal(error)) return refuse('refused', false);
      if (isTimeout(error)) return refuse('timeout', true);
      return refuse('unreachable', true);
    }

    const { statusCode, headers, body } = response;
    // What is not read is thrown away; the abort this causes is expected, not an error to report.
    const discard = () => {
      body.on('error', () => undefined);
      body.destroy();
    };
    if (statusCode >= 300 && statusCode < 400) {
      discard();
      return refuse('redirect', true, statusCode);
    }
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard();
      return refuse('tooLarge', true, statusCode);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          discard();
          return refuse('tooLarge', true, statusCode);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      return refuse(isTimeout(error) ? 'timeout' : 'unreachable', true, statusCode);
    }
    return {
      ok: true,
      status: statusCode,
      headers: flatHeaders(headers),
      body: Buffer.concat(chunks),
      durationMs: elapsed(),
    };
  }

  return {
    call,
    close: async () => {
      await Promise.all([exempt.close(), checked.close()]);
    },
  };
}
