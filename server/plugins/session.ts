import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@agler/contract/constants';
import type { Db } from '../db/connect';
import { SESSION_LIMITS, userOfSession } from '../domain/session';
import type { SessionUser } from '../domain/session';
import { shared } from './shared';

/**
 * The session cookie: `HttpOnly`, `SameSite=Lax`, `Secure` when configured.
 * A request looks its session up only when a route asks who is calling.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's user, or undefined; looked up once per request. */
    sessionUser(): Promise<SessionUser | undefined>;
    sessionToken(): string | undefined;
  }
  interface FastifyReply {
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
  }
}

export type SessionOptions = { db: Db; cookieSecure: boolean; now: () => number };

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export const sessionPlugin = shared<SessionOptions>('agler-session', async (app, options) => {
  const cookie = (value: string, maxAgeSeconds: number) =>
    [
      `${SESSION_COOKIE}=${value}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${maxAgeSeconds}`,
      ...(options.cookieSecure ? ['Secure'] : []),
    ].join('; ');

  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();
  app.decorateRequest('sessionToken', function sessionToken(this: FastifyRequest) {
    return readCookie(this.headers.cookie, SESSION_COOKIE);
  });
  app.decorateRequest('sessionUser', function sessionUser(this: FastifyRequest) {
    let found = cache.get(this);
    if (!found) {
      found = userOfSession(options.db, this.sessionToken(), options.now());
      cache.set(this, found);
    }
    return found;
  });
  app.decorateReply('setSessionCookie', function setSessionCookie(this: FastifyReply, token: string) {
    this.header('set-cookie', cookie(token, Math.floor(SESSION_LIMITS.absoluteMs / 1000)));
  });
  app.decorateReply('clearSessionCookie', function clearSessionCookie(this: FastifyReply) {
    this.header('set-cookie', cookie('', 0));
  });
});
