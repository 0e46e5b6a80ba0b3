import type { FastifyPluginAsync } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { refuse } from '../domain/errors';
import { login, logout, toLoginUserVO } from '../domain/user';
import { ok } from '../envelope';
import { ignoreBodies, jsonObjectBody } from '../plugins/body';
import type { AppContext } from './context';

/** /api/user: the login session. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/get/login', async (request) => {
    const user = await request.sessionUser();
    if (!user) refuse(ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    return ok(toLoginUserVO(user));
  });

  app.post('/login', async (request, reply) => {
    const { user, token } = await login(ctx.db, jsonObjectBody(request), request.sessionToken(), ctx.now());
    reply.setSessionCookie(token);
    return ok(user);
  });

  // Logging out needs nothing but the cookie: any body is let through unread.
  await app.register(async (scope) => {
    ignoreBodies(scope);
    scope.post('/logout', async (request, reply) => {
      await logout(ctx.db, request.sessionToken());
      reply.clearSessionCookie();
      return ok(true);
    });
  });
};
