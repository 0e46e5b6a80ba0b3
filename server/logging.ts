import type { FastifyServerOptions } from 'fastify';
import { SIGNATURE_HEADERS } from '@agler/contract/signature';

/**
 * What the one logger (Fastify's pino) may write. Secrets are redacted by
 * path wherever a request, an answer or a body is logged, and an error is
 * written by errorForLog: a database error's message and its own fields
 * (Drizzle's and PGlite's `query` and `params`, PostgreSQL's `detail`,
 * `where`, `internalQuery`) carry the statement and the values it was
 * given, which for a key's insert are the access key and the sealed secret.
 */

const BODY_SECRETS = [
  'userPassword',
  'checkPassword',
  'oldPassword',
  'newPassword',
  'password',
  'secretKey',
  'secret',
];

/** Paths pino replaces by `[Redacted]`: credentials in headers, and secrets in any logged body. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  ...Object.values(SIGNATURE_HEADERS).map((name) => `req.headers.${name.toLowerCase()}`),
  'res.headers["set-cookie"]',
  ...BODY_SECRETS.flatMap((field) => [`body.${field}`, `req.body.${field}`]),
];

/** An error as a log line holds it. */
export type LoggedError = {
  type: string;
  message: string;
  /** The SQLSTATE or the system's error code (ECONNREFUSED, ...), when there is one. */
  code?: string;
  /** The first line, then the frames only: the stack's own first lines repeat the message. */
  stack: string;
  cause?: LoggedError;
};

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; stack?: unknown; cause?: unknown };

const MAX_DEPTH = 5;
const MESSAGE_MAX = 200;

/** Whether an error comes from running a statement: it carries the statement, or a SQLSTATE. */
function isStatementError(e: ErrorLike & { query?: unknown; params?: unknown }): boolean {
  return (
    e.query !== undefined ||
    e.params !== undefined ||
    (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && /\d/.test(e.code)) ||
    (typeof e.message === 'string' && e.message.startsWith('Failed query:'))
  );
}

/**
 * A database's message without the data it quotes: PostgreSQL writes values
 * after a colon in double quotes (`invalid input syntax for type integer:
 * "…"`), on one line; what follows the first line (Drizzle's query and params) goes.
 */
export function sanitisedDatabaseMessage(message: string): string {
  const line = message.split('\n')[0];
  const cut = line.search(/:\s*"/);
  return (cut >= 0 ? line.slice(0, cut) : line).slice(0, MESSAGE_MAX);
}

/** A stack's frames under a first line of our choosing. */
function stackOf(first: string, stack: unknown): string {
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [first, ...frames].join('\n');
}

function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e = error; e && typeof e === 'object' && chain.length < MAX_DEPTH; e = (e as ErrorLike).cause)
    chain.push(e as ErrorLike);
  return chain;
}

const typeOf = (e: ErrorLike) => (typeof e.name === 'string' && e.name ? e.name : 'Error');
const codeOf = (e: ErrorLike) =>
  typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : undefined;

function loggedError(error: unknown, depth: number): LoggedError {
  const chain = chainOf(error);
  if (chain.length === 0) {
    const message = String(error).slice(0, MESSAGE_MAX);
    return { type: typeof error, message, stack: message };
  }
  const [top] = chain;
  if (isStatementError(top)) {
    // Drizzle's wrapper says only "Failed query"; the driver's error at the bottom says why.
    const reason = [...chain]
      .reverse()
      .find((e) => typeof e.message === 'string' && !e.message.startsWith('Failed query:'));
    const coded = chain.find((e) => codeOf(e) !== undefined);
    const type = typeOf(reason ?? chain[chain.length - 1]);
    const message = reason ? sanitisedDatabaseMessage(String(reason.message)) : 'database statement failed';
    return {
      type,
      message,
      ...(coded ? { code: codeOf(coded) } : {}),
      stack: stackOf(`${type}: ${message}`, top.stack),
    };
  }
  const message = typeof top.message === 'string' ? top.message : String(top);
  const logged: LoggedError = {
    type: typeOf(top),
    message,
    stack: typeof top.stack === 'string' ? top.stack : message,
  };
  const code = codeOf(top);
  if (code) logged.code = code;
  if (top.cause && depth < MAX_DEPTH) logged.cause = loggedError(top.cause, depth + 1);
  return logged;
}

/**
 * pino's `err` serializer. A database error is written as its class, its
 * SQLSTATE and the driver's message without quoted values, with the frames of
 * its stack but not the stack's first lines (they repeat the statement). Any
 * other error keeps its message and stack, its own fields left out; its
 * causes are written the same way.
 */
export function errorForLog(error: unknown): LoggedError {
  return loggedError(error, 0);
}

/** Fastify's logger options: the level, the redactions, the error serializer, and where lines go (tests: a buffer). */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: REDACT_PATHS,
    serializers: { err: errorForLog, error: errorForLog },
    ...(stream ? { stream } : {}),
  };
}
