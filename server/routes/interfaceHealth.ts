import type { FastifyPluginAsync } from 'fastify';
import { createHealthCache } from '../domain/interfaceHealth';
import { ok } from '../envelope';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';

/** /api/interfaceInfo/health: each interface's last day of calls, for the catalogue (logged in). */
export const interfaceHealthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const health = createHealthCache({ db: ctx.database.db, now: ctx.now, flush: () => ctx.callLog.flush() });
  app.addHook('preHandler', signIn('user'));
  app.get('/', async (request) => ok(await health.read(request.user)));
};
