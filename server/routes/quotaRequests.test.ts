/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { QUOTA_MAX, QUOTA_REQUEST_LIMITS, ResponseCode } from '@agler/contract/constants';
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import type { QuotaRequestVO } from '@agler/contract/quotaRequests';
import type { Page } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { ADMIN, call, registerAs, setUpTestApp, USER } from '../test/app';
import { refusal } from '../test/refusal';

const t = setUpTestApp({ login: { other: USER, admin: ADMIN } });
let cookie: string;
let userId: string;
const IID = interfaceIdOf(3);
const TOO_LONG = 'x'.repeat(QUOTA_REQUEST_LIMITS.reasonMax + 1);

beforeAll(async () => {
  ({ cookie, id: userId } = await registerAs(t.app, 'quota-asker'));
});

const ask = (payload: Record<string, unknown>, as = cookie) =>
  call<QuotaRequestVO>(t.app, { method: 'POST', url: '/api/quota/request', payload, cookie: as });
const review = (payload: Record<string, unknown>, as = t.cookie.admin) =>
  call<QuotaRequestVO>(t.app, { method: 'POST', url: '/api/quota/request/review', payload, cookie: as });
const list = (query: string, as = cookie) =>
  call<Page<QuotaRequestVO>>(t.app, { method: 'GET', url: `/api/quota/request/list?${query}`, cookie: as });

const quotaRow = async (iid: string) =>
  rowsOf<{ left_num: number; total_num: number }>(
    await t.database.db.execute(sql`
      SELECT left_num, total_num::int AS total_num FROM user_interface_info
      WHERE user_id = ${userId}::bigint AND interface_info_id = ${iid}::bigint`),
  )[0];

describe('asking, approving and refusing', () => {
  test('a request is open until approved: the quota rises by the amount, made with the default when missing', async () => {
    const asked = await ask({ interfaceInfoId: IID, amount: 500, reason: '  压测需要  ' });
    expect(asked).toMatchObject({
      code: 0,
      data: {
        userId,
        interfaceInfoId: IID,
        amount: 500,
        reason: '压测需要',
        status: 'pending',
        reviewReason: null,
        leftNum: 100,
        totalNum: 100,
      },
    });
    expect(await ask({ interfaceInfoId: IID, amount: 1, reason: '再来' })).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.requestOpen));

    const pending = await list('status=pending', t.cookie.admin);
    expect(pending.data.records.map((r) => r.id)).toContain(asked.data.id);

    const approved = await review({ id: asked.data.id, approve: true });
    expect(approved.data).toMatchObject({ status: 'approved', leftNum: 600, totalNum: 600 });
    expect(await quotaRow(IID)).toEqual({ left_num: 600, total_num: 600 });
    expect(await review({ id: asked.data.id, approve: false, reason: '晚了' })).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
      message: MESSAGES.requestReviewed,
    });

    // Answered, the interface takes a new request; a refusal leaves the quota alone and keeps its reason.
    const again = await ask({ interfaceInfoId: IID, amount: 10, reason: '还要' });
    const refused = await review({ id: again.data.id, approve: false, reason: '本月额度已满' });
    expect(refused.data).toMatchObject({ status: 'refused', reviewReason: '本月额度已满', leftNum: 600 });
    expect(await quotaRow(IID)).toEqual({ left_num: 600, total_num: 600 });
  });

  test('an existing quota rises by the amount, what is left and what was granted together', async () => {
    const iid = interfaceIdOf(4);
    await t.database.db.execute(sql`
      INSERT INTO user_interface_info (user_id, interface_info_id, left_num, total_num)
      VALUES (${userId}::bigint, ${iid}::bigint, 3, 100)`);
    const asked = await ask({ interfaceInfoId: iid, amount: 50, reason: '不够用' });
    await review({ id: asked.data.id, approve: true });
    expect(await quotaRow(iid)).toEqual({ left_num: 53, total_num: 150 });
  });

  test('an approval that would pass QUOTA_MAX is refused and the request stays open', async () => {
    const iid = interfaceIdOf(5);
    await t.database.db.execute(sql`
      INSERT INTO user_interface_info (user_id, interface_info_id, left_num, total_num)
      VALUES (${userId}::bigint, ${iid}::bigint, ${QUOTA_MAX}, ${QUOTA_MAX})`);
    const asked = await ask({ interfaceInfoId: iid, amount: 1, reason: '多一次' });
    expect((await review({ id: asked.data.id, approve: true })).message).toBe(MESSAGES.quotaTooHigh);
    const [row] = (await list('status=pending')).data.records.filter((r) => r.id === asked.data.id);
    expect(row.status).toBe('pending');
  });
});

