import { ResponseCode } from '@agler/contract/constants';
import type { HttpMethod } from '@agler/contract/constants';
import { parseId } from '@agler/contract/ids';
import { parseCallParams } from '@agler/contract/interfaceInput';
import { historyParamsOf, responseHeadersOf } from '@agler/contract/invoke';
import type { CallMeta } from '@agler/contract/invoke';
import { parseJsonExact } from '@agler/contract/json';
import { planCrossing, quotaCrossing } from '@agler/contract/alerts';
import { answerIsCharged } from '@agler/contract/charge';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import { effectiveLimits } from '@agler/contract/rateLimit';
import type { RateLimits } from '@agler/contract/rateLimit';
import { UPSTREAM_MESSAGES, errorStartOf, isJsonAnswer } from '@agler/contract/upstream';
import type { Db } from '../db/connect';
import { planQuotaCrossings, quotaCrossings } from '../domain/alerts';
import { callable } from '../domain/callable';
import type { CallableOptions, CallVerdict } from '../domain/callable';
import { refuse } from '../domain/errors';
import { findInterface } from '../domain/interfaceInfo';
import { limitSourcesOf } from '../domain/quotas';
import { isAdmin } from '../domain/user';
import type { RateState } from '../domain/rateLimit';
import { admitted } from './admission';
import type { Admitter, Ask, PlanState } from './admission';
import type { SessionUser } from '../domain/session';
import { DEMO_PREFIX } from '../demo/routes';
import type { UpstreamAnswer, UpstreamClient, UpstreamResult } from '../upstream/client';
import type { CallSettings } from '../domain/upstream';
import { forwardedRequest } from './forwarded';
import type { CallRow } from './callLog';
import type { Recorder } from './recorder';
import { outgoingRequest } from './request';
import type { OutgoingRequest } from './request';

/**
 * `POST /api/interfaceInfo/invoke`: a real HTTP call to the interface's own
 * server through the guarded upstream client (server/upstream), counted in
 * the call log when it reached that server. Calls refused before (unknown or
 * offline interface, parameters that are not JSON, an address the platform
 * may not call) are not counted.
 *
 * The demo interfaces live under this server's public address
 * (`PUBLIC_URL/demo/...`); their calls go to the port this process listens
 * on, so they work behind a proxy and with no network at all.
 */

export type InterfaceRow = Awaited<ReturnType<typeof findInterface>>;

export type CallOutcome = {
  result: UpstreamResult;
  /** What is left of the caller's quota (or of their subscription's period) after the call; undefined for admins, who have no quota. */
  left?: number;
  /** The caller's rate limit after the call; undefined when the interface has none for them. */
  rate?: RateState;
  /** The subscription the call was charged to (docs/plans.md); undefined when it took a unit of the quota. */
  plan?: PlanState;
};

export type Invoked = {
  /** The answer's `data` as JSON text (the interface's JSON exactly as sent, or its text as a JSON string). */
  data: string;
  /** The interface's lifecycle headers, for the answer. */
  headers: Record<string, string>;
  /** The interface's answer as HTTP saw it, for the envelope's `call`. */
  call: CallMeta;
};

export type Invoker = {
  /**
   * `found`: the live interface of `body.id` when the caller already read it
   * (./caller.ts), with the rate limits that apply to the caller; else both
   * are looked up here.
   */
  invoke: (
    body: Record<string, unknown>,
    user: SessionUser,
    found?: InterfaceRow,
    limits?: RateLimits,
  ) => Promise<Invoked>;
  /**
   * One call of an online interface for `user`, as invoke and the gateway
   * make it: its admission (./admission.ts: a signed call's nonce, 40100
   * when it was used; a call of the rate limit, 42900 with Retry-After when
   * the caller is over it and nothing else is taken; a unit of the
   * subscription covering the interface (docs/plans.md: 40300 while it is
   * pending or when the interface needs one, 42900 with Retry-After past the
   * period's quota of a blocking plan) or of the quota, 42900 when none is
   * left), the call, the record when it reached the
   * interface (written before the call answers), the unit back unless the
   * interface answered 2xx to 4xx (contract/charge.ts). `params` is the console's parameter text for
   * the caller's history (null from the gateway); `limits` the caller's rate
   * limits when already read; `signed` a signed call's key and nonce.
   */
  callInterface: (
    row: InterfaceRow,
    user: SessionUser,
    request: OutgoingRequest,
    params: string | null,
    limits?: RateLimits,
    signed?: Signed,
  ) => Promise<CallOutcome>;
  /**
   * Whether `user` may call `row` now (server/domain/callable.ts), with this
   * server's clock and public address; `find` reads a replacement (the
   * gateway's cache, or the database).
   */
  callable: (
    row: InterfaceRow,
    user: SessionUser,
    find: CallableOptions['find'],
  ) => Promise<CallVerdict>;
  /** Where this process listens (`http://127.0.0.1:8000`), once it does. */
  setSelfOrigin: (origin: string) => void;
};

