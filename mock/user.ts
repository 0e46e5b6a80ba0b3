import { ResponseCode, SESSION_COOKIE } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { Response } from 'express';
import {
  keyOf,
  listUsers,
  login,
  logout,
  regenerateKey,
  register,
  updateMy,
  updatePassword,
  updateRole,
} from './_lib/accounts';
import type { SessionAnswer } from './_lib/accounts';
import { failure, success } from './_lib/envelope';
import {
  answer,
  currentUser,
  requireAdmin,
  requireUser,
  routes,
  sessionIdOf,
  withJsonBody,
} from './_lib/http';
import { usageOf } from './_lib/quotas';
import { toLoginUserVO } from './_lib/store';

function sessionCookie(value: string, maxAge?: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  return parts.join('; ');
}

/** Answers a login or registration, setting the cookie of the session it started. */
function answerWithSession<T>(
  res: Response,
  { envelope, sessionId }: SessionAnswer<T>,
  options?: { dataIsId?: boolean },
) {
  if (sessionId) res.setHeader('Set-Cookie', sessionCookie(sessionId));
  answer(res, envelope, options);
}

/** Accounts and cookie sessions (the sessions live in the store, as long as the mock server runs). */
export default routes({
  'GET /api/user/get/login': (req, res) => {
    const user = currentUser(req);
    answer(res, user ? success(toLoginUserVO(user)) : failure(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
  },

  'POST /api/user/login': withJsonBody((req, res, body) => {
    answerWithSession(res, login(body, sessionIdOf(req)));
  }),

  'POST /api/user/register': withJsonBody((req, res, body) => {
    answerWithSession(res, register(body, sessionIdOf(req)), { dataIsId: true });
  }),

  // Reads no body: logging out needs nothing but the cookie, and answers the same without one.
  'POST /api/user/logout': (req, res) => {
    logout(sessionIdOf(req));
    res.setHeader('Set-Cookie', sessionCookie('', 0));
    answer(res, success(true));
  },

  'POST /api/user/update/my': withJsonBody((req, res, body) => {
    const user = requireUser(req, res);
    if (user) answer(res, updateMy(body, user));
  }),

  'POST /api/user/update/password': withJsonBody((req, res, body) => {
    const user = requireUser(req, res);
    if (user) answer(res, updatePassword(body, user, sessionIdOf(req)));
  }),

  'GET /api/user/key': (req, res) => {
    const user = requireUser(req, res);
    if (user) answer(res, keyOf(user));
  },

  'POST /api/user/key/regenerate': (req, res) => {
    const user = requireUser(req, res);
    if (user) answer(res, regenerateKey(user));
  },

  'GET /api/user/usage': (req, res) => {
    const user = requireUser(req, res);
    if (user) answer(res, success(usageOf(user.id)));
  },

  'GET /api/user/list/page': (req, res) => {
    if (requireAdmin(req, res)) answer(res, listUsers(req.query));
  },

  'POST /api/user/update': withJsonBody((req, res, body) => {
    const admin = requireAdmin(req, res);
    if (admin) answer(res, updateRole(body, admin));
  }),
});
