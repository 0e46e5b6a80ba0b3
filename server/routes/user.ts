import type { FastifyPluginAsync } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { queryOf } from '@agler/contract/queries';
import { refuse } from '../domain/errors';
import { changePassword, changeRole, listUsers, register, updateProfile } from '../domain/accounts';
import { keyOf, regenerateKey } from '../domain/keys';
import { usageOf } from '../domain/quotas';
import { login, logout, toLoginUserVO } from '../domain/user';
import { ok } from '../envelope';
import { ignoreBodies, jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
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
    const { user, token } = await login(db, jsonObjectBody(request), request.sessionToken(), ctx.now());
    reply.setSessionCookie(token);
    return ok(user);
  });

  app.post('/register', async (request, reply) => {
    const { id, token } = await register(db, jsonObjectBody(request), ctx.now());
    reply.setSessionCookie(token);
    return ok(id);
  });

  await app.register(async (users) => {
    users.addHook('preHandler', signIn('user'));
    users.post('/update/my', async (request) => {
      const body = jsonObjectBody(request);
      return ok(await updateProfile(db, request.user, body, ctx.now()));
    });

    users.post('/update/password', async (request) => {
      const body = jsonObjectBody(request);
      return ok(await changePassword(db, request.user, request.sessionToken(), body, ctx.now()));
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
    // listUsers reads the query with the contract's parseUserListQuery.
    admins.get('/list/page', async (request) => ok(await listUsers(db, queryOf(request.query))));

    admins.post('/update', async (request) => {
      const body = jsonObjectBody(request);
      return ok(await changeRole(db, request.user, body, ctx.now()));
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
