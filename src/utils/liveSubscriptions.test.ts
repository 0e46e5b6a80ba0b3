import { PAGE_SIZE_MAX } from '@/constants';
import { listSubscriptions } from '@/services/agler/subscription';
import { ok } from '@/testing/envelope';
import { subscriptionList } from '@/testing/subscriptions';
import { LIVE_PAGES_MAX, listLiveSubscriptions, liveSubscriptionCovering } from './liveSubscriptions';

jest.mock('@/services/agler/subscription');

const listMock = jest.mocked(listSubscriptions);

const row = (id: number, over: Partial<API.SubscriptionVO> = {}): API.SubscriptionVO => ({
  id: String(id),
  planId: '1',
  planName: '专业',
  userId: '7',
  userName: 'user',
  status: 'active',
  requestedPlanId: null,
  requestedPlanName: null,
  period: 'month',
  periodStart: '2026-11-01 00:00:00',
  periodEnd: '2026-12-01 00:00:00',
  used: 0,
  quota: 1000,
  overage: 'block',
  cancelAtPeriodEnd: false,
  reason: '',
  reply: null,
  createTime: '2026-11-01 10:00:00',
  interfaceIds: [`i${id}`],
  ...over,
});

beforeEach(() => listMock.mockReset());

describe('listLiveSubscriptions', () => {
  it('reads the live list once per page, every page, and nothing over', async () => {
    const rows = Array.from({ length: PAGE_SIZE_MAX + 3 }, (_, i) => row(i + 1));
    listMock.mockImplementation(subscriptionList([...rows, row(999, { status: 'ended' })]));
    expect((await listLiveSubscriptions()).map((s) => s.id)).toEqual(rows.map((s) => s.id));
    expect(listMock.mock.calls.map(([params]) => params)).toEqual([
      { status: 'live', current: 1, pageSize: PAGE_SIZE_MAX },
      { status: 'live', current: 2, pageSize: PAGE_SIZE_MAX },
    ]);
  });

  it('keeps a switch waiting and a pending one, each once; names the user it is asked for', async () => {
    listMock.mockImplementation(
      subscriptionList([row(1, { status: 'pending' }), row(2, { requestedPlanId: '3', requestedPlanName: '企业' })]),
    );
    expect((await listLiveSubscriptions('7')).map((s) => [s.id, s.status])).toEqual([
      ['1', 'pending'],
      ['2', 'active'],
    ]);
    expect(listMock).toHaveBeenCalledWith({ userId: '7', status: 'live', current: 1, pageSize: PAGE_SIZE_MAX }, { skipErrorHandler: true });
  });

  it('keeps a row once when a new subscription pushes it onto the next page', async () => {
    listMock
      .mockResolvedValueOnce(ok({ records: [row(2), row(1)], total: 3, current: 1, size: 2, pages: 2 }))
      .mockResolvedValueOnce(ok({ records: [row(1)], total: 3, current: 2, size: 2, pages: 2 }));
    expect((await listLiveSubscriptions()).map((s) => s.id)).toEqual(['2', '1']);
  });

  it('stops after its last page however many the list claims', async () => {
    listMock.mockResolvedValue(ok({ records: [row(1)], total: 10_000, current: 1, size: 1, pages: 10_000 }));
    await listLiveSubscriptions();
    expect(listMock).toHaveBeenCalledTimes(LIVE_PAGES_MAX);
  });
});

it('liveSubscriptionCovering finds the one whose plan covers the interface, on any page', async () => {
  const rows = Array.from({ length: PAGE_SIZE_MAX + 1 }, (_, i) => row(i + 1));
  listMock.mockImplementation(subscriptionList(rows));
  expect((await liveSubscriptionCovering(`i${PAGE_SIZE_MAX + 1}`))?.id).toBe(String(PAGE_SIZE_MAX + 1));
  expect(await liveSubscriptionCovering('elsewhere')).toBeUndefined();
});
