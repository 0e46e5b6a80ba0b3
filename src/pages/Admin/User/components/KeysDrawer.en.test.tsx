import { screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listKeyAudit, listKeys } from '@/services/agler/key';
import { renderWithAntd } from '@/testing/render';
import { loadEnglish } from '@/testing/english';
import { KeysDrawer } from './KeysDrawer';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/key');
jest.mock('./loadUserKeys', () => ({ loadUserKeys: async () => jest.requireActual('./UserKeys') }));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

const bob: API.LoginUserVO = { id: '1790000000000000002', userAccount: 'bob', userName: 'Bob', userRole: 'user' };

beforeAll(() => startLanguage('en-US', loadEnglish));

function renderDrawer() {
  renderWithAntd(
    <ConfigProvider locale={antdLocale()}>
      <KeysDrawer open user={bob} onClose={jest.fn()} />
    </ConfigProvider>,
  );
}

describe('user management: the keys drawer in English', () => {
  it("shows a user's keys, their interfaces and the audit trail in English", async () => {
    jest.mocked(listKeys).mockResolvedValue(
      ok([
        {
          id: '1810000000000000001',
          name: 'production',
          accessKey: 'ak_prod',
          secretKeyTail: 'AbC1',
          createTime: '2026-11-01 10:00:00',
          expiresAt: null,
          lastUsed: null,
          interfaceIds: ['1800000000000000001'],
          interfaces: [{ id: '1800000000000000001', name: 'Weather', deleted: true }],
          graceUntil: null,
          status: 'active',
        },
      ] as unknown as API.KeyVO[]),
    );
    jest.mocked(listKeyAudit).mockResolvedValue(
      ok([
        {
          id: '1',
          keyId: '1810000000000000001',
          action: 'rotate',
          keyName: 'production',
          accessKey: 'ak_prod',
          graceSeconds: 0,
          ip: '203.0.113.7',
          time: '2026-11-20 09:00:00',
        },
      ]),
    );
    renderDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'Keys: Bob' });
    const table = await within(drawer).findByRole('table', { name: 'Keys' });
    for (const text of ['Weather (no longer available)', 'Never expires', 'Never used', '••••AbC1']) {
      expect(within(table).getByText(text)).toBeInTheDocument();
    }
    expect(within(drawer).getByText(/Read-only/)).toBeInTheDocument();
    expect(await within(drawer).findByText('203.0.113.7')).toBeInTheDocument();
    expect(drawer.textContent).not.toMatch(CJK);
  });

  it('says in English that there are no keys and no changes', async () => {
    jest.mocked(listKeys).mockResolvedValue(ok([]));
    jest.mocked(listKeyAudit).mockResolvedValue(ok([]));
    renderDrawer();
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('This user has no access keys yet')).toBeInTheDocument();
    expect(drawer.textContent).not.toMatch(CJK);
  });
});
