import { callerUsageOf, statusClassesOf, statusClassOf, topCallers } from './callers';
import { parseCallersQuery } from './queries';
import { MESSAGES } from './messages';

describe('statusClassOf', () => {
  it.each([
    [200, true, '2xx'],
    [299, false, '2xx'],
    [302, false, '3xx'],
    [400, false, '4xx'],
    [499, false, '4xx'],
    [500, false, '5xx'],
    [599, false, '5xx'],
    [199, true, 'other'],
    [600, false, 'other'],
    [null, false, 'noAnswer'],
    [undefined, false, 'noAnswer'],
    [null, true, 'unrecorded'],
  ] as const)('status %p, success %p: %s', (status, success, expected) => {
    expect(statusClassOf(status, success)).toBe(expected);
  });
});

describe('statusClassesOf', () => {
  it('sums groups into their classes, every class present', () => {
    expect(
      statusClassesOf([
        { status: 200, success: true, calls: 5 },
        { status: 201, success: true, calls: 2 },
        { status: 200, success: false, calls: 1 },
        { status: 404, success: false, calls: 3 },
        { status: null, success: false, calls: 4 },
        { status: null, success: true, calls: 6 },
      ]),
    ).toEqual({ '2xx': 8, '3xx': 0, '4xx': 3, '5xx': 0, other: 0, noAnswer: 4, unrecorded: 6 });
  });
});

describe('topCallers', () => {
  it('most calls first, ties to the smaller id by value, at most the limit', () => {
    const counts = [
      { userId: '20', calls: 3, errors: 0 },
      { userId: '100', calls: 5, errors: 1 },
      { userId: '9', calls: 3, errors: 2 },
      { userId: '1790000000000001001', calls: 1, errors: 0 },
    ];
    expect(topCallers(counts, 3).map((c) => c.userId)).toEqual(['100', '9', '20']);
    expect(topCallers(counts).map((c) => c.userId)).toEqual(['100', '9', '20', '1790000000000001001']);
  });

  it('does not reorder what it was given', () => {
    const counts = [
      { userId: '2', calls: 1, errors: 0 },
      { userId: '1', calls: 2, errors: 0 },
    ];
    topCallers(counts);
    expect(counts[0].userId).toBe('2');
  });
});

describe('callerUsageOf', () => {
  it('names the user, or leaves the names empty for an unknown one', () => {
    const count = { userId: '7', calls: 4, errors: 1 };
    expect(callerUsageOf(count, { userAccount: 'alice', userName: '爱丽丝' })).toEqual({
      userId: '7',
      userAccount: 'alice',
      userName: '爱丽丝',
      calls: 4,
      errors: 1,
    });
    expect(callerUsageOf(count, undefined)).toMatchObject({ userAccount: '', userName: '' });
  });
});

describe('parseCallersQuery', () => {
  const dates = { startDate: '2026-03-01', endDate: '2026-03-07' };

  it('reads the id as text and the range as the overview does', () => {
    const parsed = parseCallersQuery({ interfaceInfoId: '1800000000000100001', ...dates });
    expect(parsed).toEqual({
      ok: true,
      value: {
        interfaceInfoId: '1800000000000100001',
        range: expect.objectContaining({ startDate: '2026-03-01', endDate: '2026-03-07', days: 7 }),
      },
    });
  });

  it.each([
    [{ ...dates }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: '0', ...dates }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: 'abc', ...dates }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: ['1', '2'], ...dates }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ interfaceInfoId: '1', startDate: '2026-03-08', endDate: '2026-03-07' }, MESSAGES.dateOrder],
    [{ interfaceInfoId: '1', endDate: '2026-03-07' }, MESSAGES.dateRequired('startDate')],
  ])('refuses %j', (query, message) => {
    expect(parseCallersQuery(query)).toEqual({ ok: false, message });
  });
});
