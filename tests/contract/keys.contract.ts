import { KEY_LIMITS, ResponseCode } from '@agler/contract/constants';
import type { KeyAuditVO, KeyVO } from '@agler/contract/keys';
import { MESSAGES } from '@agler/contract/messages';
import type { AccessKeyVO, InterfaceInfo, KeyPairVO } from '@agler/contract/types';
import { Client, expectRefusal, expectSuccess, loggedIn, registeredUser } from './client';
import { callSigned, demoInterface } from './interfaces';

/**
 * Several keys per user: list, add, rotate, revoke and the audit trail, their
 * checks, a user trying another's keys, and the gateway honouring each key's
 * rules. On users of its own, registered here, so the limits it reaches are
 * its own.
 */

const KEYS = {
  list: '/api/user/key/list',
  add: '/api/user/key/add',
  rotate: '/api/user/key/rotate',
  revoke: '/api/user/key/revoke',
  audit: '/api/user/key/audit',
} as const;

type NewPair = KeyPairVO & { id: string };

let owner: Client;
let ownerId: string;
let other: Client;
let admin: Client;
let echo: InterfaceInfo;


beforeAll(async () => {
  ({ client: owner, id: ownerId } = await registeredUser('keys'));
  ({ client: other } = await registeredUser('keys_other'));
  admin = await loggedIn('admin');
  echo = await demoInterface(owner, 'Echo');
});