describe('the user is told', () => {
  test('each answer raises a quota_request alert with what was decided', async () => {
    const iid = interfaceIdOf(7);
    const approvedOne = await ask({ interfaceInfoId: iid, amount: 20, reason: '告诉我' });
    await review({ id: approvedOne.data.id, approve: true });
    const refusedOne = await ask({ interfaceInfoId: iid, amount: 30, reason: '再告诉我' });
    await review({ id: refusedOne.data.id, approve: false, reason: '不行' });
    const alerts = rowsOf<{ subject_id: string; data: Record<string, unknown> }>(
      await t.database.db.execute(sql`
        SELECT subject_id, data FROM alert
        WHERE user_id = ${userId}::bigint AND kind = 'quota_request' AND interface_info_id = ${iid}::bigint
        ORDER BY id`),
    );
    expect(alerts).toEqual([
      { subject_id: approvedOne.data.id, data: expect.objectContaining({ approved: true, amount: 20 }) },
      {
        subject_id: refusedOne.data.id,
        data: expect.objectContaining({ approved: false, amount: 30, reason: '不行' }),
      },
    ]);
    expect(alerts[0].data.interfaceName).toEqual(expect.any(String));
  });
});

describe('who may do what', () => {
  test('a user lists only their own, and naming another user is refused', async () => {
    const own = await list('');
    expect(own.data.records.every((r) => r.userId === userId)).toBe(true);
    const other = await list('', t.cookie.other);
    expect(other.data.records.every((r) => r.userId !== userId)).toBe(true);
    expect(await list(`userId=${userId}`, t.cookie.other)).toEqual(refusal(ResponseCode.NO_AUTH, MESSAGES.noAuth));
    const adminOne = await list(`userId=${userId}`, t.cookie.admin);
    expect(adminOne.data.total).toBe(own.data.total);
  });

  test('a user cannot review, even their own request', async () => {
    const asked = await ask({ interfaceInfoId: interfaceIdOf(6), amount: 5, reason: '自己批' });
    expect(await review({ id: asked.data.id, approve: true }, cookie)).toEqual(refusal(ResponseCode.NO_AUTH, MESSAGES.noAuth));
  });
});

describe('bad input', () => {
  test.each([
    [{ amount: 5, reason: 'r' }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: 'x', amount: 5, reason: 'r' }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: IID, reason: 'r' }, MESSAGES.badAmount],
    [{ interfaceInfoId: IID, amount: 0, reason: 'r' }, MESSAGES.badAmount],
    [{ interfaceInfoId: IID, amount: 1.5, reason: 'r' }, MESSAGES.badAmount],
    [{ interfaceInfoId: IID, amount: '5', reason: 'r' }, MESSAGES.badAmount],
    [{ interfaceInfoId: IID, amount: QUOTA_REQUEST_LIMITS.amountMax + 1, reason: 'r' }, MESSAGES.badAmount],
    [{ interfaceInfoId: IID, amount: 5 }, MESSAGES.reasonRequired],
    [{ interfaceInfoId: IID, amount: 5, reason: '   ' }, MESSAGES.reasonRequired],
    [{ interfaceInfoId: IID, amount: 5, reason: 42 }, MESSAGES.reasonNotText],
    [{ interfaceInfoId: IID, amount: 5, reason: TOO_LONG }, MESSAGES.reasonTooLong],
    [{ interfaceInfoId: IID, amount: 5, reason: 'a\u0000b' }, TEXT_MESSAGES.field('理由', 'control')],
  ])('asking with %j is refused: %s', async (payload, message) => {
    expect(await ask(payload)).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test.each([
    [{ approve: true }, MESSAGES.badId],
    [{ id: '1', approve: 'yes' }, MESSAGES.badApprove],
    [{ id: '1', approve: false }, MESSAGES.reviewReasonRequired],
    [{ id: '1', approve: false, reason: ' ' }, MESSAGES.reviewReasonRequired],
    [{ id: '1', approve: true, reason: TOO_LONG }, MESSAGES.reasonTooLong],
  ])('reviewing with %j is refused: %s', async (payload, message) => {
    expect(await review(payload)).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test.each([
    ['current=0', MESSAGES.badCurrent],
    ['pageSize=51', MESSAGES.badPageSize],
    ['status=open', MESSAGES.badRequestStatus],
    ['userId=abc', MESSAGES.userIdInvalid],
  ])('listing with %p is refused', async (query, message) => {
    expect(await list(query)).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test('a body that is no JSON object is refused as every write is', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quota/request',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(JSON.parse(response.body)).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
      message: MESSAGES.bodyNotObject,
    });
  });
});
