import type { Request, Response } from 'express';
import { ACCOUNT_LENGTH, PASSWORD_LENGTH, ResponseCode, SESSION_COOKIE } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { currentUser, fail, ok, sessionIdOf } from './_lib/http';
import { hashPassword, newSessionId, sharedStore, toLoginUserVO } from './_lib/store';

function lengthIn(value: unknown, range: { min: number; max: number }): value is string {
  return typeof value === 'string' && value.length >= range.min && value.length <= range.max;
}

function sessionCookie(value: string, maxAge?: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  return parts.join('; ');
}

export default {
  'GET /api/user/get/login': (req: Request, res: Response) => {
    const user = currentUser(req);
    if (!user) {
      fail(res, ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
      return;
    }
    ok(res, toLoginUserVO(user));
  },

  'POST /api/user/login': (req: Request, res: Response) => {
    const { userAccount, userPassword } = (req.body ?? {}) as Record<string, unknown>;
    if (!lengthIn(userAccount, ACCOUNT_LENGTH)) {
      fail(res, ResponseCode.PARAMS_ERROR, MESSAGES.accountLength);
      return;
    }
    if (!lengthIn(userPassword, PASSWORD_LENGTH)) {
      fail(res, ResponseCode.PARAMS_ERROR, MESSAGES.passwordLength);
      return;
    }
    const user = sharedStore().users.find((u) => u.userAccount === userAccount);
    if (!user || user.passwordHash !== hashPassword(userPassword)) {
      fail(res, ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials);
      return;
    }
    const previous = sessionIdOf(req);
    if (previous) sharedStore().sessions.delete(previous);
    const sid = newSessionId();
    sharedStore().sessions.set(sid, user.id);
    res.setHeader('Set-Cookie', sessionCookie(sid));
    ok(res, toLoginUserVO(user));
  },

  'POST /api/user/logout': (req: Request, res: Response) => {
    const sid = sessionIdOf(req);
    if (sid) sharedStore().sessions.delete(sid);
    res.setHeader('Set-Cookie', sessionCookie('', 0));
    ok(res, true);
  },
};
