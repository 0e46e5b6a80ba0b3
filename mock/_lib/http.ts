import type { Request, Response } from 'express';
import { ResponseCode, SESSION_COOKIE, USER_ROLE } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { installExactJsonBodies, readJsonBody } from './body';
import type { Envelope } from './envelope';
import { failure } from './envelope';
import type { UserRecord } from './store';
import { sharedStore } from './store';

/**
 * The mocks' HTTP layer: route tables whose handlers can never take the
 * process down, JSON bodies read exactly, sessions, and the envelope written
 * out with ids in the configured form.
 */

type Handler = (req: Request, res: Response) => void;

/**
 * How ids go out. By default as JSON strings, as the server sends them (like a
 * Java backend with its Long-to-string setting), so no client can round them;
 * `MOCK_IDS=number` sends them as bare numbers beyond 2^53, for the browser
 * scenario that proves the console copes with backends that do.
 */
function idFormOf(value: string | undefined): 'string' | 'number' {
  if (value === undefined || value === '' || value === 'string') return 'string';
  if (value === 'number') return 'number';
  throw new Error(`MOCK_IDS must be "string" or "number", got "${value}"`);
}

const ID_FORM = idFormOf(process.env.MOCK_IDS);

/** Keys whose values are ids, as JSON.stringify writes them. */
const ID_KEYS = /"(id|userId|interfaceInfoId)":"(\d{1,20})"/g;

/** The JSON text of an answer, ids in the configured form; `dataIsId` for an answer whose data is an id. */
function wireJson(body: Envelope, options: { dataIsId?: boolean } = {}): string {
  const text = JSON.stringify(body);
  if (ID_FORM === 'string') return text;
  const bare = text.replace(ID_KEYS, '"$1":$2');
  return options.dataIsId ? bare.replace(/^\{"code":0,"data":"(\d{1,20})"/, '{"code":0,"data":$1') : bare;
}

export function answer(res: Response, envelope: Envelope, options?: { dataIsId?: boolean }) {
  res.status(200).type('application/json').send(wireJson(envelope, options));
}

/**
 * An interface's own answer (invoke), `delayMs` later: its fields belong to
 * the interface, so no id form applies. The text is made now, so nothing can
 * fail once the handler has returned.
 */
export function answerLater(res: Response, envelope: Envelope, delayMs: number) {
  const text = JSON.stringify(envelope);
  const send = () => res.status(200).type('application/json').send(text);
  if (delayMs > 0) setTimeout(send, delayMs);
  else send();
}

/**
 * Whatever a handler throws becomes the 50000 envelope, without a stack:
 * without this, an error inside body-parser's callback ends the process and
 * one elsewhere answers express's error page with file paths.
 */
function guarded(key: string, handler: Handler): Handler {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      // The developer running the mocks sees what broke; the client only the envelope.
      console.error(`${key} failed:`, error);
      if (res.headersSent) res.end();
      else answer(res, failure(ResponseCode.SYSTEM_ERROR, MESSAGES.systemError));
    }
  };
}

/** A mock file's route table, every handler guarded; also makes sure JSON bodies are read exactly. */
export function routes(table: Record<string, Handler>): Record<string, Handler> {
  installExactJsonBodies();
  return Object.fromEntries(Object.entries(table).map(([key, handler]) => [key, guarded(key, handler)]));
}

/** A handler of an endpoint that reads a JSON object body; any other body answers 40000 saying what is wrong. */
export function withJsonBody(handler: (req: Request, res: Response, body: Record<string, unknown>) => void): Handler {
  return (req, res) => {
    const body = readJsonBody(req);
    if (body.ok) handler(req, res, body.value);
    else answer(res, failure(ResponseCode.PARAMS_ERROR, body.message));
  };
}

/** A cookie's value; a value that is not valid percent-encoding counts as no cookie. */
function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function sessionIdOf(req: Request): string | undefined {
  return readCookie(req, SESSION_COOKIE);
}

export function currentUser(req: Request): UserRecord | undefined {
  const sid = sessionIdOf(req);
  const userId = sid ? sharedStore().sessions.get(sid) : undefined;
  return userId ? sharedStore().users.find((u) => u.id === userId) : undefined;
}

/** The logged-in user, or undefined after answering 40100 (or 40101 for a banned one). */
export function requireUser(req: Request, res: Response): UserRecord | undefined {
  const user = currentUser(req);
  if (!user) {
    answer(res, failure(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
    return undefined;
  }
  if (user.userRole === USER_ROLE.BAN) {
    answer(res, failure(ResponseCode.NO_AUTH, MESSAGES.banned));
    return undefined;
  }
  return user;
}

/** The logged-in admin, or undefined after answering 40100 / 40101. */
export function requireAdmin(req: Request, res: Response): UserRecord | undefined {
  const user = requireUser(req, res);
  if (!user) return undefined;
  if (user.userRole !== USER_ROLE.ADMIN) {
    answer(res, failure(ResponseCode.NO_AUTH, MESSAGES.noAuth));
    return undefined;
  }
  return user;
}
