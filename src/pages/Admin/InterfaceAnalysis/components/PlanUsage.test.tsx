import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/requestConfig';
import { renderWithAntd } from '@/testing/render';
import { PlanUsage } from './PlanUsage';

function plan(planId: string, planName: string, over: Partial<API.PlanUsage> = {}): API.PlanUsage {
  return {
    planId,
    planName,
    period: 'month',
    periodStart: '2026-11-01 00:00:00',
    periodEnd: '2026-12-01 00:00:00',
    quota: 10,
    overage: 'block',
    retired: false,
    subscribers: 0,
    pending: 0,
    callsThisPeriod: 0,
    overageThisPeriod: 0,
    atQuotaThisPeriod: 0,
    ...over,
  };
}

const PLANS = [
  plan('1', '日包', {
    period: 'day',
    quota: 3,
    overage: 'allow',
    subscribers: 2,
    callsThisPeriod: 7,
    overageThisPeriod: 4,
    atQuotaThisPeriod: 1,
  }),
  plan('2', '专业', { quota: 100_000, subscribers: 1, pending: 2, callsThisPeriod: 1234 }),
  plan('3', '旧套餐', { retired: true }),
];

const table = () => screen.getByRole('table', { name: '套餐用量（本周期）' });
/** Each body row's cells as text. */
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('PlanUsage', () => {
  it("shows each plan's subscribers, waiting requests and calls this period against their quotas", () => {
    renderWithAntd(<PlanUsage data={PLANS} onRetry={jest.fn()} />);

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['套餐', '订阅者', '待审批', '本周期调用', '超额调用', '用完配额的订阅者']);
    expect(rows()).toEqual([
      ['日包每天', '2', '0', '7 / 6', '4', '1'],
      ['专业每月', '1', '2', '1,234 / 100,000', '0', '0'],
      ['旧套餐每月已退役', '0', '0', '0', '0', '0'],
    ]);
    expect(screen.getByText(/周期已过、尚未再次调用的订阅计为 0/)).toBeInTheDocument();
  });

  it('is not there when no plan exists', () => {
    renderWithAntd(<PlanUsage data={[]} onRetry={jest.fn()} />);
    expect(screen.queryByText('套餐用量（本周期）')).not.toBeInTheDocument();
  });

  it('holds its place while the figures load', () => {
    renderWithAntd(<PlanUsage onRetry={jest.fn()} />);
    expect(screen.getByText('套餐用量（本周期）')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says what failed, with the server message, and loads again on 重试', async () => {
    const onRetry = jest.fn();
    renderWithAntd(
      <PlanUsage error={new ApiError({ code: 50000, message: '统计服务暂时不可用' })} onRetry={onRetry} />,
    );
    expect(screen.getByText('套餐用量加载失败')).toBeInTheDocument();
    expect(screen.getByText('统计服务暂时不可用')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
