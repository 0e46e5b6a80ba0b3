import { DEFAULT_QUOTA, QUOTA_MAX } from '@agler/contract/constants';
import { ADMIN_ID, interfaceIdOf, USER_ID } from '@agler/contract/demo/accounts';
import { MESSAGES } from '@agler/contract/messages';
import { register, userIdOf } from './accounts';
import { invoke } from './interfaceReads';
import { deleteInterface } from './interfaceWrites';
import { listUserQuotas, updateQuota, usageOf } from './quotas';
import { quotaKey, resetStore, sharedStore } from './store';

const mockRunService = jest.fn();
jest.mock('@agler/contract/demo/services', () => {
  const actual = jest.requireActual('@agler/contract/demo/services');
  return { ...actual, runService: (...args: unknown[]) => mockRunService(...args) };
});

const NOW = Date.UTC(2026, 5, 1);
const byId = (id: string) => sharedStore().users.find((u) => u.id === id)!;
const byName = (name: string) => sharedStore().interfaces.find((r) => r.name === name)!;
/** An ordinary user with no call history (the demo accounts have a seeded one). */
function freshUser() {
  const { envelope } = register(
    { userAccount: 'alice', userPassword: 'password-1', checkPassword: 'password-1' },
    undefined,
    NOW,
  );
  return byId(envelope.data!);
}
const callsOf = (userId: string, interfaceInfoId: string) =>
  sharedStore().calls.filter((c) => c.userId === userId && c.interfaceInfoId === interfaceInfoId).length;

beforeEach(() => {
  const { runService } = jest.requireActual('@agler/contract/demo/services');
  mockRunService.mockReset().mockImplementation(runService);
  resetStore({ interfaceCount: 40, now: NOW });
});

describe('invoke and quotas', () => {
  it("takes a unit of a user's quota per call, making the quota on the first call", () => {
    const alice = freshUser();
    const echo = byName('Echo');
    expect(usageOf(alice.id)).toEqual([]);
    expect(invoke({ id: echo.id, userRequestParams: '{}' }, alice, NOW).envelope.code).toBe(0);
    expect(invoke({ id: echo.id, userRequestParams: '{}' }, alice, NOW).envelope.code).toBe(0);
    expect(usageOf(alice.id)).toEqual([
      {
        interfaceInfoId: echo.id,
        name: echo.name,
        method: echo.method,
        status: echo.status,
        calls: 2,
        leftNum: DEFAULT_QUOTA - 2,
        totalNum: DEFAULT_QUOTA,
      },
    ]);
  });

  it('refuses with 42900 when none is left, before the call, and does not count it', () => {
    const alice = freshUser();
    const echo = byName('Echo');
    updateQuota({ userId: alice.id, interfaceInfoId: echo.id, leftNum: 1 });
    expect(invoke({ id: echo.id }, alice, NOW).envelope.code).toBe(0);
    const refused = invoke({ id: echo.id }, alice, NOW);
    expect(refused).toEqual({
      envelope: { code: 42900, data: null, message: MESSAGES.quotaExhausted },
      latency: 0,
    });
    expect(callsOf(alice.id, echo.id)).toBe(1);
    expect(usageOf(alice.id)[0]).toMatchObject({ calls: 1, leftNum: 0, totalNum: 1 });
  });

  it('takes a unit for a call the interface refuses (it reached it), none for one refused before', () => {
    const alice = freshUser();
    const weather = byName('天气查询');
    expect(invoke({ id: weather.id, userRequestParams: '{}' }, alice, NOW).envelope.code).toBe(50200);
    expect(invoke({ id: weather.id, userRequestParams: '{not json' }, alice, NOW).envelope.code).toBe(40000);
    expect(usageOf(alice.id)[0]).toMatchObject({ calls: 1, leftNum: DEFAULT_QUOTA - 1 });
  });

  it('never limits an admin, and makes no quota for one', () => {
    const admin = byId(ADMIN_ID);
    const echo = byName('Echo');
    updateQuota({ userId: ADMIN_ID, interfaceInfoId: echo.id, leftNum: 0 });
    const before = callsOf(ADMIN_ID, echo.id);
    expect(invoke({ id: echo.id }, admin, NOW).envelope.code).toBe(0);
    expect(callsOf(ADMIN_ID, echo.id)).toBe(before + 1);
    expect(usageOf(ADMIN_ID).find((r) => r.interfaceInfoId === echo.id)).toMatchObject({
      leftNum: 0,
      totalNum: 0,
    });
    expect(sharedStore().quotas.size).toBe(1);
  });

  it('gives the unit back, and counts nothing, when the service fails outright', () => {
    const alice = freshUser();
    const echo = byName('Echo');
    const before = sharedStore().calls.length;
    mockRunService.mockImplementationOnce(() => {
      throw new Error('service broke');
    });
    expect(() => invoke({ id: echo.id, userRequestParams: '{}' }, alice, NOW)).toThrow('service broke');
    expect(sharedStore().quotas.get(quotaKey(alice.id, echo.id))).toEqual({
      leftNum: DEFAULT_QUOTA,
      totalNum: DEFAULT_QUOTA,
    });
    expect(sharedStore().calls.length).toBe(before);
  });
});

