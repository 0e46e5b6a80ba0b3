import type { FastifyPluginAsync } from 'fastify';
import type { Query } from '@agler/contract/queries';
import { setQuota, usageOfUser } from '../domain/quotas';
import { requireAdmin } from '../domain/user';
import { ok } from '../envelope';
import { jsonObjectBody } from '../plugins/body';
import type { AppContext } from './context';

/** /api/userInterfaceInfo: each user's calls and quotas per interface (admins). */
export const userInterfaceInfoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/list', async (request) => {
    requireAdmin(await request.sessionUser());
    await ctx.callLog.flush();
    return ok(await usageOfUser(ctx.db, (request.query as Query).userId, ctx.defaultQuota));
  });

  app.post('/update', async (request) => {
    const body = jsonObjectBody(request);
    requireAdmin(await request.sessionUser());
    return ok(await setQuota(ctx.db, body));
  });
};
