import type { Request, Response } from 'express';
import { ACCOUNT_LENGTH, PASSWORD_LENGTH, ResponseCode, SESSION_COOKIE } from '@agler/contract/constants';
import { currentUser, fail, ok, sessionIdOf } from './_lib/http';
import { hashPassword, newSessionId, sharedStore, toLoginUserVO } from './_lib/store';

export const USER_TEXTS = {
  accountLength: `账号长度应为 ${ACCOUNT_LENGTH.min} 到 ${ACCOUNT_LENGTH.max} 个字符`,
  passwordLength: `密码长度应为 ${PASSWORD_LENGTH.min} 到 ${PASSWORD_LENGTH.max} 个字符`,
  wrongCredentials: '账号或密码错误',
  notLogin: '未登录',
} as const;

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
      fail(res, ResponseCode.NOT_LOGIN, USER_TEXTS.notLogin);
      return;
    }
    ok(res, toLoginUserVO(user));
  },

  'POST /api/user/login': (req: Request, res: Response) => {
    const { userAccount, userPassword } = (req.body ?? {}) as Record<string, unknown>;
    if (!lengthIn(userAccount, ACCOUNT_LENGTH)) {
      fail(res, ResponseCode.PARAMS_ERROR, USER_TEXTS.accountLength);
      return;
    }
    if (!lengthIn(userPassword, PASSWORD_LENGTH)) {
      fail(res, ResponseCode.PARAMS_ERROR, USER_TEXTS.passwordLength);
      return;
    }
    const user = sharedStore().users.find((u) => u.userAccount === userAccount);
    if (!user || user.passwordHash !== hashPassword(userPassword)) {
      fail(res, ResponseCode.PARAMS_ERROR, USER_TEXTS.wrongCredentials);
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
