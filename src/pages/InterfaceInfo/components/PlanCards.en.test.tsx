import { fireEvent, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listPlans } from '@/services/agler/plan';
import { listSubscriptions } from '@/services/agler/subscription';
import { ok } from '@/testing/envelope';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import { subscriptionList } from '@/testing/subscriptions';
import { PlanCards, usePlanCover } from './PlanCards';
import { ENTERPRISE, FREE, INTERFACE_ID, PRO, held } from './PlanCards.fixtures';

jest.mock('@/services/agler/plan');
jest.mock('@/services/agler/subscription');

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/** The demo's plans with English names and descriptions: the page shows them as they come. */
const english = (plan: API.PlanVO, name: string, priceLabel: string): API.PlanVO => ({
  ...plan,
  name,
  priceLabel,
  description: `${name} tier`,
});

function Harness() {
  const cover = usePlanCover(INTERFACE_ID, false, 0);
  return <PlanCards cover={cover} interfaceName="Phone lookup" interfaceRate="5 calls per second, bursts of 5" admin={false} />;
}

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  const pro = english(PRO, 'Pro', '$15/month');
  jest
    .mocked(listPlans)
    .mockResolvedValue(ok([english(FREE, 'Free', 'Free'), pro, english(ENTERPRISE, 'Enterprise', 'Contact sales')]));
  jest.mocked(listSubscriptions).mockImplementation(subscriptionList([{ ...held(pro), userName: 'User' }]));
});

describe('the plans in English', () => {
  it('shows the cards, the held plan’s use and the approval dialog in English, with no Chinese left', async () => {
    renderWithAntd(
      <ConfigProvider locale={antdLocale()}>
        <Harness />
      </ConfigProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Subscribed: Pro' })).toBeDisabled();
    expect(screen.getByText('Plans')).toBeInTheDocument();
    expect(screen.getByText('1,000 calls a month')).toBeInTheDocument();
    expect(screen.getAllByText('Interface default (5 calls per second, bursts of 5)')).toHaveLength(2);
    expect(screen.getByText('1,234 of 100,000 calls used this period')).toBeInTheDocument();
    expect(screen.getByText('Resets 2026-12-01 00:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for more' })).toBeInTheDocument();
    expect(screen.getByText('Counted as overage')).toBeInTheDocument();
    expect(screen.getByText('Needs approval')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch: Free' })).toBeEnabled();
    expect(document.body.textContent).not.toMatch(CJK);

    fireEvent.click(screen.getByRole('button', { name: 'Switch: Enterprise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to “Enterprise”' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(CJK);
  });
});
