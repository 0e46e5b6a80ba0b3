import type { FastifyPluginAsync } from 'fastify';
import { parseQuotaChange } from '@agler/contract/accounts';
import { parseIdParam } from '@agler/contract/queries';
import { setQuota, usageOfUser } from '../domain/quotas';
import { ok } from '../envelope';
import { jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';

/** /api/userInterfaceInfo: each user's calls and quotas per interface (admins). */
export const userInterfaceInfoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  app.addHook('preHandler', signIn('admin'));

  app.get('/list', async (request) => {
    const userId = valid(parseIdParam(request.query, 'userId'));
    await ctx.callLog.flush();
    return ok(await usageOfUser(db, userId, ctx.defaultQuota));
  });

  app.post('/update', async (request) => {
    const change = valid(parseQuotaChange(jsonObjectBody(request)));
    return ok(await setQuota(db, change, ctx.defaultQuota));
  });
};
