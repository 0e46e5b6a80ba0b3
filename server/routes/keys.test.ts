/**
 * @jest-environment node
 */
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { KeyVO } from '@agler/contract/keys';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, registerAs, setUpTestApp } from '../test/app';

/** The key list names the interfaces a key is limited to, from the key itself, deleted ones marked (to users, by id only). */

const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);
const nameOf = (id: string) => demo.find((row) => row.id === id)!.name;
const KEPT = interfaceIdOf(2);
const DELETED = interfaceIdOf(5);

const t = setUpTestApp({ login: { admin: ADMIN } });
let user: { cookie: string; id: string };

beforeAll(async () => {
  user = await registerAs(t.app, 'key_names');
});

const post = (url: string, payload: object, cookie: string) =>
  call(t.app, { method: 'POST', url, payload, cookie });
const listOf = async (cookie: string, query = '') =>
  (await call<KeyVO[]>(t.app, { url: `/api/user/key/list${query}`, cookie })).data;

describe('GET /api/user/key/list names the interfaces', () => {
  test('an interface deleted since is listed as a missing one is, by its id, in the key’s order; an admin reads its name', async () => {
    expect(
      (await post('/api/user/key/add', { name: '部分', interfaceIds: [DELETED, KEPT] }, user.cookie)).code,
    ).toBe(0);
    expect((await post('/api/interfaceInfo/delete', { id: DELETED }, t.cookie.admin)).code).toBe(0);
    const [limited] = await listOf(user.cookie);
    expect(limited.interfaceIds).toEqual([DELETED, KEPT]);
    expect(limited.interfaces).toEqual([
      { id: DELETED, name: DELETED, deleted: true },
      { id: KEPT, name: nameOf(KEPT), deleted: false },
    ]);
    expect((await listOf(t.cookie.admin, `?userId=${user.id}`))[0].interfaces).toEqual([
      { id: DELETED, name: nameOf(DELETED), deleted: true },
      { id: KEPT, name: nameOf(KEPT), deleted: false },
    ]);
  });
});
