import { screen } from '@testing-library/react';
import { startLanguage } from '@/locales';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import { InterfaceHealth } from '.';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

it.each([
  [{ calls: 1, successRate: 1, p50: 82, p95: 82, state: 'healthy' }, 'Healthy', 'Success 100.0% · p50 82 ms · p95 82 ms'],
  [{ calls: 40, successRate: 0.9, p50: 1500, p95: 2850, state: 'degraded' }, 'Degraded', 'Success 90.0% · p50 1.50 s · p95 2.85 s'],
  [{ calls: 3, successRate: 0, p50: 40, p95: 50, state: 'down' }, 'Down', 'Success 0.0% · p50 40 ms · p95 50 ms'],
  [{ calls: 0, successRate: 0, p50: 0, p95: 0, state: 'unknown' }, 'No data', 'No calls in the last 24 hours'],
] as const)('speaks English: %#', (health, state, figures) => {
  renderWithAntd(<InterfaceHealth health={health} />);
  const shown = screen.getByTestId('interface-health');
  expect(shown).toHaveTextContent(`Last 24 hours:${state}${figures}`);
  expect(shown.getAttribute('title')).toMatch(/in the last 24 hours$/);
  expect(shown.textContent).not.toMatch(CJK);
});
