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
  const records: API.AlertVO[] = [
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
  jest.mocked(getUnreadAlertCount).mockResolvedValue(ok(6));
  jest
    .mocked(listAlerts)
    .mockResolvedValue(ok({ records, total: 6, current: 1, size: 10, pages: 1, unread: 6 }));

  renderWithAntd(<AlertBell />);
  fireEvent.click(await screen.findByRole('button', { name: 'Alerts (6 unread)' }));
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
  expect(within(list).getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
  expect(list.textContent).not.toMatch(CJK);
});
