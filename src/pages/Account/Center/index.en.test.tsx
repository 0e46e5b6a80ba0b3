import { fireEvent, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listKeyAudit, listKeys } from '@/services/agler/key';
import { listMyUsage } from '@/services/agler/user';
import { renderWithAntd } from '@/testing/render';
import AccountCenterPage from '.';
import { loadEnglish } from '@/testing/english';
import { setLoginUser } from '@/testing/umiMocks';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/user');
jest.mock('@/services/agler/key');

setLoginUser({ id: '1790000000000000003', userAccount: 'alice', userName: 'alice', userRole: 'user' });

// The contract says which fields may be null; the generated client's types do not.
type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };
type Key = Nullable<API.KeyVO, 'expiresAt' | 'lastUsed' | 'interfaceIds' | 'interfaces' | 'graceUntil'>;
type KeyAudit = Nullable<API.KeyAuditVO, 'graceSeconds'>;
const keysOk = (keys: Key[]) => ok(keys as unknown as API.KeyVO[]);
const auditOk = (entries: KeyAudit[]) => ok(entries as unknown as API.KeyAuditVO[]);
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  jest.mocked(listKeys).mockResolvedValue(ok([]));
  jest.mocked(listKeyAudit).mockResolvedValue(ok([]));
  jest.mocked(listMyUsage).mockResolvedValue(
    ok([
      {
        interfaceInfoId: '1800000000000000001',
        name: 'Weather',
        method: 'GET',
        status: 0,
        calls: 12,
        leftNum: 88,
        totalNum: 100,
        effectiveRateLimit: 0,
        effectiveRateBurst: 0,
      },
    ]),
  );
});

describe('My account in English', () => {
  it('shows every card, field and state in English, with no Chinese left', async () => {
    renderWithAntd(
      <ConfigProvider locale={antdLocale()}>
        <AccountCenterPage />
      </ConfigProvider>,
    );
    const row = (await screen.findByRole('link', { name: 'Weather' })).closest('tr')!;
    expect(within(row).getByText('Offline')).toBeInTheDocument();
    expect(within(row).getByText('88 / 100')).toBeInTheDocument();
    expect(screen.getByText('My account')).toBeInTheDocument();
    for (const title of ['Profile', 'Change password', 'Access keys', 'My calls']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('placeholder', '1–50 characters');
    expect(screen.getByLabelText('Avatar URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Left / total' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No access keys yet. Generate a pair to call interfaces from your own programs.',
      ),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);

    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Enter the new password again')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);
  });

  it('shows keys, their states, the forms and the audit trail in English', async () => {
    const key: Key = {
      id: '1810000000000000001',
      name: 'production',
      accessKey: 'ak_prod',
      secretKeyTail: 'AbC1',
      createTime: '2026-11-01 10:00:00',
      expiresAt: null,
      lastUsed: null,
      interfaceIds: null,
      interfaces: null,
      graceUntil: '2026-11-21 09:00:00',
      status: 'active',
    };
    jest.mocked(listKeys).mockResolvedValue(
      keysOk([
        key,
        {
          ...key,
          id: '1810000000000000002',
          name: 'old',
          accessKey: 'ak_old',
          graceUntil: null,
          status: 'expired',
        },
        {
          ...key,
          id: '1810000000000000003',
          name: 'test',
          accessKey: 'ak_test',
          interfaceIds: ['1800000000000000001'],
          interfaces: [{ id: '1800000000000000001', name: 'Weather', deleted: false }],
          graceUntil: null,
          status: 'revoked',
        },
      ]),
    );
    jest.mocked(listKeyAudit).mockResolvedValue(
      auditOk([
        {
          id: '1',
          keyId: key.id,
          action: 'rotate',
          keyName: 'production',
          accessKey: 'ak_prod',
          graceSeconds: 86400,
          ip: '127.0.0.1',
          time: '2026-11-20 09:00:00',
        },
        {
          id: '2',
          keyId: key.id,
          action: 'add',
          keyName: 'production',
          accessKey: 'ak_prod',
          graceSeconds: null,
          ip: '127.0.0.1',
          time: '2026-11-19 09:00:00',
        },
      ]),
    );
    renderWithAntd(
      <ConfigProvider locale={antdLocale()}>
        <AccountCenterPage />
      </ConfigProvider>,
    );
    expect(await screen.findByText('The old SecretKey works until 2026-11-21 09:00:00')).toBeInTheDocument();
    expect(await screen.findByText('Rotated (old key stops in 24 hours)')).toBeInTheDocument();
    for (const text of [
      'Never expires',
      'Never used',
      'All interfaces',
      'Active',
      'Expired',
      'Revoked',
      'Key activity',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(await screen.findByText('Weather', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate production' }));
    expect(await screen.findByText('Stops in 24 hours')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);
    fireEvent.click(screen.getByRole('button', { name: /New key/ }));
    expect(await screen.findByLabelText('Expiry date')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);
  });
});
