import { act, screen } from '@testing-library/react';
import { HEALTH_REFRESH_MS } from '@agler/contract/interfaceHealth';
import { getInterfaceHealth } from '@/services/agler/interfaceInfo';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { healthIn, InterfaceHealth, useInterfaceHealth } from '.';

jest.mock('@/services/agler/interfaceInfo');

const healthMock = jest.mocked(getInterfaceHealth);

const HEALTHY = { calls: 1200, successRate: 0.9995, p50: 82, p95: 210, state: 'healthy' as const };

describe('InterfaceHealth', () => {
  it.each([
    ['healthy', HEALTHY, '正常', '成功率 99.9% · p50 82 ms · p95 210 ms'],
    [
      'degraded',
      { calls: 40, successRate: 1, p50: 900, p95: 2850, state: 'degraded' },
      '降级',
      '成功率 100.0% · p50 900 ms · p95 2.85 s',
    ],
    ['down', { calls: 3, successRate: 1 / 3, p50: 40, p95: 50, state: 'down' }, '故障', '成功率 33.3% · p50 40 ms · p95 50 ms'],
    ['unknown', { calls: 0, successRate: 0, p50: 0, p95: 0, state: 'unknown' }, '暂无数据', '近 24 小时没有调用'],
  ] as const)('shows %s with its figures', (_name, health, state, figures) => {
    renderWithAntd(<InterfaceHealth health={health} />);
    const shown = screen.getByTestId('interface-health');
    expect(shown).toHaveTextContent(`近 24 小时：${state}${figures}`);
    expect(screen.getByText(state)).toBeVisible();
    expect(shown).toHaveAttribute('title', `近 24 小时 ${health.calls.toLocaleString('en')} 次调用`);
  });

  it('keeps each figure whole, so a line breaks only between figures', () => {
    renderWithAntd(<InterfaceHealth health={HEALTHY} />);
    for (const figure of ['成功率 99.9%', 'p50 82 ms', 'p95 210 ms']) {
      expect(screen.getByText(figure)).toHaveStyle({ whiteSpace: 'nowrap' });
    }
  });

  it('shows nothing before the figures come', () => {
    renderWithAntd(<InterfaceHealth health={undefined} />);
    expect(screen.getByTestId('interface-health')).toBeEmptyDOMElement();
  });
});

describe('healthIn', () => {
  it('reads an id of the map; one missing from it had no calls; nothing while the map is not there', () => {
    const map = { '1800000000000000001': HEALTHY };
    expect(healthIn(map, '1800000000000000001')).toBe(HEALTHY);
    expect(healthIn(map, '7')).toMatchObject({ calls: 0, state: 'unknown' });
    expect(healthIn(undefined, '7')).toBeUndefined();
  });
});

describe('useInterfaceHealth', () => {
  function Probe() {
    const map = useInterfaceHealth();
    return <InterfaceHealth health={healthIn(map, '1')} />;
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks once, then again every minute, keeping the figures when a poll fails', async () => {
    healthMock.mockResolvedValueOnce(ok({ '1': HEALTHY }) as never);
    renderWithAntd(<Probe />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('正常')).toBeInTheDocument();
    expect(healthMock).toHaveBeenCalledTimes(1);
    expect(healthMock).toHaveBeenCalledWith({ skipErrorHandler: true });

    healthMock.mockRejectedValueOnce(new Error('network'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(HEALTH_REFRESH_MS);
    });
    expect(healthMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText('正常')).toBeInTheDocument();

    healthMock.mockResolvedValueOnce(ok({ '1': { ...HEALTHY, state: 'down', successRate: 0.2 } }) as never);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(HEALTH_REFRESH_MS);
    });
    expect(healthMock).toHaveBeenCalledTimes(3);
    expect(screen.getByText('故障')).toBeInTheDocument();
  });
});
