import { emptyStatusClasses } from '@agler/contract/callers';
import { ResponseCode } from '@agler/contract/constants';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { MESSAGES } from '@agler/contract/messages';
import type { InterfaceCallers, InterfaceInfo, LoginUserVO, Page } from '@agler/contract/types';
import type { Client } from './client';
import { Client as Visitor, demoAccount, expectRefusal, expectSuccess, loggedIn } from './client';
import { API, createInterface, getOverview, removeInterfaces, today } from './interfaces';

/** An interface's callers and its calls by HTTP status class: exact figures from calls made here. */

const CALLERS = '/api/analysis/interface/callers';

let user: Client;
let admin: Client;
let userVO: LoginUserVO;
let adminVO: LoginUserVO;
const created: string[] = [];

beforeAll(async () => {
  [user, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
  [userVO, adminVO] = await Promise.all(
    [user, admin].map(async (client) => expectSuccess(await client.get<LoginUserVO>('/api/user/get/login'))),
  );
});

afterAll(async () => {
  await removeInterfaces(admin, created);
});

const day = (days: number) => formatDate(startOfDay(Date.now(), days));

async function byName(name: string): Promise<InterfaceInfo> {
  const { records } = expectSuccess(await user.get<Page<InterfaceInfo>>(API.list, { name, pageSize: 50 }));
  const found = records.find((r) => r.name === name);
  if (!found) throw new Error(`the demo data has no online interface named ${name}`);
  return found;
}

/** A new online interface at the demo Echo's address: its calls all answer 200, with no network. */
async function echoInterface(): Promise<string> {
  const { url, method } = await byName('Echo');
  const id = await createInterface(admin, { online: true, overrides: { url, method } });
  created.push(id);
  return id;
}

const callers = async (interfaceInfoId: string, startDate = today(), endDate = today()) =>
  expectSuccess(await admin.get<InterfaceCallers>(CALLERS, { interfaceInfoId, startDate, endDate }));

const invoke = (client: Client, id: string, userRequestParams = '{}') =>
  client.post(API.invoke, { id, userRequestParams });

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('access and input', () => {
  const query = { interfaceInfoId: '1', startDate: day(-6), endDate: day(0) };

  it('is for admins only', async () => {
    expectRefusal(await new Visitor().get(CALLERS, query), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expectRefusal(await user.get(CALLERS, query), ResponseCode.NO_AUTH, MESSAGES.noAuth);
  });

  it.each([
    [{ startDate: day(0), endDate: day(0) }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: 'abc', startDate: day(0), endDate: day(0) }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: '0', startDate: day(0), endDate: day(0) }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: '99999999999999999999', startDate: day(0), endDate: day(0) }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: ['1', '2'], startDate: day(0), endDate: day(0) }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: '1' }, MESSAGES.dateRequired('startDate')],
    [{ interfaceInfoId: '1', startDate: day(0), endDate: 'today' }, MESSAGES.dateInvalid('endDate')],
    [{ interfaceInfoId: '1', startDate: day(0), endDate: day(-1) }, MESSAGES.dateOrder],
  ])('refuses %j with 40000 naming the parameter', async (q, message) => {
    expectRefusal(await admin.get(CALLERS, q), ResponseCode.PARAMS_ERROR, message);
  });

  it('answers 40400 for an id no interface has', async () => {
    expectRefusal(
      await admin.get(CALLERS, { ...query, interfaceInfoId: '9000000000000000001' }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
  });
});

describe('a new interface', () => {
  it('lists its callers by calls, with their errors, and its calls by status class', async () => {
    const id = await echoInterface();
    for (let i = 0; i < 3; i += 1) expectSuccess(await invoke(user, id));
    for (let i = 0; i < 2; i += 1) expectSuccess(await invoke(admin, id));

    expect(await callers(id)).toEqual({
      interfaceInfoId: id,
      startDate: today(),
      endDate: today(),
      totalCalls: 5,
      errorCalls: 0,
      callerCount: 2,
      callers: [
        { userId: userVO.id, userAccount: demoAccount('user').userAccount, userName: userVO.userName, calls: 3, errors: 0 },
        { userId: adminVO.id, userAccount: demoAccount('admin').userAccount, userName: adminVO.userName, calls: 2, errors: 0 },
      ],
      statusClasses: { ...emptyStatusClasses(), '2xx': 5 },
    });
  });

  it('breaks a tie by the smaller user id', async () => {
    const id = await echoInterface();
    for (const client of [user, admin, user, admin]) expectSuccess(await invoke(client, id));
    const smaller = [userVO.id, adminVO.id].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
    const answer = await callers(id);
    expect(answer.callers.map((c) => [c.userId, c.calls])).toEqual([
      [smaller, 2],
      [smaller === userVO.id ? adminVO.id : userVO.id, 2],
    ]);
  });

  it('counts only the range asked for: nothing yesterday', async () => {
    const id = await echoInterface();
    expectSuccess(await invoke(user, id));
    expect(await callers(id, day(-1), day(-1))).toEqual({
      interfaceInfoId: id,
      startDate: day(-1),
      endDate: day(-1),
      totalCalls: 0,
      errorCalls: 0,
      callerCount: 0,
      callers: [],
      statusClasses: emptyStatusClasses(),
    });
  });

  it('keeps the calls of a deleted interface', async () => {
    const id = await echoInterface();
    expectSuccess(await invoke(user, id));
    const before = await callers(id);
    expect(expectSuccess(await admin.post(API.delete, { id }))).toBe(true);
    expect(await callers(id)).toEqual(before);
    expect(before.totalCalls).toBe(1);
  });
});

describe('an interface that refuses', () => {
  it("counts the interface's own 4xx as an error of its caller", async () => {
    const { id } = await byName('天气查询');
    const before = await callers(id);
    const mine = (answer: InterfaceCallers) => answer.callers.find((c) => c.userId === userVO.id);
    // No city: the weather service answers HTTP 400 with the reason.
    const refused = await invoke(user, id, '{}');
    expect(refused.body.code).toBe(ResponseCode.UPSTREAM_ERROR);

    const after = await callers(id);
    expect(after.totalCalls).toBe(before.totalCalls + 1);
    expect(after.errorCalls).toBe(before.errorCalls + 1);
    expect(after.statusClasses).toEqual({ ...before.statusClasses, '4xx': before.statusClasses['4xx'] + 1 });
    expect(mine(after)).toMatchObject({
      calls: (mine(before)?.calls ?? 0) + 1,
      errors: (mine(before)?.errors ?? 0) + 1,
    });
  });
});

describe('the seeded history', () => {
  it("adds up to the overview's row of the most called interface", async () => {
    const range = { startDate: day(-29), endDate: day(0) };
    const overview = expectSuccess(await getOverview(admin, range));
    const row = overview.interfaces[0];
    const answer = await callers(row.interfaceInfoId, range.startDate, range.endDate);

    expect(answer).toMatchObject({ totalCalls: row.calls, errorCalls: row.errors });
    expect(sum(Object.values(answer.statusClasses))).toBe(row.calls);
    expect(answer.callers.length).toBe(Math.min(10, answer.callerCount));
    expect(answer.callers.every((c, i) => i === 0 || answer.callers[i - 1].calls >= c.calls)).toBe(true);
    expect(answer.callers.every((c) => c.errors <= c.calls && c.userAccount !== '')).toBe(true);
    if (answer.callerCount <= 10) expect(sum(answer.callers.map((c) => c.calls))).toBe(row.calls);
  });
});
