import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { AnalysisOverviewAnswer, InterfaceInfo, Page } from '@agler/contract/types';
import type { Answer } from './client';
import { expectRefusal, expectSuccess } from './client';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { API, createInterface, specSessions, validInterface } from './interfaces';

/**
 * Ids are 64-bit integers beyond 2^53. They go out as JSON strings, so no
 * client rounds them, and come in exactly in either form: a bare number
 * that JSON.parse would round (1800000000000000001 becomes
 * 1800000000000000000) still reaches its own record.
 */

const spec = specSessions();

const ID_KEYS = ['id', 'userId', 'interfaceInfoId'];

/** Every id of an answer's text is a JSON string of digits; there is at least one. */
function expectIdsAsText(answer: Answer) {
  const keys = ID_KEYS.join('|');
  expect(answer.text).toMatch(new RegExp(`"(${keys})":"\\d+"`));
  expect(answer.text).not.toMatch(new RegExp(`"(${keys})":\\s*-?\\d`));
}

/** A body with `id` written as a bare JSON number. */
const withBareId = (id: string, rest: Record<string, unknown> = {}) =>
  `{"id":${id}${Object.keys(rest).length ? `,${JSON.stringify(rest).slice(1)}` : '}'}`;

describe('ids go out as text', () => {
  it('in the spec.user, the list, one interface and the analysis', async () => {
    expectIdsAsText(await spec.user.get('/api/user/get/login'));
    const list = await spec.user.get<Page<InterfaceInfo>>(API.list, { pageSize: 5 });
    expectIdsAsText(list);
    expectIdsAsText(await spec.user.get(API.get, { id: list.body.data.records[0].id }));
    expectIdsAsText(await spec.admin.get(API.top, { limit: 5 }));
    const week = { startDate: formatDate(startOfDay(Date.now(), -6)), endDate: formatDate(Date.now()) };
    // The overview's interfaces are a table: each row starts with the id, as text.
    const overview = await spec.admin.get<AnalysisOverviewAnswer>(API.overview, week);
    expect(overview.text).toMatch(/"rows":\[\["\d+"/);
    expect(overview.body.data.interfaces.rows.every(([id]) => typeof id === 'string')).toBe(true);
  });

  it("in add's answer", async () => {
    const answer = await spec.admin.post<string>(API.add, validInterface());
    const id = expectSuccess(answer);
    spec.created.push(id);
    expect(answer.text).toMatch(new RegExp(`"data":"${id}"`));
  });
});

describe('bare-number ids in bodies reach their own record', () => {
  /** Two interfaces spec.created one after the other: their ids are as close as ids get. */
  let first: string;
  let second: string;

  beforeAll(async () => {
    first = await createInterface(spec.admin);
    second = await createInterface(spec.admin);
    spec.created.push(first, second);
  });

  const fetchRecord = async (id: string) =>
    expectSuccess(await spec.admin.get<InterfaceInfo>(API.get, { id }));

  it('are beyond 2^53 for the demo interfaces, so JSON.parse would round them', async () => {
    const [row] = expectSuccess(await spec.user.get<Page<InterfaceInfo>>(API.list, { pageSize: 1 })).records;
    expect(BigInt(row.id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(String(Number(row.id))).not.toBe(row.id);
  });

  it('invoke', async () => {
    const [row] = expectSuccess(
      await spec.user.get<Page<InterfaceInfo>>(API.list, { name: 'Echo', pageSize: 1 }),
    ).records;
    const answer = await spec.user.post(API.invoke, withBareId(row.id, { userRequestParams: '{"x":1}' }));
    expect(expectSuccess(answer)).toEqual({ x: 1 });
  });

  it('update', async () => {
    const before = await fetchRecord(first);
    expect(
      expectSuccess(await spec.admin.post(API.update, withBareId(second, { description: '第二个' }))),
    ).toBe(true);
    expect((await fetchRecord(second)).description).toBe('第二个');
    expect(await fetchRecord(first)).toEqual(before);
  });

  it('online and offline', async () => {
    expect(expectSuccess(await spec.admin.post(API.online, withBareId(second)))).toBe(true);
    expect((await fetchRecord(second)).status).toBe(INTERFACE_STATUS.ONLINE);
    expect((await fetchRecord(first)).status).toBe(INTERFACE_STATUS.OFFLINE);
    expect(expectSuccess(await spec.admin.post(API.offline, withBareId(second)))).toBe(true);
    expect((await fetchRecord(second)).status).toBe(INTERFACE_STATUS.OFFLINE);
  });

  it('delete', async () => {
    expect(expectSuccess(await spec.admin.post(API.delete, withBareId(second)))).toBe(true);
    expectRefusal(
      await spec.admin.get(API.get, { id: second }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
    expect((await fetchRecord(first)).id).toBe(first);
  });

  it('a bare number written with a fraction or exponent is no id', async () => {
    expectRefusal(
      await spec.admin.post(API.online, `{"id":${first}.0}`),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.badId,
    );
    expectRefusal(
      await spec.admin.post(API.online, '{"id":1.8e18}'),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.badId,
    );
    expect((await fetchRecord(first)).status).toBe(INTERFACE_STATUS.OFFLINE);
  });
});

describe('to a user, an offline or deleted interface is a missing one on every surface that takes its id', () => {
  let offline: string;
  let deleted: string;
  /** Beyond every id the platform has given out. */
  const MISSING = '9000000000000000001';

  beforeAll(async () => {
    offline = await createInterface(spec.admin);
    deleted = await createInterface(spec.admin, { online: true });
    spec.created.push(offline);
    expect(expectSuccess(await spec.admin.post(API.delete, { id: deleted }))).toBe(true);
  });

  /** What a user is answered for `id`: the HTTP status and the whole body, byte for byte. */
  const answerFor = async (send: (id: string) => Promise<Answer>, id: string) => {
    const answer = await send(id);
    return { status: answer.status, text: answer.text };
  };

  it.each([
    ['GET /api/interfaceInfo/get', (id: string) => spec.user.get(API.get, { id })],
    [
      'POST /api/interfaceInfo/invoke',
      (id: string) => spec.user.post(API.invoke, { id, userRequestParams: '' }),
    ],
    [
      'POST /api/user/key/add',
      (id: string) => spec.user.post('/api/user/key/add', { name: '不可见的接口', interfaceIds: [id] }),
    ],
    [
      'POST /api/quota/request',
      (id: string) =>
        spec.user.post('/api/quota/request', { interfaceInfoId: id, amount: 10, reason: '需要' }),
    ],
  ])('%s', async (_, send) => {
    const missing = await answerFor(send, MISSING);
    expect(JSON.parse(missing.text)).toMatchObject({ data: null });
    expect(JSON.parse(missing.text).code).not.toBe(ResponseCode.SUCCESS);
    expect(await answerFor(send, offline)).toEqual(missing);
    expect(await answerFor(send, deleted)).toEqual(missing);
  });
});
