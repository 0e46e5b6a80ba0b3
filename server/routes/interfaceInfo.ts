import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import type { Id } from '@agler/contract/ids';
import { parseInterfaceChange, parseNewInterface } from '@agler/contract/interfaceInput';
import { parseCredentialsChange, parseSecretRotation, parseUpstreamLimits } from '@agler/contract/interfaceUpstream';
import { MESSAGES } from '@agler/contract/messages';
import { parseIdParam, parseListQuery } from '@agler/contract/queries';
import { announce } from '../cache/changes';
import { alertInterfaceCallers } from '../domain/alerts';
import { add, getOne, listPage, remove, setStatus, update } from '../domain/interfaceInfo';
import { rotateSecret, setCredentials, setLimits, upstreamOf } from '../domain/upstream';
import { isAdmin, requireUser } from '../domain/user';
import { ok } from '../envelope';
import { historyOf } from '../invoke/callLog';
import { callerOf } from '../invoke/caller';
import { jsonObjectBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import type { AppContext } from './context';
import { valid } from './input';

/** /api/interfaceInfo: the catalogue (logged in), its administration (admins) and its calls. */
export const interfaceInfoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  /** After a write that succeeded: the gateway's caches drop the interface. */
  const interfaceChanged = (id: Id) => announce(db, { kind: 'interface', interfaceId: id });
  /** The id a write's body names. */
  const bodyId = (request: FastifyRequest) => valid(parseIdParam(jsonObjectBody(request), 'id'));

  await app.register(async (users) => {
    users.addHook('preHandler', signIn('user'));
    users.get('/list/page', async (request) => {
      return ok(await listPage(db, valid(parseListQuery(request.query)), request.user));
    });

    users.get('/get', async (request) => {
      const { user } = request;
      const info = await getOne(db, valid(parseIdParam(request.query, 'id')), user);
      if (!isAdmin(user)) return ok(info);
      return ok({ ...info, upstream: await upstreamOf(db, info.id, ctx.now()) });
    });

    users.get('/invoke/history', async (request) => {
      const { user } = request;
      const row = await getOne(db, valid(parseIdParam(request.query, 'id')), user);
      // Calls still waiting in the recorder are written first: the one just made is listed.
      await ctx.callLog.flush();
      return ok(await historyOf(db, user.id, row.id));
    });
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', signIn('admin'));
    admins.post('/add', async (request) => {
      const input = valid(parseNewInterface(jsonObjectBody(request)));
      const id = await add(db, input, request.user, ctx.now());
      await interfaceChanged(id);
      return ok(id);
    });

    admins.post('/update', async (request) => {
      const change = valid(parseInterfaceChange(jsonObjectBody(request)));
      const done = await update(db, change, ctx.now(), ctx.callLog);
      await interfaceChanged(change.id);
      return ok(done);
    });

    admins.post('/delete', async (request) => {
      const id = bodyId(request);
      const done = await remove(db, id, ctx.now());
      await interfaceChanged(id);
      return ok(done);
    });

    admins.post('/online', async (request) => {
      const id = bodyId(request);
      const done = await setStatus(db, id, INTERFACE_STATUS.ONLINE);
      await interfaceChanged(id);
      return ok(done);
    });

    admins.post('/offline', async (request) => {
      const id = bodyId(request);
      const done = await setStatus(db, id, INTERFACE_STATUS.OFFLINE);
      await interfaceChanged(id);
      // Who called it in the last 30 days is told (the bell, and their webhook).
      await alertInterfaceCallers(db, id, 'interface_offline', ctx.now(), ctx.callLog);
      return ok(done);
    });

    // How the platform calls the interface's server (docs/server.md, "The publisher's side").
    admins.post('/upstreamAuth/set', async (request) => {
      const change = valid(parseCredentialsChange(jsonObjectBody(request)));
      const upstream = await setCredentials(db, ctx.secretBox, change, ctx.now());
      await interfaceChanged(change.id);
      return ok(upstream);
    });

    admins.post('/upstreamLimits/set', async (request) => {
      const { id, limits } = valid(parseUpstreamLimits(jsonObjectBody(request), ctx.invokeTimeoutMs));
      const upstream = await setLimits(db, ctx.secretBox, id, limits, ctx.now());
      await interfaceChanged(id);
      return ok(upstream);
    });

    admins.post('/forwardSecret/rotate', async (request) => {
      const { id, graceSeconds } = valid(parseSecretRotation(jsonObjectBody(request)));
      const rotated = await rotateSecret(db, ctx.secretBox, id, graceSeconds, ctx.now());
      await interfaceChanged(id);
      return ok(rotated);
    });
  });

  // The caller's session is read in the statement that finds the interface (callerOf), so this route checks it itself.
  app.post('/invoke', async (request, reply) => {
    const body = jsonObjectBody(request);
    const caller = await callerOf(db, request.sessionToken(), ctx.now(), body.id);
    const { data, call, headers } = await ctx.invoker.invoke(
      body,
      requireUser(caller.user),
      caller.row,
      caller.limits,
    );
    // The interface's JSON goes out as it came, so its numbers stay exact.
    return reply
      .headers(headers)
      .type('application/json; charset=utf-8')
      .send(
        `{"code":${ResponseCode.SUCCESS},"data":${data},"message":${JSON.stringify(MESSAGES.ok)},"call":${JSON.stringify(call)}}`,
      );
  });
};
