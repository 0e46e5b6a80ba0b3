import type { FastifyPluginAsync } from 'fastify';
import { parseCallLogQuery, parseDailyUsageQuery, parseUsageSummaryQuery } from '@agler/contract/usage';
import { callLog, dailyUsage, subjectOf, usageSummary } from '../domain/usage';
import { ok } from '../envelope';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';

/**
 * /api/user/usage/* and /api/user/calls: 我的用量, a user's own calls (an
 * admin may name any user with `userId`); each read flushes the call log
 * first, so the call just made is counted.
 */
export const usageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  app.addHook('preHandler', signIn('user'));

  app.get('/usage/daily', async (request) => {
    const viewer = request.user;
    const query = valid(parseDailyUsageQuery(request.query));
    const userId = await subjectOf(db, viewer, query.userId);
    await ctx.callLog.flush();
    return ok(await dailyUsage(db, userId, query));
  });

  app.get('/usage/summary', async (request) => {
    const viewer = request.user;
    const query = valid(parseUsageSummaryQuery(request.query));
    const userId = await subjectOf(db, viewer, query.userId);
    await ctx.callLog.flush();
    const summary = await usageSummary(db, userId, query.range, ctx.now(), ctx.defaultQuota);
    return ok({ ...summary, callRetentionDays: ctx.callLogRetentionDays });
  });

  app.get('/calls', async (request) => {
    const viewer = request.user;
    const query = valid(parseCallLogQuery(request.query));
    const userId = await subjectOf(db, viewer, query.userId);
    await ctx.callLog.flush();
    return ok(await callLog(db, userId, query));
  });
};
