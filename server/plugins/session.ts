import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '@agler/contract/constants';
import type { Db } from '../db/connect';
import { SESSION_LIMITS, userOfSession } from '../domain/session';
import type { SessionUser } from '../domain/session';
import { requireAdmin, requireUser } from '../domain/user';

/**
 * The session cookie, read and written through @fastify/cookie: `HttpOnly`,
 * `SameSite=Lax`, `Secure` when configured. A request looks its session up
 * only when a route asks who is calling.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's user, or undefined; looked up once per request. */
    sessionUser(): Promise<SessionUser | undefined>;
    sessionToken(): string | undefined;
    /** The signed-in user of a route behind `signIn`, set before its handler runs. */
    user: SessionUser;
  }
  interface FastifyReply {
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
  }
}

export type SessionOptions = { db: Db; cookieSecure: boolean; now: () => number };

export const sessionPlugin = fp<SessionOptions>(
  async (app, options) => {
    const attributes = { path: '/', httpOnly: true, sameSite: 'lax', secure: options.cookieSecure } as const;

    app.decorateRequest('user');
    const cache = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();
    app.decorateRequest('sessionToken', function sessionToken(this: FastifyRequest) {
      // A value that is not valid percent-encoding comes through as it was sent, which is no token of ours.
      return this.cookies[SESSION_COOKIE];
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
      this.setCookie(SESSION_COOKIE, token, {
        ...attributes,
        maxAge: Math.floor(SESSION_LIMITS.absoluteMs / 1000),
      });
    });
    app.decorateReply('clearSessionCookie', function clearSessionCookie(this: FastifyReply) {
      this.clearCookie(SESSION_COOKIE, attributes);
    });
  },
  { name: 'agler-session', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);

/** Who may call a group of routes: anyone signed in and not banned, or admins only. */
export type Role = 'user' | 'admin';

/**
 * The preHandler a group of routes declares once (`app.addHook('preHandler', signIn('user'))`): without
 * the role it answers 40100 / 40101, and its handlers read the user from `request.user`.
 */
export function signIn(role: Role) {
  const check = role === 'admin' ? requireAdmin : requireUser;
  return async function signedIn(request: FastifyRequest) {
    request.user = check(await request.sessionUser());
  };
}
