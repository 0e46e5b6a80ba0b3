import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/connect';
import { pendingDeliveryCount } from '../domain/webhooks';

/**
 * `GET /metrics`: the process's figures in Prometheus's text format, for an
 * operator's scraper. Each app has a registry of its own (tests build many
 * apps in one process); Node's own figures (event-loop delay, memory, GC)
 * are the process's, kept in one registry beside them.
 *
 * Open to requests whose socket comes from this machine (the address the
 * connection came from, never a header a client can write); from elsewhere
 * only with METRICS_TOKEN as a bearer token, and without that setting the
 * path does not exist for them (404).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics: routes add theirs to `registry`. */
    metrics: { registry: Registry };
  }
}

export const METRICS_PATH = '/metrics';

export type MetricsOptions = {
  database: Database;
  /** METRICS_TOKEN: the bearer token that opens /metrics to other machines. */
  token?: string;
};

/** Latency buckets in seconds: the API's answers take milliseconds, a slow interface seconds. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: the raw URL would give a series per path a client invents. */
const UNMATCHED = 'unmatched';

let processRegistry: Registry | undefined;

/** Node's own figures, once per process: each app adding them again would start another event-loop monitor. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Whether `address` (a socket's remote address) is this machine: 127.0.0.0/8, ::1 or ::ffff:127.x.x.x. */
export function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (digests have one length). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

export const metricsPlugin = fp<MetricsOptions>(
  async (app, { database, token }) => {
    const registry = new Registry();
    const processRegistry = processMetrics();
    app.decorate('metrics', { registry });

    const requestDuration = new Histogram({
      name: 'agler_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern and status class.',
      labelNames: ['route', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      requestDuration.observe(
        {
          route: request.routeOptions.url ?? UNMATCHED,
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    // Read when scraped: nothing on the requests' path.
    const poolGauge = (name: string, help: string, of: 'total' | 'idle' | 'waiting') =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(database.poolUse()[of]);
        },
      });
    poolGauge('agler_db_pool_connections', 'Database connections open (PGlite: 1).', 'total');
    poolGauge('agler_db_pool_idle', 'Open database connections with nothing to do.', 'idle');
    poolGauge('agler_db_pool_waiting', 'Queries waiting for a database connection.', 'waiting');
    new Gauge({
      name: 'agler_webhook_deliveries_pending',
      help: 'Webhook deliveries not yet delivered or given up (the whole database, the same from every process).',
      registers: [registry],
      async collect() {
        try {
          this.set(await pendingDeliveryCount(database.db));
        } catch (error) {
          // The other figures still answer; NaN says this one is unknown rather than zero.
          app.log.warn({ err: error }, 'counting pending webhook deliveries failed');
          this.set(Number.NaN);
        }
      },
    });

    const mayRead = (request: FastifyRequest) =>
      isLoopback(request.socket.remoteAddress) ||
      (token !== undefined && bearerMatches(request.headers.authorization, token));

    app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
      if (!mayRead(request)) {
        if (token === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain; charset=utf-8')
          .send('Unauthorized');
      }
      const text = (await processRegistry.metrics()) + (await registry.metrics());
      return reply.header('cache-control', 'no-store').type(Registry.PROMETHEUS_CONTENT_TYPE).send(text);
    });
  },
  { name: 'agler-metrics', fastify: '5.x' },
);
