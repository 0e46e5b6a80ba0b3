import fp from 'fastify-plugin';
import { WEBHOOK_TIMEOUT_S } from '@agler/contract/alerts';
import type { AppContext } from '../routes/context';
import type { AllowList } from '../upstream/addressPolicy';
import { createUpstreamClient } from '../upstream/client';
import type { Resolve } from '../upstream/client';
import { createWebhookWorker } from './worker';
import type { WebhookWorker } from './worker';

/** The webhook worker of the app: it starts polling when the app is ready and stops when it closes. */

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook queue's worker (tests run it with runDue() after moving the clock). */
    webhooks: WebhookWorker;
  }
}

export type WebhookWorkerPluginOptions = {
  ctx: AppContext;
  /** Hosts a webhook may use plain http for, and whose internal addresses are let through. */
  allow: AllowList;
  /** Name resolution of deliveries; tests pass a stub so that nothing leaves the machine. */
  resolve?: Resolve;
};

export const webhookWorkerPlugin = fp<WebhookWorkerPluginOptions>(
  async (app, { ctx, allow, resolve }) => {
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
  },
  { name: 'webhookWorker' },
);