describe('the key endpoints', () => {
  let first: NewPair;

  it('adds named keys, each secret answered once, and lists them without secrets', async () => {
    first = expectSuccess(await owner.post<NewPair>(KEYS.add, { name: '生产' }));
    expect(first.accessKey).toMatch(/^ak_/);
    expect(first.secretKey).toMatch(/^sk_/);
    const year = new Date().getFullYear() + 1;
    const limited = expectSuccess(
      await owner.post<NewPair>(KEYS.add, {
        name: '测试',
        expiresAt: `${year}-12-31`,
        interfaceIds: [echo.id],
      }),
    );
    const listed = expectSuccess(await owner.get<KeyVO[]>(KEYS.list));
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      id: first.id,
      name: '生产',
      accessKey: first.accessKey,
      secretKeyTail: first.secretKey.slice(-4),
      expiresAt: null,
      interfaceIds: null,
      interfaces: null,
      graceUntil: null,
      status: 'active',
    });
    // A limited key names its interfaces itself, whatever page of the catalogue they are on.
    expect(listed[1]).toMatchObject({
      id: limited.id,
      interfaceIds: [echo.id],
      interfaces: [{ id: echo.id, name: echo.name, deleted: false }],
      status: 'active',
    });
    expect(listed[1].expiresAt).toBe(`${year + 1}-01-01 00:00:00`);
    expect(JSON.stringify(listed)).not.toContain(first.secretKey);
    // The first key is the one the single-key endpoint answers.
    expect(expectSuccess(await owner.get<AccessKeyVO>('/api/user/key'))).toEqual({
      accessKey: first.accessKey,
      secretKeyTail: first.secretKey.slice(-4),
    });
  });

  it('refuses bad input with clear messages', async () => {
    const cases: [string, unknown, string][] = [
      [KEYS.add, {}, MESSAGES.keyNameRequired],
      [KEYS.add, { name: 'x'.repeat(KEY_LIMITS.nameMax + 1) }, MESSAGES.keyNameTooLong],
      [KEYS.add, { name: 7 }, MESSAGES.keyNameInvalid],
      [KEYS.add, { name: '生产' }, MESSAGES.keyNameTaken],
      [KEYS.add, { name: 'n', expiresAt: '2020-01-01' }, MESSAGES.keyExpiryPast],
      [KEYS.add, { name: 'n', expiresAt: '31/12/2099' }, MESSAGES.keyExpiryInvalid],
      [KEYS.add, { name: 'n', expiresAt: '2030-01-01 25:00:00' }, MESSAGES.keyExpiryInvalid],
      [KEYS.add, { name: 'n', expiresAt: '2030-01-01T10:00:00Z' }, MESSAGES.keyExpiryInvalid],
      [KEYS.add, { name: 'n', expiresAt: '9999-12-31' }, MESSAGES.keyExpiryTooFar],
      [KEYS.add, { name: 'n', interfaceIds: [-1] }, MESSAGES.keyInterfacesInvalid],
      [KEYS.add, { name: 'n', interfaceIds: ['9000000000000000001'] }, MESSAGES.keyInterfaceNotFound],
      [KEYS.rotate, { id: 'abc', graceSeconds: 0 }, MESSAGES.badId],
      [KEYS.rotate, { id: '1', graceSeconds: 7200 }, MESSAGES.badGrace],
      [KEYS.rotate, { id: '1' }, MESSAGES.badGrace],
      [KEYS.revoke, {}, MESSAGES.badId],
    ];
    for (const [path, body, message] of cases) {
      expectRefusal(await owner.post(path, body), ResponseCode.PARAMS_ERROR, message);
    }
    expectRefusal(
      await owner.get(KEYS.list, { userId: 'x' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.userIdInvalid,
    );
    expectRefusal(await new Client().get(KEYS.list), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expectRefusal(
      await new Client().post(KEYS.add, { name: 'n' }),
      ResponseCode.NOT_LOGIN,
      MESSAGES.notLogin,
    );
  });

  it("answers 40400 for another user's key, as for one that does not exist, and shows others' keys only to admins", async () => {
    for (const [path, body] of [
      [KEYS.rotate, { id: first.id, graceSeconds: 0 }],
      [KEYS.revoke, { id: first.id }],
      [KEYS.revoke, { id: '9000000000000000001' }],
    ] as const) {
      expectRefusal(await other.post(path, body), ResponseCode.NOT_FOUND, MESSAGES.keyNotFound);
    }
    expectRefusal(await other.get(KEYS.list, { userId: ownerId }), ResponseCode.NO_AUTH, MESSAGES.noAuth);
    expectRefusal(await other.get(KEYS.audit, { userId: ownerId }), ResponseCode.NO_AUTH, MESSAGES.noAuth);
    expect(expectSuccess(await other.get<KeyVO[]>(KEYS.list))).toEqual([]);
    expect((await callSigned(echo, first)).status).toBe(200);

    const seen = expectSuccess(await admin.get<KeyVO[]>(KEYS.list, { userId: ownerId }));
    expect(seen.map((key) => key.name)).toEqual(['生产', '测试']);
    expect(seen[1].interfaces).toEqual([{ id: echo.id, name: echo.name, deleted: false }]);
    expect(
      expectSuccess(await admin.get<KeyAuditVO[]>(KEYS.audit, { userId: ownerId })).length,
    ).toBeGreaterThan(0);
  });

  it('rotates with a grace: the access key stays, the old secret signs until the grace ends', async () => {
    const rotated = expectSuccess(
      await owner.post<NewPair>(KEYS.rotate, { id: first.id, graceSeconds: 3600 }),
    );
    expect(rotated).toMatchObject({ id: first.id, accessKey: first.accessKey });
    expect(rotated.secretKey).not.toBe(first.secretKey);
    expect((await callSigned(echo, rotated)).status).toBe(200);
    expect((await callSigned(echo, first)).status).toBe(200);
    const [listed] = expectSuccess(await owner.get<KeyVO[]>(KEYS.list));
    expect(listed.graceUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const again = expectSuccess(await owner.post<NewPair>(KEYS.rotate, { id: first.id, graceSeconds: 0 }));
    expect(await callSigned(echo, rotated)).toEqual({ status: 401, message: MESSAGES.badSignature });
    expect((await callSigned(echo, again)).status).toBe(200);
    first = again;
  });

  it('refuses an interface not on the key’s list with 403 and its own message', async () => {
    const onlyOther = expectSuccess(
      await owner.post<NewPair>(KEYS.add, {
        name: '别的接口',
        interfaceIds: [(await demoInterface(owner, '天气查询')).id],
      }),
    );
    expect(await callSigned(echo, onlyOther)).toEqual({ status: 403, message: MESSAGES.keyInterfaceDenied });
  });

  it('revokes at once, and the audit trail holds every change with its address', async () => {
    expectSuccess(await owner.post(KEYS.revoke, { id: first.id }));
    expect(await callSigned(echo, first)).toEqual({ status: 401, message: MESSAGES.unknownAccessKey });
    expectRefusal(
      await owner.post(KEYS.rotate, { id: first.id, graceSeconds: 0 }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.keyRevoked,
    );

    const trail = expectSuccess(await owner.get<KeyAuditVO[]>(KEYS.audit));
    expect(trail.map((entry) => entry.action)).toEqual(['revoke', 'add', 'rotate', 'rotate', 'add', 'add']);
    expect(trail[0]).toMatchObject({ keyId: first.id, keyName: '生产', accessKey: first.accessKey });
    expect(trail.every((entry) => entry.ip.length > 0)).toBe(true);
    expect(trail[3].graceSeconds).toBe(3600);
  });

  it(`allows at most ${KEY_LIMITS.perUser} live keys`, async () => {
    const live = expectSuccess(await owner.get<KeyVO[]>(KEYS.list)).filter((key) => key.status !== 'revoked');
    for (let i = live.length; i < KEY_LIMITS.perUser; i += 1) {
      expectSuccess(await owner.post(KEYS.add, { name: `批量 ${i}` }));
    }
    expectRefusal(
      await owner.post(KEYS.add, { name: '多一个' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.keyLimit,
    );
  });
});
