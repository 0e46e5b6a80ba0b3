import { ACCOUNT_LENGTH, PASSWORD_LENGTH, ResponseCode, SESSION_COOKIE } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { failure, success } from './_lib/envelope';
import { answer, currentUser, routes, sessionIdOf, withJsonBody } from './_lib/http';
import { hashPassword, newSessionId, sharedStore, toLoginUserVO } from './_lib/store';

function lengthIn(value: unknown, range: { min: number; max: number }): value is string {
  return typeof value === 'string' && value.length >= range.min && value.length <= range.max;
}

function sessionCookie(value: string, maxAge?: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  return parts.join('; ');
}

/** Accounts and cookie sessions (the sessions live in the store, as long as the mock server runs). */
export default routes({
  'GET /api/user/get/login': (req, res) => {
    const user = currentUser(req);
    answer(res, user ? success(toLoginUserVO(user)) : failure(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
  },

  'POST /api/user/login': withJsonBody((req, res, { userAccount, userPassword }) => {
    if (!lengthIn(userAccount, ACCOUNT_LENGTH)) {
      answer(res, failure(ResponseCode.PARAMS_ERROR, MESSAGES.accountLength));
      return;
    }
    if (!lengthIn(userPassword, PASSWORD_LENGTH)) {
      answer(res, failure(ResponseCode.PARAMS_ERROR, MESSAGES.passwordLength));
      return;
    }
    const user = sharedStore().users.find((u) => u.userAccount === userAccount);
    if (!user || user.passwordHash !== hashPassword(userPassword)) {
      answer(res, failure(ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials));
      return;
    }
    const previous = sessionIdOf(req);
    if (previous) sharedStore().sessions.delete(previous);
    const sid = newSessionId();
    sharedStore().sessions.set(sid, user.id);
    res.setHeader('Set-Cookie', sessionCookie(sid));
    answer(res, success(toLoginUserVO(user)));
  }),

  // Reads no body: logging out needs nothing but the cookie, and answers the same without one.
  'POST /api/user/logout': (req, res) => {
    const sid = sessionIdOf(req);
    if (sid) sharedStore().sessions.delete(sid);
    res.setHeader('Set-Cookie', sessionCookie('', 0));
    answer(res, success(true));
  },
});
