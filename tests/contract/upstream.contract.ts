import { ResponseCode } from '@agler/contract/constants';
import { UPSTREAM_SETTINGS_MESSAGES } from '@agler/contract/interfaceUpstream';
import type { ForwardSecretVO, UpstreamVO } from '@agler/contract/interfaceUpstream';
import { MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo } from '@agler/contract/types';
import { expectRefusal, expectSuccess } from './client';
import { API, createInterface, specSessions } from './interfaces';

/**
 * The publisher's settings of an interface's calls over HTTP: each of the three operations once as
 * it succeeds and once as it refuses, and `get`'s `upstream` for an admin only, every exchange
 * checked against config/openapi.json. The rules behind them are server/routes/interfaceUpstream.test.ts's.
 */

const UPSTREAM = {
  auth: '/api/interfaceInfo/upstreamAuth/set',
  limits: '/api/interfaceInfo/upstreamLimits/set',
  rotate: '/api/interfaceInfo/forwardSecret/rotate',
} as const;

const VALUE = 'contract-credential-value-0042';

const spec = specSessions();
let id: string;

beforeAll(async () => {
  id = await createInterface(spec.admin, { online: true });
  spec.created.push(id);
});

describe('the publisher’s side', () => {
  it('get: an interface never called nor set reads the defaults and no secret yet', async () => {
    const fresh = await createInterface(spec.admin);
    spec.created.push(fresh);
    expect(expectSuccess(await spec.admin.get<InterfaceInfo>(API.get, { id: fresh })).upstream).toEqual({
      credentials: [],
      timeoutMs: null,
      retries: 0,
      maxConnections: null,
      secretTime: null,
      previousUntil: null,
    });
  });

  it('upstreamAuth/set: answers names and last 4 characters, never the value; a bad name is refused by its field', async () => {
    const answer = await spec.admin.post<UpstreamVO>(UPSTREAM.auth, { id, headers: [{ name: 'x-api-key', value: VALUE }] });
    expect(expectSuccess(answer).credentials).toEqual([{ in: 'header', name: 'x-api-key', last4: '0042' }]);
    expect(answer.text).not.toContain(VALUE);
    expectRefusal(
      await spec.admin.post(UPSTREAM.auth, { id, headers: [{ name: 'Host', value: 'x' }] }),
      ResponseCode.PARAMS_ERROR,
      UPSTREAM_SETTINGS_MESSAGES.headerNameReserved('headers[0].name'),
    );
    expectRefusal(
      await spec.user.post(UPSTREAM.auth, { id, headers: [{ name: 'x-api-key', value: null }] }),
      ResponseCode.NO_AUTH,
      MESSAGES.noAuth,
    );
  });

  it('upstreamLimits/set: answers the limits; one out of range is refused by its field', async () => {
    const limits = expectSuccess(
      await spec.admin.post<UpstreamVO>(UPSTREAM.limits, { id, timeoutMs: 1000, retries: 1, maxConnections: 16 }),
    );
    expect(limits).toMatchObject({ timeoutMs: 1000, retries: 1, maxConnections: 16 });
    expectRefusal(
      await spec.admin.post(UPSTREAM.limits, { id, timeoutMs: null, retries: 3, maxConnections: null }),
      ResponseCode.PARAMS_ERROR,
      UPSTREAM_SETTINGS_MESSAGES.badRetries,
    );
    expectRefusal(
      await spec.admin.post(UPSTREAM.limits, { id, timeoutMs: 99, retries: 0, maxConnections: null }),
      ResponseCode.PARAMS_ERROR,
      /^参数 timeoutMs /,
    );
  });

  it('forwardSecret/rotate: answers the new secret once, with the grace of the one before', async () => {
    const rotated = expectSuccess(await spec.admin.post<ForwardSecretVO>(UPSTREAM.rotate, { id, graceSeconds: 3600 }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.upstream.previousUntil).toEqual(expect.any(String));
    expectRefusal(await spec.admin.post(UPSTREAM.rotate, { id, graceSeconds: 5 }), ResponseCode.PARAMS_ERROR, MESSAGES.badGrace);
    expectRefusal(
      await spec.admin.post(UPSTREAM.rotate, { id: '999999999999' }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );

    const asAdmin = await spec.admin.get<InterfaceInfo>(API.get, { id });
    expect(expectSuccess(asAdmin).upstream).toMatchObject({ credentials: [{ name: 'x-api-key', last4: '0042' }] });
    expect(asAdmin.text).not.toContain(rotated.secret);
    expect(asAdmin.text).not.toContain(VALUE);
    expect(expectSuccess(await spec.user.get<InterfaceInfo>(API.get, { id }))).not.toHaveProperty('upstream');
  });
});
