import { screen, within, fireEvent } from '@testing-library/react';
import { startLanguage } from '@/locales';
import { getUnreadAlertCount, listAlerts } from '@/services/agler/alert';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import AlertBell from '.';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/alert');
jest.mock('./loadPanel', () => ({ loadAlertPanel: async () => jest.requireActual('./AlertPanel') }));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

it('speaks English throughout, every kind included', async () => {
  const base = {
    interfaceInfoId: '1800000000000000001',
    createTime: '2026-11-20 15:31:00',
    read: false,
  };
  const plan = { planId: '5', planName: 'Enterprise' };
  const records: API.AlertVO[] = [
    { ...base, id: '9', kind: 'plan_overage', data: { ...plan, totalNum: 1000, interfaceName: 'Weather' } },
    {
      ...base,
      id: '8',
      kind: 'subscription',
      data: { ...plan, event: 'refused', fromPlanName: 'Pro', reason: 'Tell us more' },
    },
    {
      ...base,
      id: '7',
      kind: 'subscription',
      data: { ...plan, event: 'ending', cause: 'retired', endsAt: new Date(2026, 11, 1).getTime() },
    },
    { ...base, id: '6', kind: 'quota_80', data: { interfaceName: 'Weather', leftNum: 20, totalNum: 100 } },
    { ...base, id: '5', kind: 'quota_100', data: { interfaceName: 'Weather' } },
    {
      ...base,
      id: '4',
      kind: 'key_expiring',
      data: { keyName: 'prod', expiresAt: new Date(2026, 10, 25).getTime() },
    },
    { ...base, id: '3', kind: 'interface_offline', data: {} },
    { ...base, id: '2', kind: 'interface_deprecated', data: { interfaceName: 'Weather' } },
    {
      ...base,
      id: '1',
      kind: 'quota_request',
      data: { interfaceName: 'Weather', approved: true, amount: 50 },
    },
  ];
  jest.mocked(getUnreadAlertCount).mockResolvedValue(ok(9));
  jest
    .mocked(listAlerts)
    .mockResolvedValue(ok({ records, total: 9, current: 1, size: 10, pages: 1, unread: 9 }));

  renderWithAntd(<AlertBell />);
  fireEvent.click(await screen.findByRole('button', { name: 'Alerts (9 unread)' }));
  const list = await screen.findByRole('dialog', { name: 'Alerts' });
  await within(list).findByRole('link', { name: /80% of the calls of “Weather” are used \(20\/100 left\)/ });

  expect(
    within(list).getByRole('link', {
      name: /“an interface”, which you called recently, has been taken offline/,
    }),
  ).toBeInTheDocument();
  expect(
    within(list).getByRole('link', { name: /Key “prod” expires at the end of 2026-11-24/ }),
  ).toBeInTheDocument();
  expect(within(list).getByRole('link', { name: /approved \(\+50\)/ })).toBeInTheDocument();
  expect(
    within(list).getByRole('link', {
      name: /The 1000 calls of plan “Enterprise” for this period are used: further calls count as overage/,
    }),
  ).toHaveAttribute('href', '/account/usage');
  expect(
    within(list).getByRole('link', {
      name: /Your switch from “Pro” to plan “Enterprise” was refused: Tell us more/,
    }),
  ).toBeInTheDocument();
  expect(
    within(list).getByRole('link', {
      name: /Plan “Enterprise” has been retired: your subscription ends at 2026-12-01 00:00/,
    }),
  ).toBeInTheDocument();
  expect(within(list).getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
  expect(list.textContent).not.toMatch(CJK);
});
