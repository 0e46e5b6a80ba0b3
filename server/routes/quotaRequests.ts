import type { FastifyPluginAsync } from 'fastify';
import {
  parseNewQuotaRequest,
  parseQuotaRequestListQuery,
  parseQuotaReview,
} from '@agler/contract/quotaRequests';
import { askForQuota, listQuotaRequests, reviewQuotaRequest } from '../domain/quotaRequests';
import { requireAdmin, requireUser } from '../domain/user';
import { ok } from '../envelope';
import { jsonObjectBody } from '../plugins/body';
import type { AppContext } from './context';
import { valid } from './input';

/** /api/quota/request: a user asks for more calls on an interface; admins approve or refuse. */
export const quotaRequestRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  app.post('', async (request) => {
    const body = jsonObjectBody(request);
    const user = requireUser(await request.sessionUser());
    const asked = valid(parseNewQuotaRequest(body));
    return ok(await askForQuota(db, user, asked, ctx.now(), ctx.defaultQuota));
  });

  app.get('/list', async (request) => {
    const viewer = requireUser(await request.sessionUser());
    const query = valid(parseQuotaRequestListQuery(request.query));
    return ok(await listQuotaRequests(db, viewer, query, ctx.defaultQuota));
  });

  app.post('/review', async (request) => {
    const body = jsonObjectBody(request);
    const admin = requireAdmin(await request.sessionUser());
    const review = valid(parseQuotaReview(body));
    return ok(await reviewQuotaRequest(db, admin, review, ctx.now(), ctx.defaultQuota));
  });
};
