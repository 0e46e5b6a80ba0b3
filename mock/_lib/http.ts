import type { Request, Response } from 'express';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { UserRecord } from './store';
import { sharedStore } from './store';
import { SESSION_COOKIE } from '@agler/contract/constants';

/** Keys whose values are 64-bit ids: sent as bare JSON numbers, like a Java backend does. */
const ID_KEYS = /"(id|userId|interfaceInfoId)":"(-?\d{1,20})"/g;

/** JSON text of a body with its ids written as numbers (they exceed 2^53). */
export function toWireJson(body: unknown): string {
  return JSON.stringify(body).replace(ID_KEYS, '"$1":$2');
}

export function send(res: Response, body: { code: number; data?: unknown; message: string }) {
  res.status(200).type('application/json').send(toWireJson(body));
}

export function ok(res: Response, data: unknown) {
  send(res, { code: ResponseCode.SUCCESS, data, message: 'ok' });
}

/** An id as the answer's data, written as a bare number. */
export function okId(res: Response, id: string) {
  res.status(200).type('application/json').send(`{"code":0,"data":${id},"message":"ok"}`);
}

export function fail(res: Response, code: number, message: string) {
  send(res, { code, data: null, message });
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
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
    fail(res, ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    return undefined;
  }
  if (user.userRole === 'ban') {
    fail(res, ResponseCode.NO_AUTH, MESSAGES.banned);
    return undefined;
  }
  return user;
}

/** The logged-in admin, or undefined after answering 40100 / 40101. */
export function requireAdmin(req: Request, res: Response): UserRecord | undefined {
  const user = requireUser(req, res);
  if (!user) return undefined;
  if (user.userRole !== 'admin') {
    fail(res, ResponseCode.NO_AUTH, MESSAGES.noAuth);
    return undefined;
  }
  return user;
}
