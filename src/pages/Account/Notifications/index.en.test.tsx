import { screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { getWebhook, listWebhookDeliveries } from '@/services/agler/webhook';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import NotificationsPage from '.';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/webhook');

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

it('speaks English throughout', async () => {
  jest.mocked(getWebhook).mockResolvedValue(
    ok({
      url: 'https://hooks.example.com/agler',
      kinds: ['quota_80'],
      createTime: '2026-11-20 15:31:00',
      updateTime: '2026-11-20 15:31:00',
      previousSecretUntil: '2026-11-21 15:31:00',
    }),
  );
  jest.mocked(listWebhookDeliveries).mockResolvedValue(
    ok({
      records: [
        {
          id: `msg_${'a'.repeat(32)}`,
          eventType: 'alert.quota_80',
          state: 'pending',
          tries: 2,
          nextTryTime: '2026-11-20 15:32:10',
          createTime: '2026-11-20 15:31:00',
          attempts: [],
        },
      ],
      total: 1,
      current: 1,
      size: 10,
      pages: 1,
    }),
  );
  const { container } = renderWithAntd(
    <ConfigProvider locale={antdLocale()}>
      <NotificationsPage />
    </ConfigProvider>,
  );

  expect(await screen.findByRole('checkbox', { name: '80% of a quota used' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'A plan’s overage begun' })).not.toBeChecked();
  expect(
    screen.getByRole('checkbox', { name: 'A subscription approved, refused or ending' }),
  ).not.toBeChecked();
  expect(screen.getByText('The old secret also signs until 2026-11-21 15:31:00')).toBeInTheDocument();
  const row = (await screen.findByText('alert.quota_80')).closest('tr') as HTMLElement;
  expect(within(row).getByText('Waiting to retry')).toBeInTheDocument();
  expect(within(row).getByText('80% of a quota used')).toBeInTheDocument();
  expect(screen.getByText(/after 10 s, 1 min, 5 min, 15 min, 40 min: 6 tries in all/)).toBeInTheDocument();
  expect(container.textContent).not.toMatch(CJK);
});
