import type { FastifyPluginAsync } from 'fastify';
import type { Query } from '@agler/contract/queries';
import { overview, topInterfaces, usagePage } from '../domain/analysis';
import { interfaceCallers } from '../domain/callers';
import { requireAdmin } from '../domain/user';
import { ok } from '../envelope';
import type { AppContext } from './context';

/** /api/analysis: usage of the interfaces (admins only). */
export const analysisRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/top/interface/invoke', async (request) => {
    requireAdmin(await request.sessionUser());
    await ctx.callLog.flush();
    return ok(await topInterfaces(ctx.db, request.query as Query, ctx.now()));
  });

  app.get('/overview', async (request) => {
    requireAdmin(await request.sessionUser());
    await ctx.callLog.flush();
    const sideBySide = ctx.database.kind === 'postgres';
    return ok(await overview(ctx.db, request.query as Query, { sideBySide }));
  });

  app.get('/interfaces', async (request) => {
    requireAdmin(await request.sessionUser());
    await ctx.callLog.flush();
    return ok(await usagePage(ctx.db, request.query as Query));
  });

  app.get('/interface/callers', async (request) => {
    requireAdmin(await request.sessionUser());
    await ctx.callLog.flush();
    return ok(await interfaceCallers(ctx.db, request.query as Query));
  });
};
