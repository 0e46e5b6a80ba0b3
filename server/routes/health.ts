import type { FastifyPluginAsync } from 'fastify';
import { health } from '../domain/health';
import { ok } from '../envelope';
import type { AppContext } from './context';

/** /api/health: whether this process can reach its database (for load balancers and people). */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', async () => ok(await health(ctx.database.db)));
};
