import type { FastifyPluginAsync } from 'fastify';
import {
  parseNewQuotaRequest,
  parseQuotaRequestListQuery,
  parseQuotaReview,
} from '@agler/contract/quotaRequests';
import { askForQuota, listQuotaRequests, reviewQuotaRequest } from '../domain/quotaRequests';
import { ok } from '../envelope';
import { jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';

/** /api/quota/request: a user asks for more calls on an interface; admins approve or refuse. */
export const quotaRequestRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  await app.register(async (users) => {
    users.addHook('preHandler', signIn('user'));
    users.post('', async (request) => {
      const body = jsonObjectBody(request);
      const asked = valid(parseNewQuotaRequest(body));
      return ok(await askForQuota(db, request.user, asked, ctx.now(), ctx.defaultQuota));
    });

    users.get('/list', async (request) => {
      const query = valid(parseQuotaRequestListQuery(request.query));
      return ok(await listQuotaRequests(db, request.user, query, ctx.defaultQuota));
    });
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', signIn('admin'));
    admins.post('/review', async (request) => {
      const body = jsonObjectBody(request);
      const review = valid(parseQuotaReview(body));
      return ok(await reviewQuotaRequest(db, request.user, review, ctx.now(), ctx.defaultQuota));
    });
  });
};