describe('usage', () => {
  it("lists the seeded user's calls, most called first, then by id, with the default quota", () => {
    const rows = usageOf(USER_ID);
    expect(rows.length).toBeGreaterThan(1);
    for (let i = 1; i < rows.length; i += 1) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(
        a.calls > b.calls || (a.calls === b.calls && BigInt(a.interfaceInfoId) < BigInt(b.interfaceInfoId)),
      ).toBe(true);
    }
    for (const row of rows) {
      expect(row.calls).toBe(callsOf(USER_ID, row.interfaceInfoId));
      expect(row).toMatchObject({ leftNum: DEFAULT_QUOTA, totalNum: DEFAULT_QUOTA });
    }
  });

  it('leaves out deleted interfaces, keeps offline ones, and lists a quota without calls', () => {
    const alice = freshUser();
    const echo = byName('Echo');
    const old = sharedStore().interfaces.find((r) => r.status === 0)!;
    invoke({ id: echo.id }, alice, NOW);
    updateQuota({ userId: alice.id, interfaceInfoId: old.id, leftNum: 5 });
    expect(
      usageOf(alice.id).map((r) => [r.interfaceInfoId, r.status, r.calls, r.leftNum, r.totalNum]),
    ).toEqual([
      [echo.id, 1, 1, DEFAULT_QUOTA - 1, DEFAULT_QUOTA],
      [old.id, 0, 0, 5, 5],
    ]);
    deleteInterface({ id: echo.id });
    expect(usageOf(alice.id).map((r) => r.interfaceInfoId)).toEqual([old.id]);
  });
});

describe('userInterfaceInfo (admins)', () => {
  it("lists a user's rows as the user sees them, or refuses the id", () => {
    expect(listUserQuotas({ userId: USER_ID })).toEqual({ code: 0, data: usageOf(USER_ID), message: 'ok' });
    expect(listUserQuotas({ userId: 'x' })).toEqual({ code: 40000, data: null, message: MESSAGES.badId });
    expect(listUserQuotas({})).toMatchObject({ code: 40000, message: MESSAGES.badId });
    expect(listUserQuotas({ userId: userIdOf(99) })).toEqual({
      code: 40400,
      data: null,
      message: MESSAGES.userNotFound,
    });
  });

  it('sets what is left, keeping what was used in the total', () => {
    const alice = freshUser();
    const echo = byName('Echo');
    for (let i = 0; i < 3; i += 1) invoke({ id: echo.id }, alice, NOW);
    expect(updateQuota({ userId: alice.id, interfaceInfoId: echo.id, leftNum: 10 })).toEqual({
      code: 0,
      data: true,
      message: 'ok',
    });
    expect(usageOf(alice.id)[0]).toMatchObject({ calls: 3, leftNum: 10, totalNum: 13 });
    expect(updateQuota({ userId: alice.id, interfaceInfoId: echo.id, leftNum: 0 }).code).toBe(0);
    expect(usageOf(alice.id)[0]).toMatchObject({ leftNum: 0, totalNum: 3 });
  });

  it('makes a new quota with the total equal to what is left', () => {
    const alice = freshUser();
    const echo = byName('Echo');
    updateQuota({ userId: alice.id, interfaceInfoId: echo.id, leftNum: QUOTA_MAX });
    expect(usageOf(alice.id)[0]).toMatchObject({ calls: 0, leftNum: QUOTA_MAX, totalNum: QUOTA_MAX });
  });

  it('refuses a bad leftNum, then an unknown user, then an unknown interface', () => {
    const echo = byName('Echo');
    const refusal = (body: Record<string, unknown>) => {
      const { code, message } = updateQuota(body);
      return { code, message };
    };
    for (const leftNum of [-1, 1.5, QUOTA_MAX + 1, '5', null, undefined]) {
      expect(refusal({ userId: 'x', interfaceInfoId: echo.id, leftNum })).toEqual({
        code: 40000,
        message: MESSAGES.badLeftNum,
      });
    }
    expect(refusal({ userId: 'x', interfaceInfoId: echo.id, leftNum: 1 })).toEqual({
      code: 40000,
      message: MESSAGES.badId,
    });
    expect(refusal({ userId: userIdOf(99), interfaceInfoId: 'x', leftNum: 1 })).toEqual({
      code: 40400,
      message: MESSAGES.userNotFound,
    });
    expect(refusal({ userId: USER_ID, interfaceInfoId: 'x', leftNum: 1 })).toEqual({
      code: 40000,
      message: MESSAGES.badId,
    });
    expect(refusal({ userId: USER_ID, interfaceInfoId: interfaceIdOf(777), leftNum: 1 })).toEqual({
      code: 40400,
      message: MESSAGES.interfaceNotFound,
    });
    expect(sharedStore().quotas.size).toBe(0);
  });
});