/** A signed call's access key and nonce, and the key's id for the call log. */
export type Signed = NonNullable<Ask['signed']> & { keyId?: string };

export type InvokerOptions = {
  /** Where a quota alert that could not be written is reported (the call goes on). */
  onAlertError?: (error: unknown) => void;
  db: Db;
  admitter: Admitter;
  client: UpstreamClient;
  recorder: Recorder<CallRow>;
  publicUrl: string;
  timeoutMs: number;
  now: () => number;
  /** The interface's credentials, forwarding secrets and limits (the gateway's lookups keep them cached). */
  upstreamOf: (interfaceId: string) => Promise<CallSettings>;
};

/** The answer's body as text, in its declared charset when this runtime knows it, else UTF-8. */
export function textOf(body: Buffer, contentType: string | undefined): string {
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The data of a good answer: its JSON as sent (checked, so big numbers stay exact), else its text as a JSON string. */
function dataOf(body: Buffer, contentType: string | undefined): string {
  if (body.length === 0) return 'null';
  const text = textOf(body, contentType);
  if (isJsonAnswer(contentType)) {
    try {
      parseJsonExact(text);
      return text;
    } catch {
      // Says JSON, is not (or nests too deep to check): the caller reads the text.
    }
  }
  return JSON.stringify(text);
}

/** What the caller reads of the interface's answer besides its body. */
export function callMetaOf(answer: UpstreamAnswer): CallMeta {
  return {
    status: answer.status,
    headers: responseHeadersOf(answer.headers),
    durationMs: answer.durationMs,
    bytes: answer.body.length,
  };
}

/** What a busy call's answer says about when to try again, in seconds (RFC 9110 §10.2.3). */
export const BUSY_HEADERS: Readonly<Record<string, string>> = { 'retry-after': '1' };

/**
 * The platform's refusal of a call that failed (40300), or the interface's
 * failure (50200): never for an answer below 400. An error status is the
 * interface's own answer, so its envelope carries the call's meta.
 */
export function failureOf(result: UpstreamResult, timeoutMs: number): never {
  if (result.ok) {
    const text = textOf(result.body, result.headers['content-type']);
    refuse(ResponseCode.UPSTREAM_ERROR, UPSTREAM_MESSAGES.httpError(result.status, errorStartOf(text)), {
      call: callMetaOf(result),
    });
  }
  const { failure } = result;
  if (failure === 'refused' || failure === 'scheme')
    refuse(ResponseCode.FORBIDDEN, UPSTREAM_MESSAGES[failure]);
  // Nothing was sent; the caller may try again once a connection is free.
  if (failure === 'busy') refuse(ResponseCode.UPSTREAM_ERROR, UPSTREAM_MESSAGES.busy, {}, BUSY_HEADERS);
  let message: Message;
  if (failure === 'timeout') message = UPSTREAM_MESSAGES.timeout(result.timeoutMs ?? timeoutMs);
  else if (failure === 'redirect') message = UPSTREAM_MESSAGES.redirect(result.status ?? 0);
  else message = UPSTREAM_MESSAGES[failure];
  refuse(ResponseCode.UPSTREAM_ERROR, message);
}

export function createInvoker(options: InvokerOptions): Invoker {
  const { db, admitter, client, recorder, timeoutMs, now, upstreamOf } = options;
  const onAlertError = options.onAlertError ?? (() => undefined);
  const publicOrigin = new URL(options.publicUrl).origin;
  let selfOrigin: string | undefined;

  /**
   * Where a call goes, judged on the URL as the URL standard reads it (so
   * `/demo/../api` and `/demo/%2e%2e/api` are `/api`, as the server would read
   * them): a demo interface to this process's own port, unchecked; any other
   * path of the server's own origins nowhere (undefined); the rest as given.
   */
  function route(url: string): { url: string; exempt: boolean } | undefined {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { url, exempt: false };
    }
    const own = target.origin === publicOrigin || target.origin === selfOrigin;
    if (!own) return { url: target.href, exempt: false };
    if (target.origin !== publicOrigin || !target.pathname.startsWith(`${DEMO_PREFIX}/`)) return undefined;
    return selfOrigin
      ? { url: `${selfOrigin}${target.pathname}${target.search}`, exempt: true }
      : { url: target.href, exempt: false };
  }

  async function callInterface(
    row: InterfaceRow,
    user: SessionUser,
    request: OutgoingRequest,
    params: string | null,
    limits?: RateLimits,
    signed?: Signed,
  ): Promise<CallOutcome> {
    // Read before anything is taken, so a call whose settings cannot be read costs nothing.
    const target = route(request.url);
    const settings = target ? await upstreamOf(row.id) : undefined;
    const sources = limits ? undefined : await limitSourcesOf(db, user.id, row.id);
    const own = limits ?? effectiveLimits(row, sources?.override, sources?.plan);
    const charged = !isAdmin(user);
    const admission = await admitter.admit({
      userId: user.id,
      interfaceInfoId: row.id,
      signed,
      mode: charged ? 'charge' : 'free',
      limits: own,
    });
    if (admission.outcome === 'replay') refuse(ResponseCode.NOT_LOGIN, MESSAGES.nonceUsed);
    const { left: quotaLeft, total, rate, plan } = admitted(admission, now());
    const left = plan ? Math.max(0, plan.quota - plan.used) : quotaLeft;
    // The call that crosses 80 % or 100 % of the quota, or begins a plan's overage, tells its user (rare: the
    // others ask nothing more); an alert that cannot be written does not stop the call.
    if (plan) {
      if (planCrossing(plan)) await planQuotaCrossings(db, user.id, row.id, plan, now()).catch(onAlertError);
    } else if (left !== undefined && total !== undefined && quotaCrossing(left, total)) {
      await quotaCrossings(db, user.id, row.id, left, total, now()).catch(onAlertError);
    }
    const started = now();
    const sent =
      target && settings
        ? forwardedRequest({ ...request, url: target.url }, settings, { userId: user.id, keyId: signed?.keyId }, now())
        : undefined;
    const result: UpstreamResult =
      target && sent && settings
        ? await client.call({
            ...sent,
            exempt: target.exempt,
            // The publisher's own limits (docs/server.md), a time-out never beyond the server's.
            timeoutMs: Math.min(settings.timeoutMs ?? timeoutMs, timeoutMs),
            retries: settings.retries,
            maxConnections: settings.maxConnections ?? undefined,
            poolKey: row.id,
          })
        : { ok: false, failure: 'refused', reached: false, durationMs: 0, tries: 0 };
    if (result.ok || result.reached) {
      // Counted before it is answered: a call answered is a call in the log.
      await recorder.add({
        interfaceInfoId: row.id,
        userId: user.id,
        time: new Date(started),
        success: result.ok && result.status < 400,
        latency: result.durationMs,
        status: result.status ?? null,
        bytes: result.ok ? result.body.length : 0,
        ...historyParamsOf(params),
        keyId: signed?.keyId ?? null,
        tries: result.tries,
      });
    }
    // Refused, never answered (or not whole, or not in time), or answered 5xx: the unit goes back (contract/charge.ts).
    if (charged && !(result.ok && answerIsCharged(result.status))) {
      await admitter.giveBack(user.id, row.id);
      if (plan) {
        const back = { ...plan, used: Math.max(0, plan.used - 1) };
        return { result, left: Math.max(0, back.quota - back.used), rate, plan: back };
      }
      return { result, left: (left ?? 0) + 1, rate };
    }
    return { result, left, rate, plan };
  }

  const verdictOf: Invoker['callable'] = (row, user, find) =>
    callable(row, user, { now: now(), publicOrigin, find });

  async function invoke(
    body: Record<string, unknown>,
    user: SessionUser,
    found?: InterfaceRow,
    limits?: RateLimits,
  ): Promise<Invoked> {
    // Without it, the id is refused here: not an id (40000) or no live interface (40400).
    const interfaceId = found?.id ?? parseId(body.id);
    if (!interfaceId) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
    const row = found ?? (await findInterface(db, interfaceId));
    // The console's envelope: an offline interface an admin calls is a parameter refusal (the gateway's is a 403).
    const verdict = await verdictOf(row, user, (id) => findInterface(db, id));
    if (verdict.kind === 'missing') refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    if (verdict.kind === 'offline') refuse(ResponseCode.PARAMS_ERROR, MESSAGES.interfaceClosed);
    if (verdict.kind === 'gone') refuse(ResponseCode.GONE, verdict.message, {}, verdict.headers);
    const params = parseCallParams(body);
    if (!params.ok) refuse(ResponseCode.PARAMS_ERROR, params.message);
    const paramsText = typeof body.userRequestParams === 'string' ? body.userRequestParams : '';
    const request = outgoingRequest(
      { url: row.url, method: row.method as HttpMethod, requestHeader: row.requestHeader },
      params.value,
      paramsText,
    );
    const { result } = await callInterface(row, user, request, paramsText, found && limits);
    if (!result.ok || result.status >= 400) failureOf(result, timeoutMs);
    return {
      data: dataOf(result.body, result.headers['content-type']),
      call: callMetaOf(result),
      headers: verdict.headers,
    };
  }

  return {
    invoke,
    callInterface,
    callable: verdictOf,
    setSelfOrigin: (origin) => {
      selfOrigin = origin;
    },
  };
}
