import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  parseAlertId,
  parseAlertListQuery,
  parseDeliveryId,
  parseDeliveryListQuery,
  parseWebhookInput,
} from '@agler/contract/alerts';
import { listAlerts, markAllRead, markRead, unreadCount } from '../domain/alerts';
import {
  deleteWebhook,
  listDeliveries,
  resendDelivery,
  rotateSecret,
  saveWebhook,
  webhookOf,
} from '../domain/webhooks';
import { ok } from '../envelope';
import { ignoreBodies, jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import { parseAllowList } from '../upstream/addressPolicy';
import type { AllowList } from '../upstream/addressPolicy';
import type { Resolve } from '../upstream/client';
import { webhookWorkerPlugin } from '../webhooks/plugin';
import type { AppContext } from './context';
import { valid } from './input';

/** /api/alert (the bell) and /api/user/webhook (its deliveries, sent by the worker of server/webhooks). */

export type AlertsOptions = {
  ctx: AppContext;
  /** INVOKE_ALLOW_HOSTS: hosts a webhook may use plain http for, and whose internal addresses are let through. */
  allowHosts: readonly string[];
  /** Name resolution of deliveries; tests pass a stub so that nothing leaves the machine. */
  resolve?: Resolve;
};

const alertRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  app.addHook('preHandler', signIn('user'));

  app.get('/unread', async (request) => ok(await unreadCount(db, request.user.id)));

  app.get('/list', async (request) => {
    const query = valid(parseAlertListQuery(request.query));
    return ok(await listAlerts(db, request.user.id, query));
  });

  app.post('/read', async (request) => {
    const id = valid(parseAlertId(jsonObjectBody(request)));
    return ok(await markRead(db, request.user.id, id, ctx.now()));
  });

  await app.register(async (scope) => {
    ignoreBodies(scope);
    scope.post('/read/all', async (request) => {
      return ok(await markAllRead(db, request.user.id, ctx.now()));
    });
  });
};

const webhookRoutes: FastifyPluginAsync<{ ctx: AppContext; allow: AllowList }> = async (
  app,
  { ctx, allow },
) => {
  const { db } = ctx.database;
  app.addHook('preHandler', signIn('user'));

  app.get('/', async (request) => {
    return ok(await webhookOf(db, request.user.id, ctx.now()));
  });

  app.post('/', async (request) => {
    const input = valid(parseWebhookInput(jsonObjectBody(request)));
    return ok(await saveWebhook(db, ctx.secretBox, request.user.id, input, allow, ctx.now()));
  });

  app.get('/deliveries', async (request) => {
    const page = valid(parseDeliveryListQuery(request.query));
    return ok(await listDeliveries(db, request.user.id, page));
  });

  app.post('/resend', async (request) => {
    const id = valid(parseDeliveryId(jsonObjectBody(request)));
    const answer = await resendDelivery(db, request.user.id, id, ctx.now());
    app.webhooks.kick();
    return ok(answer);
  });

  // These read no body.
  await app.register(async (scope) => {
    ignoreBodies(scope);
    scope.post('/test', async (request) => {
      return ok(await app.webhooks.ping(request.user.id));
    });
    scope.post('/secret/rotate', async (request) => {
      return ok(await rotateSecret(db, ctx.secretBox, request.user.id, ctx.now()));
    });
    scope.post('/delete', async (request) => {
      return ok(await deleteWebhook(db, request.user.id));
    });
  });
};

export const alertsPlugin = fp<AlertsOptions>(
  async (app, { ctx, allowHosts, resolve }) => {
    const allow = parseAllowList(allowHosts.join(','));
    await app.register(webhookWorkerPlugin, { ctx, allow, resolve });
    await app.register(alertRoutes, { prefix: '/api/alert', ctx });
    await app.register(webhookRoutes, { prefix: '/api/user/webhook', ctx, allow });
  },
  { name: 'alerts' },
);
