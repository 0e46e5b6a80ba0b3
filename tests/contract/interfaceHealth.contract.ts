import { ResponseCode } from '@agler/contract/constants';
import { HEALTH_STATES, healthStateOf } from '@agler/contract/interfaceHealth';
import type { HealthMap } from '@agler/contract/interfaceHealth';
import { MESSAGES } from '@agler/contract/messages';
import type { Page } from '@agler/contract/types';
import type { Client } from './client';
import { Client as Visitor, expectRefusal, expectSuccess } from './client';
import { API, createInterface, specSessions } from './interfaces';

/** Each interface's health over the last day (`GET /api/interfaceInfo/health`), for the interfaces the caller may see. */

const spec = specSessions();
const HEALTH = '/api/interfaceInfo/health';

const healthOf = async (client: Client) => expectSuccess(await client.get<HealthMap>(HEALTH));
const catalogueTotal = async (client: Client) =>
  expectSuccess(await client.get<Page<unknown>>(API.list, { pageSize: 1 })).total;

it('needs a session', async () => {
  expectRefusal(await new Visitor().get(HEALTH), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
});

it('answers, by id, every interface of the catalogue, each with figures that make its state', async () => {
  for (const client of [spec.user, spec.admin]) {
    const map = await healthOf(client);
    expect(Object.keys(map)).toHaveLength(await catalogueTotal(client));
    for (const entry of Object.values(map)) {
      expect(HEALTH_STATES).toContain(entry.state);
      expect(entry.state).toBe(healthStateOf(entry.calls, entry.successRate, entry.p95));
      expect(entry.p50).toBeLessThanOrEqual(entry.p95);
    }
  }
  // The demo history's recent calls.
  expect(Object.values(await healthOf(spec.user)).some((entry) => entry.calls > 0)).toBe(true);
});

it('answers an offline interface to admins only, and a new one without calls as unknown', async () => {
  const offline = await createInterface(spec.admin);
  const online = await createInterface(spec.admin, { online: true });
  spec.created.push(offline, online);
  const [admin, user] = [await healthOf(spec.admin), await healthOf(spec.user)];
  const unknown = { calls: 0, successRate: 0, p50: 0, p95: 0, state: 'unknown' };
  expect(admin[offline]).toEqual(unknown);
  expect(user).not.toHaveProperty(offline);
  expect(user[online]).toEqual(unknown);
});
