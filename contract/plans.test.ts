import { PLAN_LIMITS } from './constants';
import { MESSAGES, PLAN_MESSAGES } from './messages';
import { parseNewPlan, parsePlanChange, parseSubscriptionListQuery, parseSubscriptionReview, samePlanInterfaces } from './plans';

const body = {
  name: ' 专业 ',
  interfaceIds: ['1', 2],
  quota: 100_000,
  period: 'month',
  approval: false,
  overage: 'block',
  visibility: 'public',
};

describe('parseNewPlan', () => {
  it('reads every field, trimming texts and giving the optional ones their defaults', () => {
    expect(parseNewPlan(body)).toEqual({
      ok: true,
      value: {
        ...body,
        name: '专业',
        interfaceIds: ['1', '2'],
        description: '',
        priceLabel: '',
        isDefault: false,
        rateLimit: null,
        rateBurst: null,
      },
    });
  });

  it('takes a rate limit with its burst as the interfaces do: left out, the burst is the limit', () => {
    expect(parseNewPlan({ ...body, rateLimit: 10 })).toMatchObject({ ok: true, value: { rateLimit: 10, rateBurst: 10 } });
    expect(parseNewPlan({ ...body, rateLimit: 10, rateBurst: 20 })).toMatchObject({ value: { rateBurst: 20 } });
  });

  it('needs the fields an add cannot do without', () => {
    for (const [field, message] of [
      ['interfaceIds', PLAN_MESSAGES.interfacesInvalid],
      ['quota', PLAN_MESSAGES.badQuota],
      ['period', PLAN_MESSAGES.badPeriod],
      ['approval', PLAN_MESSAGES.badApproval],
      ['overage', PLAN_MESSAGES.badOverage],
      ['visibility', PLAN_MESSAGES.badVisibility],
    ] as const) {
      expect([field, parseNewPlan({ ...body, [field]: undefined })]).toEqual([field, { ok: false, message }]);
    }
    const tooMany = Array.from({ length: PLAN_LIMITS.interfacesMax + 1 }, (_, i) => String(i + 1));
    expect(parseNewPlan({ ...body, interfaceIds: tooMany })).toEqual({ ok: false, message: PLAN_MESSAGES.interfacesInvalid });
  });
});

describe('parsePlanChange', () => {
  it('reads only the fields present; a null rate limit goes back to the interfaces’', () => {
    expect(parsePlanChange({ id: '7', quota: 5 })).toEqual({ ok: true, value: { id: '7', fields: { quota: 5 } } });
    expect(parsePlanChange({ id: '7', rateLimit: null })).toEqual({
      ok: true,
      value: { id: '7', fields: { rateLimit: null, rateBurst: null } },
    });
    expect(parsePlanChange({ quota: 5 })).toEqual({ ok: false, message: MESSAGES.badId });
  });
});

describe('subscription queries and reviews', () => {
  it('reads the list query with its defaults, and the review with an optional reply', () => {
    expect(parseSubscriptionListQuery({ status: 'pending', planId: '3' })).toEqual({
      ok: true,
      value: { current: 1, pageSize: 10, status: 'pending', planId: '3' },
    });
    expect(parseSubscriptionListQuery({ status: 'live' })).toEqual({ ok: true, value: { current: 1, pageSize: 10, status: 'live' } });
    expect(parseSubscriptionListQuery({ status: 'over' })).toEqual({ ok: false, message: PLAN_MESSAGES.badStatus });
    expect(parseSubscriptionReview({ id: '1', approve: false, reply: '  ' })).toEqual({
      ok: true,
      value: { id: '1', approve: false, reply: null },
    });
    expect(parseSubscriptionReview({ id: '1', approve: true, reply: 'x'.repeat(PLAN_LIMITS.reasonMax + 1) })).toEqual({
      ok: false,
      message: PLAN_MESSAGES.replyInvalid,
    });
  });
});

describe('samePlanInterfaces', () => {
  it('is the same interfaces in any order, and nothing less or more', () => {
    expect(samePlanInterfaces(['1', '2', '3'], ['3', '1', '2'])).toBe(true);
    expect(samePlanInterfaces(['1'], ['1'])).toBe(true);
    expect(samePlanInterfaces(['1', '2'], ['1'])).toBe(false);
    expect(samePlanInterfaces(['1'], ['1', '2'])).toBe(false);
    expect(samePlanInterfaces(['1', '2'], ['1', '3'])).toBe(false);
    expect(samePlanInterfaces(['1', '1'], ['1', '2'])).toBe(false);
    expect(samePlanInterfaces([], ['1'])).toBe(false);
  });
});
