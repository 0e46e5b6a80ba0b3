import type { FastifyPluginAsync } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import {
  parseLogin,
  parsePasswordChange,
  parseProfileChange,
  parseRegistration,
  parseRoleChange,
  parseUserListQuery,
} from '@agler/contract/accounts';
import { MESSAGES } from '@agler/contract/messages';
import { refuse } from '../domain/errors';
import { changePassword, changeRole, listUsers, register, updateProfile } from '../domain/accounts';
import { keyOf, regenerateKey } from '../domain/keys';
import { usageOf } from '../domain/quotas';
import { login, logout, toLoginUserVO } from '../domain/user';
import { ok } from '../envelope';
import { ignoreBodies, jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';
import { actorOf } from './keys';

/** /api/user: the login session, registration, a user's own account and keys, and the admins' users. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  app.get('/get/login', async (request) => {
    const user = await request.sessionUser();
    if (!user) refuse(ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    return ok(toLoginUserVO(user));
  });

  app.post('/login', async (request, reply) => {
    const credentials = valid(parseLogin(jsonObjectBody(request)));
    const { user, token } = await login(db, credentials, request.sessionToken(), ctx.now());
    reply.setSessionCookie(token);
    return ok(user);
  });

  app.post('/register', async (request, reply) => {
    const { id, token } = await register(db, valid(parseRegistration(jsonObjectBody(request))), ctx.now());
    reply.setSessionCookie(token);
    return ok(id);
  });

  await app.register(async (users) => {
    users.addHook('preHandler', signIn('user'));
    users.post('/update/my', async (request) => {
      const change = valid(parseProfileChange(jsonObjectBody(request)));
      return ok(await updateProfile(db, request.user, change, ctx.now()));
    });

    users.post('/update/password', async (request) => {
      const change = valid(parsePasswordChange(jsonObjectBody(request)));
      return ok(await changePassword(db, request.user, request.sessionToken(), change, ctx.now()));
    });

    users.get('/key', async (request) => ok(await keyOf(db, request.user)));

    users.get('/usage', async (request) => {
      await ctx.callLog.flush();
      return ok(await usageOf(db, request.user.id, ctx.defaultQuota));
    });

    // A new pair needs no body: any body is let through unread.
    await users.register(async (scope) => {
      ignoreBodies(scope);
      scope.post('/key/regenerate', async (request) => {
        return ok(await regenerateKey(db, ctx.secretBox, actorOf(request), ctx.now()));
      });
    });
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', signIn('admin'));
    admins.get('/list/page', async (request) =>
      ok(await listUsers(db, valid(parseUserListQuery(request.query)))),
    );

    admins.post('/update', async (request) => {
      const change = valid(parseRoleChange(jsonObjectBody(request)));
      return ok(await changeRole(db, request.user, change, ctx.now()));
    });
  });

  // Logging out needs nothing but the cookie: any body is let through unread.
  await app.register(async (scope) => {
    ignoreBodies(scope);
    scope.post('/logout', async (request, reply) => {
      await logout(db, request.sessionToken());
      reply.clearSessionCookie();
      return ok(true);
    });
  });
};
