import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { WEBHOOK_TIMEOUT_S } from '@agler/contract/alerts';
import { listAlerts, markAllRead, markRead, unreadCount } from '../domain/alerts';
import {
  createWebhookWorker,
  deleteWebhook,
  listDeliveries,
  resendDelivery,
  rotateSecret,
  saveWebhook,
  webhookOf,
} from '../domain/webhooks';
import type { WebhookWorker } from '../domain/webhooks';
import { ok } from '../envelope';
import { ignoreBodies, jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import { parseAllowList } from '../upstream/addressPolicy';
import type { AllowList } from '../upstream/addressPolicy';
import { createUpstreamClient } from '../upstream/client';
import type { Resolve } from '../upstream/client';
import type { AppContext } from './context';

/**
 * /api/alert (the bell) and /api/user/webhook (its deliveries), and the
 * webhook worker, which starts when the app is ready and stops when it closes.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook queue's worker (tests run it with runDue() after moving the clock). */
    webhooks: WebhookWorker;
  }
}

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
    // listAlerts reads the query with the contract's parseAlertListQuery.
    return ok(await listAlerts(db, request.user.id, request.query));
  });

  app.post('/read', async (request) => {
    const body = jsonObjectBody(request);
    return ok(await markRead(db, request.user.id, body, ctx.now()));
  });

  await app.register(async (scope) => {
    ignoreBodies(scope);
    scope.post('/read/all', async (request) => {
      return ok(await markAllRead(db, request.user.id, ctx.now()));
    });
  });
};

const webhookRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  allow: AllowList;
  worker: WebhookWorker;
}> = async (app, { ctx, allow, worker }) => {
  const { db } = ctx.database;
  app.addHook('preHandler', signIn('user'));

  app.get('/', async (request) => {
    return ok(await webhookOf(db, request.user.id, ctx.now()));
  });

  app.post('/', async (request) => {
    const body = jsonObjectBody(request);
    return ok(await saveWebhook(db, ctx.secretBox, request.user.id, body, allow, ctx.now()));
  });

  app.get('/deliveries', async (request) => {
    return ok(await listDeliveries(db, request.user.id, request.query));
  });

  app.post('/resend', async (request) => {
    const body = jsonObjectBody(request);
    const answer = await resendDelivery(db, request.user.id, body, ctx.now());
    worker.kick();
    return ok(answer);
  });

  // These read no body.
  await app.register(async (scope) => {
    ignoreBodies(scope);
    scope.post('/test', async (request) => {
      return ok(await worker.ping(request.user.id));
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
    // A client of its own: a slow receiver holds none of the connections that interfaces' calls use.
    const client = createUpstreamClient({
      timeoutMs: WEBHOOK_TIMEOUT_S * 1000,
      allow,
      resolve,
      connections: 8,
    });
    const worker = createWebhookWorker({
      db: ctx.database.db,
      box: ctx.secretBox,
      client,
      now: ctx.now,
      onError: (error) => app.log.error({ err: error }, 'webhook delivery failed'),
    });
    app.decorate('webhooks', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      await client.close();
    });
    await app.register(alertRoutes, { prefix: '/api/alert', ctx });
    await app.register(webhookRoutes, { prefix: '/api/user/webhook', ctx, allow, worker });
  },
  { name: 'alerts' },
);
