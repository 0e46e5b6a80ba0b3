import type { FastifyPluginAsync } from 'fastify';
import {
  parseIdBody,
  parseNewPlan,
  parseNewSubscription,
  parsePlanChange,
  parsePlanListQuery,
  parsePlanQuery,
  parseSubscriptionAssignment,
  parseSubscriptionListQuery,
  parseSubscriptionReview,
} from '@agler/contract/plans';
import { addPlan, getPlan, listPlans, retirePlan, updatePlan } from '../domain/plans';
import {
  addSubscription,
  assignSubscription,
  cancelSubscription,
  endSubscription,
  listSubscriptions,
  reviewSubscription,
} from '../domain/subscriptions';
import { ok } from '../envelope';
import { jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';

/** /api/plan: everyone signed in reads the plans they may see; admins add, change and retire them. */
export const planRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  await app.register(async (users) => {
    users.addHook('preHandler', signIn('user'));
    users.get('/list', async (request) => {
      const query = valid(parsePlanListQuery(request.query));
      return ok(await listPlans(db, request.user, query, ctx.now()));
    });

    users.get('/get', async (request) => {
      const id = valid(parsePlanQuery(request.query));
      return ok(await getPlan(db, request.user, id, ctx.now()));
    });
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', signIn('admin'));
    admins.post('/add', async (request) => {
      const fields = valid(parseNewPlan(jsonObjectBody(request)));
      return ok(await addPlan(db, fields, ctx.now()));
    });

    admins.post('/update', async (request) => {
      const change = valid(parsePlanChange(jsonObjectBody(request)));
      return ok(await updatePlan(db, request.user, change, ctx.now()));
    });

    admins.post('/retire', async (request) => {
      const id = valid(parseIdBody(jsonObjectBody(request)));
      return ok(await retirePlan(db, request.user, id, ctx.now()));
    });
  });
};

/** /api/subscription: a user subscribes, cancels and lists their own; admins review, assign and end anyone's. */
export const subscriptionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  await app.register(async (users) => {
    users.addHook('preHandler', signIn('user'));
    users.post('/add', async (request) => {
      const input = valid(parseNewSubscription(jsonObjectBody(request)));
      return ok(await addSubscription(db, request.user, input, ctx.now()));
    });

    users.post('/cancel', async (request) => {
      const id = valid(parseIdBody(jsonObjectBody(request)));
      return ok(await cancelSubscription(db, request.user, id, ctx.now()));
    });

    users.get('/list', async (request) => {
      const query = valid(parseSubscriptionListQuery(request.query));
      return ok(await listSubscriptions(db, request.user, query, ctx.now()));
    });
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', signIn('admin'));
    admins.post('/review', async (request) => {
      const review = valid(parseSubscriptionReview(jsonObjectBody(request)));
      return ok(await reviewSubscription(db, request.user, review, ctx.now()));
    });

    admins.post('/assign', async (request) => {
      const input = valid(parseSubscriptionAssignment(jsonObjectBody(request)));
      return ok(await assignSubscription(db, request.user, input, ctx.now()));
    });

    admins.post('/end', async (request) => {
      const id = valid(parseIdBody(jsonObjectBody(request)));
      return ok(await endSubscription(db, request.user, id, ctx.now()));
    });
  });
};
