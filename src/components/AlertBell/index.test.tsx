import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALERT_POLL_MS } from '@agler/contract/alerts';
import { getUnreadAlertCount, listAlerts, markAlertRead, markAllAlertsRead } from '@/services/agler/alert';
import { renderWithAntd } from '@/testing/render';
import AlertBell from '.';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/alert');
jest.mock('./loadPanel', () => ({ loadAlertPanel: async () => jest.requireActual('./AlertPanel') }));

const ALERTS: API.AlertVO[] = [
  {
    id: '3',
    kind: 'quota_80',
    interfaceInfoId: '1800000000000000001',
    data: { interfaceName: '天气查询', leftNum: 20, totalNum: 100 },
    createTime: '2026-11-20 15:31:00',
    read: false,
  },
  {
    id: '2',
    kind: 'interface_deprecated',
    interfaceInfoId: '1800000000000000002',
    data: { interfaceName: 'IP 归属地' },
    createTime: '2026-11-20 15:30:00',
    read: false,
  },
  {
    id: '4',
    kind: 'subscription',
    subjectId: '12',
    data: { planId: '5', planName: '企业', event: 'approved', fromPlanName: '专业' },
    createTime: '2026-11-19 11:00:00',
    read: true,
  },
  {
    id: '1',
    kind: 'quota_request',
    interfaceInfoId: '1800000000000000001',
    subjectId: '9',
    data: { interfaceName: '天气查询', approved: false, reason: '请先说明用途' },
    createTime: '2026-11-19 10:00:00',
    read: true,
  },
];

const page = (records: API.AlertVO[], unread: number) =>
  ok({ records, total: records.length, current: 1, size: 10, pages: 1, unread });

beforeEach(() => {
  jest.mocked(getUnreadAlertCount).mockReset().mockResolvedValue(ok(2));
  jest.mocked(listAlerts).mockReset().mockResolvedValue(page(ALERTS, 2));
  jest.mocked(markAlertRead).mockReset().mockResolvedValue(ok(true));
  jest.mocked(markAllAlertsRead).mockReset().mockResolvedValue(ok(2));
});

const bell = (name: RegExp | string = /^提醒/) => screen.getByRole('button', { name });

async function openList() {
  fireEvent.click(bell());
  return screen.findByRole('dialog', { name: '提醒' });
}

describe('AlertBell', () => {
  it('says how many alerts are unread, without the list', async () => {
    renderWithAntd(<AlertBell />);
    expect(await screen.findByRole('button', { name: '提醒（2 条未读）' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(listAlerts).not.toHaveBeenCalled();
  });

  it('asks again every minute while visible and when the window regains focus', async () => {
    jest.useFakeTimers();
    try {
      renderWithAntd(<AlertBell />);
      await act(async () => undefined);
      expect(getUnreadAlertCount).toHaveBeenCalledTimes(1);
      jest.mocked(getUnreadAlertCount).mockResolvedValue(ok(5));
      await act(async () => {
        jest.advanceTimersByTime(ALERT_POLL_MS);
      });
      expect(getUnreadAlertCount).toHaveBeenCalledTimes(2);
      expect(bell()).toHaveAccessibleName('提醒（5 条未读）');
      await act(async () => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(getUnreadAlertCount).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lists the alerts in words, each linking to what it is about', async () => {
    renderWithAntd(<AlertBell />);
    await screen.findByRole('button', { name: '提醒（2 条未读）' });
    const list = await openList();

    expect(
      within(list).getByRole('link', { name: /「天气查询」的调用次数已用 80%（剩余 20\/100）/ }),
    ).toHaveAttribute('href', '/account/usage');
    expect(within(list).getByRole('link', { name: /「IP 归属地」已被标记为弃用/ })).toHaveAttribute(
      'href',
      '/interface_info/1800000000000000002',
    );
    expect(within(list).getByRole('link', { name: /额度申请未通过：请先说明用途/ })).toBeInTheDocument();
    expect(
      within(list).getByRole('link', { name: /你从「专业」切换到套餐「企业」的申请已通过/ }),
    ).toHaveAttribute('href', '/account/usage');
    expect(within(list).getAllByText('未读：')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: '通知设置' })).toHaveAttribute(
      'href',
      '/account/notifications',
    );
  });

  it('marks one read: the server is told, the count drops', async () => {
    renderWithAntd(<AlertBell />);
    const list = await openList();
    const [first] = await within(list).findAllByRole('button', { name: '标为已读' });

    fireEvent.click(first);

    await waitFor(() => expect(markAlertRead).toHaveBeenCalledWith({ id: '3' }, expect.anything()));
    await waitFor(() => expect(within(list).getAllByRole('button', { name: '标为已读' })).toHaveLength(1));
    expect(bell(/^提醒/)).toHaveAccessibleName('提醒（1 条未读）');
  });

  it('marks all read at once', async () => {
    renderWithAntd(<AlertBell />);
    const list = await openList();
    fireEvent.click(await within(list).findByRole('button', { name: '全部标为已读' }));

    await waitFor(() => expect(within(list).queryByRole('button', { name: '标为已读' })).toBeNull());
    expect(markAllAlertsRead).toHaveBeenCalled();
    expect(bell()).toHaveAccessibleName('提醒');
  });

  it('says so when there are none, and when they cannot be loaded', async () => {
    jest.mocked(listAlerts).mockResolvedValueOnce(page([], 0));
    const { unmount } = renderWithAntd(<AlertBell />);
    expect(await within(await openList()).findByText('暂无提醒')).toBeInTheDocument();
    unmount();

    jest.mocked(listAlerts).mockRejectedValueOnce(new Error('offline'));
    renderWithAntd(<AlertBell />);
    const list = await openList();
    expect(await within(list).findByText('提醒加载失败')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: /重试/ }));
    expect(await within(list).findByRole('link', { name: /调用次数已用 80%/ })).toBeInTheDocument();
  });

  it('Escape closes the list and gives the focus back to the bell', async () => {
    renderWithAntd(<AlertBell />);
    const list = await openList();
    await waitFor(() => expect(list).toHaveFocus());

    fireEvent.keyDown(list, { key: 'Escape' });

    await waitFor(() => expect(bell()).toHaveAttribute('aria-expanded', 'false'));
    expect(bell()).toHaveFocus();
  });
});
