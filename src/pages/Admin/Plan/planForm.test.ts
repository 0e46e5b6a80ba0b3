import { MESSAGES, PLAN_MESSAGES } from '@agler/contract/messages';
import { textOf } from '@agler/contract/messageKeys';
import { ApiError } from '@/requestConfig';
import {
  fieldOfError,
  planBodyOf,
  planBurstFault,
  planFieldFault,
  planFormValuesOf,
  planLimitFault,
} from './planForm';

const plan: API.PlanVO = {
  id: '1900000000000000002',
  name: '专业',
  description: '每月 100,000 次调用',
  interfaceIds: ['1800000000000000015', '1800000000000000016'],
  quota: 100_000,
  period: 'month',
  rateLimit: 10,
  rateBurst: 20,
  approval: false,
  overage: 'block',
  priceLabel: '¥99/月',
  visibility: 'public',
  isDefault: false,
  retired: false,
  retireTime: null,
  subscribers: 1,
  createTime: '2026-11-01 10:00:00',
  updateTime: '2026-11-01 10:00:00',
};

describe('the plan form', () => {
  it("starts from the plan's own values, its interfaces named where the names are known", () => {
    const values = planFormValuesOf(plan, new Map([['1800000000000000015', '手机号归属地']]));
    expect(values.interfaceIds).toEqual([
      { value: '1800000000000000015', label: '手机号归属地' },
      { value: '1800000000000000016', label: '1800000000000000016' },
    ]);
    expect(planBodyOf(values)).toEqual({
      name: '专业',
      description: '每月 100,000 次调用',
      interfaceIds: ['1800000000000000015', '1800000000000000016'],
      quota: 100_000,
      period: 'month',
      rateLimit: 10,
      rateBurst: 20,
      approval: false,
      overage: 'block',
      priceLabel: '¥99/月',
      visibility: 'public',
      isDefault: false,
    });
  });

  it('starts a new plan public, monthly, blocking, with the interfaces own rate limits', () => {
    expect(planFormValuesOf()).toEqual(
      expect.objectContaining({
        period: 'month',
        overage: 'block',
        visibility: 'public',
        rateLimit: null,
        rateBurst: null,
        approval: false,
        isDefault: false,
        quota: null,
      }),
    );
  });

  it('sends texts trimmed and empty limits as null', () => {
    const body = planBodyOf({ ...planFormValuesOf(plan), name: '  专业  ', priceLabel: ' 免费 ', rateLimit: null, rateBurst: null });
    expect(body).toEqual(expect.objectContaining({ name: '专业', priceLabel: '免费', rateLimit: null, rateBurst: null }));
  });

  it("checks each field by the contract's rules", () => {
    expect(planFieldFault('name', { name: '  ' })).toBe(PLAN_MESSAGES.nameRequired);
    expect(planFieldFault('name', { name: 'x'.repeat(65) })).toBe(PLAN_MESSAGES.nameTooLong);
    expect(planFieldFault('name', { name: '专业' })).toBeUndefined();
    expect(planFieldFault('interfaceIds', { interfaceIds: [] })).toBe(PLAN_MESSAGES.interfacesInvalid);
    expect(planFieldFault('quota', { quota: null })).toBe(PLAN_MESSAGES.badQuota);
    expect(planFieldFault('quota', { quota: 0 })).toBe(PLAN_MESSAGES.badQuota);
    expect(planFieldFault('quota', { quota: 1_000_000_000 })).toBeUndefined();
    expect(planFieldFault('priceLabel', { priceLabel: 'x'.repeat(33) })).toBe(PLAN_MESSAGES.priceLabelInvalid);
    expect(planFieldFault('description', { description: '多行\n说明' })).toBeUndefined();
  });

  it('checks the rate limit, and the burst beside it', () => {
    expect(planLimitFault(null)).toBeUndefined();
    expect(planLimitFault(0)).toBeUndefined();
    expect(planLimitFault(100_001)).toBe(MESSAGES.badRateLimit);
    expect(planBurstFault({ rateLimit: 10, rateBurst: 5 })).toBe(MESSAGES.badRateBurst);
    expect(planBurstFault({ rateLimit: 10, rateBurst: 10 })).toBeUndefined();
    expect(planBurstFault({ rateLimit: null, rateBurst: 5 })).toBe(MESSAGES.burstWithoutLimit);
    // A wrong limit is the limit's own field's message, not the burst's.
    expect(planBurstFault({ rateLimit: -1, rateBurst: 5 })).toBeUndefined();
  });

  it("finds the field a refusal of the server names, by the message's key or its fixed text", () => {
    const taken = PLAN_MESSAGES.defaultTaken('免费');
    expect(
      fieldOfError(new ApiError({ code: 40000, message: taken.text, messageKey: taken.messageKey, messageArgs: taken.messageArgs })),
    ).toBe('isDefault');
    expect(fieldOfError(new ApiError({ code: 40000, message: PLAN_MESSAGES.interfacesLocked }))).toBe('interfaceIds');
    expect(fieldOfError(new ApiError({ code: 40000, message: textOf(MESSAGES.badRateBurst) }))).toBe('rateBurst');
    expect(fieldOfError(new ApiError({ code: 40000, message: PLAN_MESSAGES.planRetired }))).toBeUndefined();
    expect(fieldOfError(new Error('network'))).toBeUndefined();
  });
});
