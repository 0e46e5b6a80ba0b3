import type { FastifyPluginAsync } from 'fastify';
import {
  parseCallersQuery,
  parseOverviewRequest,
  parseTopQuery,
  parseUsageQuery,
} from '@agler/contract/queries';
import { overviewOf } from '../domain/analysis/overview';
import { planUsage } from '../domain/analysis/plans';
import { topInterfaces } from '../domain/analysis/top';
import { usagePage } from '../domain/analysis/usage';
import { interfaceCallers } from '../domain/callers';
import { ok } from '../envelope';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';

/** /api/analysis: usage of the interfaces (admins only); each read flushes the call log first, so it counts every answered call. */
export const analysisRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  app.addHook('preHandler', signIn('admin'));

  app.get('/top/interface/invoke', async (request) => {
    const query = valid(parseTopQuery(request.query, ctx.now()));
    await ctx.callLog.flush();
    return ok(await topInterfaces(db, query));
  });

  app.get('/overview', async (request) => {
    const { range, pageSize } = valid(parseOverviewRequest(request.query));
    await ctx.callLog.flush();
    const overview = await overviewOf(db, range, { pageSize });
    return ok({ ...overview, callRetentionDays: ctx.callLogRetentionDays });
  });

  app.get('/interfaces', async (request) => {
    const query = valid(parseUsageQuery(request.query));
    await ctx.callLog.flush();
    return ok(await usagePage(db, query));
  });

  app.get('/interface/callers', async (request) => {
    const query = valid(parseCallersQuery(request.query));
    await ctx.callLog.flush();
    return ok(await interfaceCallers(db, query));
  });

  // The subscriptions' own counts, not the call log's: nothing to flush.
  app.get('/plans', async () => ok(await planUsage(db, ctx.now())));
};
