import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseKeyOwnerQuery, parseKeyRef, parseKeyRotation, parseNewKey } from '@agler/contract/keys';
import { addKey, keyAudit, listKeys, revokeKey, rotateKey } from '../domain/keys';
import type { KeyActor } from '../domain/keys';
import { ok } from '../envelope';
import { jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';

/** Who changes a key and from which address, for the audit trail (a route behind `signIn`). */
export const actorOf = (request: FastifyRequest): KeyActor => ({ user: request.user, ip: request.ip });

/** /api/user/key/*: a user's several keys, their rotation and revocation, and the audit trail (admins: any user's). */
export const keyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  app.addHook('preHandler', signIn('user'));

  app.get('/list', async (request) => {
    const userId = valid(parseKeyOwnerQuery(request.query));
    return ok(await listKeys(db, request.user, userId, ctx.now()));
  });

  app.get('/audit', async (request) => {
    const userId = valid(parseKeyOwnerQuery(request.query));
    return ok(await keyAudit(db, request.user, userId));
  });

  app.post('/add', async (request) => {
    const body = jsonObjectBody(request);
    const actor = actorOf(request);
    const now = ctx.now();
    return ok(await addKey(db, ctx.secretBox, actor, valid(parseNewKey(body, now)), now));
  });

  app.post('/rotate', async (request) => {
    const body = jsonObjectBody(request);
    const actor = actorOf(request);
    return ok(await rotateKey(db, ctx.secretBox, actor, valid(parseKeyRotation(body)), ctx.now()));
  });

  app.post('/revoke', async (request) => {
    const body = jsonObjectBody(request);
    const actor = actorOf(request);
    return ok(await revokeKey(db, actor, valid(parseKeyRef(body)), ctx.now()));
  });
};
