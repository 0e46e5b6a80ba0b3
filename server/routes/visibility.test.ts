/**
 * @jest-environment node
 */
import { INTERFACE_STATUS } from '@agler/contract/constants';
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { KeyVO } from '@agler/contract/keys';
import type { QuotaRequestVO } from '@agler/contract/quotaRequests';
import type { InterfaceInfo, Page } from '@agler/contract/types';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, registerAs, setUpTestApp } from '../test/app';

/**
 * One rule of which interfaces a user may see (domain/interfaceInfo.ts
 * visibleInterface): to a user, an offline or deleted interface answers on
 * every surface that takes or names an interface id exactly as an id that
 * never existed; admins see every live one.
 */

const online = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id).filter(
  (row) => row.status === INTERFACE_STATUS.ONLINE,
);
const [SHOWN, OFFLINE, DELETED, DEPRECATED, LATER_OFFLINE] = online.map((row) => row.id);
const nameOf = (id: string) => online.find((row) => row.id === id)!.name;
const MISSING = interfaceIdOf(99_999);
const HIDDEN = { OFFLINE, DELETED, MISSING };

const t = setUpTestApp({ login: { admin: ADMIN } });
let user: string;
let userId: string;

const post = <T = unknown>(url: string, payload: object, cookie: string) =>
  call<T>(t.app, { method: 'POST', url, payload, cookie });
const get = <T = unknown>(url: string, cookie: string) => call<T>(t.app, { url, cookie });

beforeAll(async () => {
  ({ cookie: user, id: userId } = await registerAs(t.app, 'visibility'));
  for (const [url, id] of [
    ['/api/interfaceInfo/offline', OFFLINE],
    ['/api/interfaceInfo/delete', DELETED],
  ]) {
    const done = await post(url, { id }, t.cookie.admin);
    if (done.code !== 0) throw new Error(`${url}: ${done.message}`);
  }
});

/** The answers to `send` for each hidden id, which must all be the missing id's. */
async function answersFor(send: (id: string) => Promise<unknown>) {
  const answers: Record<string, unknown> = {};
  for (const [kind, id] of Object.entries(HIDDEN)) answers[kind] = await send(id);
  return answers;
}

describe('an interface a user may not see answers as a missing one', () => {
  test('POST /api/user/key/add refuses an offline id as it refuses a missing one', async () => {
    const answers = await answersFor((id) =>
      post('/api/user/key/add', { name: `k${id}`, interfaceIds: [SHOWN, id] }, user),
    );
    expect(answers.OFFLINE).toEqual(answers.MISSING);
    expect(answers.DELETED).toEqual(answers.MISSING);
    expect(answers.MISSING).toMatchObject({ code: 40000, data: null });
    expect((await get<KeyVO[]>('/api/user/key/list', user)).data).toEqual([]);
  });

  test('an admin may put an offline interface on a key', async () => {
    const key = { name: 'admin-offline', interfaceIds: [OFFLINE] };
    expect((await post('/api/user/key/add', key, t.cookie.admin)).code).toBe(0);
  });

  test('POST /api/quota/request refuses an offline id with the 40400 a missing one gets', async () => {
    const answers = await answersFor((id) =>
      post('/api/quota/request', { interfaceInfoId: id, amount: 10, reason: '需要' }, user),
    );
    expect(answers.OFFLINE).toEqual(answers.MISSING);
    expect(answers.DELETED).toEqual(answers.MISSING);
    expect(answers.MISSING).toMatchObject({ code: 40400, data: null });
    expect((await get<Page<QuotaRequestVO>>('/api/quota/request/list', user)).data.total).toBe(0);
  });

  test('an interface that goes offline later is no longer named by the key or the request that names it', async () => {
    expect(
      (await post('/api/user/key/add', { name: 'later', interfaceIds: [LATER_OFFLINE, SHOWN] }, user)).code,
    ).toBe(0);
    const asked = await post<QuotaRequestVO>(
      '/api/quota/request',
      { interfaceInfoId: LATER_OFFLINE, amount: 10, reason: '需要' },
      user,
    );
    expect(asked.data.interfaceName).toBe(nameOf(LATER_OFFLINE));
    expect((await post('/api/interfaceInfo/offline', { id: LATER_OFFLINE }, t.cookie.admin)).code).toBe(0);

    const [key] = (await get<KeyVO[]>('/api/user/key/list', user)).data;
    expect(key.interfaces).toEqual([
      { id: LATER_OFFLINE, name: LATER_OFFLINE, deleted: true },
      { id: SHOWN, name: nameOf(SHOWN), deleted: false },
    ]);
    const [request] = (await get<Page<QuotaRequestVO>>('/api/quota/request/list', user)).data.records;
    expect(request).toMatchObject({ interfaceInfoId: LATER_OFFLINE, interfaceName: null });

    // Admins keep seeing every live interface by name.
    const [adminKey] = (await get<KeyVO[]>(`/api/user/key/list?userId=${userId}`, t.cookie.admin)).data;
    expect(adminKey.interfaces![0]).toEqual({
      id: LATER_OFFLINE,
      name: nameOf(LATER_OFFLINE),
      deleted: false,
    });
    const pending = await get<Page<QuotaRequestVO>>('/api/quota/request/list?status=pending', t.cookie.admin);
    expect(pending.data.records.find((r) => r.id === asked.data.id)?.interfaceName).toBe(
      nameOf(LATER_OFFLINE),
    );
  });

  test('a deprecated interface names no replacement a user may not see', async () => {
    const deprecate = (replacementId: string) =>
      post('/api/interfaceInfo/update', { id: DEPRECATED, deprecated: true, replacementId }, t.cookie.admin);
    const replacementOf = async (cookie: string) => ({
      one: (await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${DEPRECATED}`, cookie)).data.replacementId,
      listed: (
        await get<Page<InterfaceInfo>>(
          `/api/interfaceInfo/list/page?name=${encodeURIComponent(nameOf(DEPRECATED))}`,
          cookie,
        )
      ).data.records.find((row) => row.id === DEPRECATED)?.replacementId,
    });

    expect((await deprecate(OFFLINE)).code).toBe(0);
    expect(await replacementOf(user)).toEqual({ one: null, listed: null });
    expect(await replacementOf(t.cookie.admin)).toEqual({ one: OFFLINE, listed: OFFLINE });

    expect((await deprecate(SHOWN)).code).toBe(0);
    expect(await replacementOf(user)).toEqual({ one: SHOWN, listed: SHOWN });
  });
});
