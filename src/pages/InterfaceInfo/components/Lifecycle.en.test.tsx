import { screen } from '@testing-library/react';
import { startLanguage } from '@/locales';
import { getInterfaceInfoById } from '@/services/agler/interfaceInfo';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import { LifecycleBanner } from './Lifecycle';

jest.mock('@/services/agler/interfaceInfo', () => ({ getInterfaceInfoById: jest.fn() }));

beforeAll(() => startLanguage('en-US', loadEnglish));

it('the deprecation banner in English: its sentences apart, the replacement by name', async () => {
  jest.mocked(getInterfaceInfoById).mockResolvedValue({
    code: 0,
    message: 'ok',
    data: { id: '1800000000000000002', name: 'Weather v2', url: '', method: 'GET', status: 1 },
  });
  renderWithAntd(
    <LifecycleBanner
      info={{
        id: '1800000000000000001',
        name: 'Weather',
        url: 'https://api.example.com/weather',
        method: 'GET',
        status: 1,
        deprecated: true,
        deprecatedTime: '2026-11-01 08:00:00',
        sunsetDate: '2026-12-31',
        replacementId: '1800000000000000002',
      }}
      now={new Date(2026, 10, 20).getTime()}
    />,
  );

  expect(
    screen.getByText(
      'Deprecated since 2026-11-01 08:00:00. It stops on 2026-12-31; calls then answer 410 Gone. ' +
        'Its answers carry Deprecation, Sunset and Link headers.',
    ),
  ).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Weather v2' })).toBeInTheDocument();
});
