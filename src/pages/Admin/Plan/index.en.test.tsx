import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { listPlans } from '@/services/agler/plan';
import { listSubscriptions } from '@/services/agler/subscription';
import { listUserByPage } from '@/services/agler/user';
import { ok } from '@/testing/envelope';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import { setLoginUser } from '@/testing/umiMocks';
import PlanAdminPage from './index';

jest.mock('@/services/agler/plan');
jest.mock('@/services/agler/subscription');
jest.mock('@/services/agler/user');
jest.mock('@/services/agler/interfaceInfo');

setLoginUser({ id: '1790000000000000001', userRole: 'admin' });

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const WEATHER = '1800000000000000001';

const plan = (over: Partial<API.PlanVO>): API.PlanVO => ({
  id: '1900000000000000001',
  name: 'Pro',
  description: '100,000 calls a month',
  interfaceIds: [WEATHER],
  quota: 100_000,
  period: 'month',
  rateLimit: 10,
  rateBurst: 20,
  approval: false,
  overage: 'block',
  priceLabel: '$9/month',
  visibility: 'public',
  isDefault: false,
  retired: false,
  retireTime: null,
  subscribers: 1,
  createTime: '2026-11-01 10:00:00',
  updateTime: '2026-11-01 10:00:00',
  ...over,
});

const page = <T,>(records: T[]) => ok({ records, total: records.length, current: 1, size: 10, pages: 1 });

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  jest.mocked(listPlans).mockResolvedValue(
    ok([
      plan({ isDefault: true }),
      plan({
        id: '1900000000000000002',
        name: 'Enterprise',
        approval: true,
        overage: 'allow',
        rateLimit: null,
        rateBurst: null,
        visibility: 'private',
        period: 'day',
      }),
      plan({ id: '1900000000000000003', name: 'Legacy', retired: true, retireTime: '2026-11-20 09:00:00' }),
    ]),
  );
  jest.mocked(listInterfaceInfoByPage).mockResolvedValue(
    page([
      {
        id: WEATHER,
        name: 'Weather',
        description: '',
        url: 'https://api.example.com/weather',
        method: 'GET',
        status: 0,
        userId: '1790000000000000001',
        createTime: '2026-11-01 10:00:00',
        updateTime: '2026-11-01 10:00:00',
      } as API.InterfaceInfo,
    ]),
  );
  jest.mocked(listSubscriptions).mockResolvedValue(
    page([
      {
        id: '2000000000000000001',
        planId: '1900000000000000001',
        planName: 'Pro',
        userId: '1790000000000000002',
        userName: 'Bob',
        status: 'active',
        requestedPlanId: '1900000000000000002',
        requestedPlanName: 'Enterprise',
        period: 'month',
        periodStart: '2026-11-01 00:00:00',
        periodEnd: '2026-12-01 00:00:00',
        used: 1234,
        quota: 100_000,
        overage: 'block',
        cancelAtPeriodEnd: false,
        reason: 'Black Friday',
        reply: null,
        createTime: '2026-11-02 10:00:00',
        interfaceIds: [WEATHER],
      },
    ]),
  );
  jest.mocked(listUserByPage).mockResolvedValue(page([]));
});

function openPage() {
  renderWithAntd(
    <ConfigProvider locale={antdLocale()}>
      <PlanAdminPage />
    </ConfigProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td strong' })).closest('tr')!;

describe('Plans in English', () => {
  it('shows the plans, the form, the pending requests and the assignment in English, no Chinese left', async () => {
    openPage();
    const pro = await rowOf('Pro');
    await waitFor(() => expect(within(pro).getByText('Weather (offline)')).toBeInTheDocument());
    for (const text of ['100,000 calls / month', '10/s, burst 20', 'Blocked past the quota', 'Public', 'Default', 'Live'])
      expect(within(pro).getByText(text)).toBeInTheDocument();
    const enterprise = await rowOf('Enterprise');
    for (const text of ['100,000 calls / day', "Each interface's own", 'Needed', 'Let through past the quota', 'Private'])
      expect(within(enterprise).getByText(text)).toBeInTheDocument();
    expect(within(await rowOf('Legacy')).getByText('Retired')).toBeInTheDocument();
    for (const header of ['Interfaces', 'Quota per period', 'Rate limit', 'Subscribers', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Pending/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);

    fireEvent.click(screen.getByRole('button', { name: /New plan/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter a name for the plan')).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'Default plan' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Rate limit (calls/s)')).toBeInTheDocument();
    expect(form.textContent).not.toMatch(CJK);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(within(pro).getByRole('button', { name: 'Subscribers of “Pro” (1 active)' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Subscribers: Pro')).toBeInTheDocument();
    expect(await within(drawer).findByText('1,234 / 100,000')).toBeInTheDocument();
    expect(within(drawer).getByText('Asks to switch to “Enterprise”')).toBeInTheDocument();
    expect(drawer.textContent).not.toMatch(CJK);
    fireEvent.keyDown(drawer, { key: 'Escape' });

    fireEvent.click(screen.getByRole('tab', { name: /Pending/ }));
    expect(await screen.findByText('Pro → Enterprise')).toBeInTheDocument();
    expect(screen.getByText('Switch')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refuse the request of “Bob”' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);

    fireEvent.click(screen.getByRole('tab', { name: 'Assign a plan' }));
    expect(await screen.findByText('Subscribe a user to a plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);
  });
});
