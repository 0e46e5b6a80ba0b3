import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '@/requestConfig';
import { listKeyAudit, listKeys } from '@/services/agler/key';
import { renderWithAntd } from '@/testing/render';
import { KeysDrawer } from './KeysDrawer';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/key');
// The chunk of its own is the module itself in tests.
jest.mock('./loadUserKeys', () => ({ loadUserKeys: async () => jest.requireActual('./UserKeys') }));

const keysMock = jest.mocked(listKeys);
const auditMock = jest.mocked(listKeyAudit);

// The contract says which fields may be null; the generated client's types do not.
type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };
type Key = Nullable<API.KeyVO, 'expiresAt' | 'lastUsed' | 'interfaceIds' | 'interfaces' | 'graceUntil'>;
type Audit = Nullable<API.KeyAuditVO, 'graceSeconds'>;

const bob: API.LoginUserVO = {
  id: '1790000000000000002',
  userAccount: 'bob',
  userName: '小明',
  userRole: 'user',
};

const KEYS: Key[] = [
  {
    id: '1810000000000000001',
    name: '生产',
    accessKey: 'ak_prod',
    secretKeyTail: 'AbC1',
    createTime: '2026-11-01 10:00:00',
    expiresAt: '2026-12-31 00:00:00',
    lastUsed: '2026-11-20 08:30:00',
    interfaceIds: ['1800000000000000001', '1800000000000000060'],
    interfaces: [
      { id: '1800000000000000001', name: '天气查询', deleted: true },
      { id: '1800000000000000060', name: '第六十个接口', deleted: false },
    ],
    graceUntil: '2026-11-21 09:00:00',
    status: 'active',
  },
  {
    id: '1810000000000000002',
    name: '旧的',
    accessKey: 'ak_old',
    secretKeyTail: 'XyZ9',
    createTime: '2026-10-01 10:00:00',
    expiresAt: null,
    lastUsed: null,
    interfaceIds: null,
    interfaces: null,
    graceUntil: null,
    status: 'revoked',
  },
];

const AUDIT: Audit[] = [
  {
    id: '2',
    keyId: KEYS[0].id,
    action: 'rotate',
    keyName: '生产',
    accessKey: 'ak_prod',
    graceSeconds: 86400,
    ip: '203.0.113.7',
    time: '2026-11-20 09:00:00',
  },
];

function Harness({ user = bob }: { user?: API.LoginUserVO }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <KeysDrawer open={open} user={user} onClose={() => setOpen(false)} />
    </>
  );
}

async function openDrawer() {
  renderWithAntd(<Harness />);
  const opener = screen.getByRole('button', { name: '打开' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, drawer: await screen.findByRole('dialog') };
}

beforeEach(() => {
  keysMock.mockReset().mockResolvedValue(ok(KEYS as unknown as API.KeyVO[]));
  auditMock.mockReset().mockResolvedValue(ok(AUDIT as unknown as API.KeyAuditVO[]));
});

describe('用户管理: 密钥 drawer', () => {
  it("shows the user's keys read-only, with their interfaces by name, and never a secret", async () => {
    const { drawer } = await openDrawer();
    expect(within(drawer).getByText('密钥：小明')).toBeInTheDocument();
    const table = await within(drawer).findByRole('table', { name: '密钥列表' });
    expect(keysMock).toHaveBeenCalledWith({ userId: bob.id }, { skipErrorHandler: true });
    const row = within(table).getByText('生产', { exact: true }).closest('tr') as HTMLElement;
    for (const text of [
      'ak_prod',
      '••••AbC1',
      '2026-11-01 10:00:00',
      // Expires at the midnight that ends 2026-12-30: the last day it works.
      '2026-12-30',
      '2026-11-20 08:30:00',
      '天气查询（已不可用）',
      '第六十个接口',
      '有效',
      '旧 SecretKey 有效至 2026-11-21 09:00:00',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const old = within(table).getByText('旧的', { exact: true }).closest('tr') as HTMLElement;
    for (const text of ['全部接口', '永不过期', '从未使用', '已吊销']) {
      expect(within(old).getByText(text)).toBeInTheDocument();
    }
    expect(within(drawer).queryByRole('button', { name: /轮换|吊销|新建密钥|生成密钥/ })).not.toBeInTheDocument();
  });

  it("shows the user's key audit trail: what, which key, from where", async () => {
    const { drawer } = await openDrawer();
    const trail = await within(drawer).findByRole('table', { name: '密钥操作记录' });
    expect(auditMock).toHaveBeenCalledWith({ userId: bob.id }, { skipErrorHandler: true });
    for (const text of ['轮换（旧密钥 24 小时后失效）', '生产', '203.0.113.7', '2026-11-20 09:00:00']) {
      expect(within(trail).getByText(text)).toBeInTheDocument();
    }
  });

  it('says when the user has no keys and no changes', async () => {
    keysMock.mockResolvedValue(ok([]));
    auditMock.mockResolvedValue(ok([]));
    const { drawer } = await openDrawer();
    expect(await within(drawer).findByText('该用户还没有访问密钥')).toBeInTheDocument();
    expect(await within(drawer).findByText('还没有密钥操作记录')).toBeInTheDocument();
  });

  it('offers a retry when the keys cannot be loaded', async () => {
    keysMock.mockRejectedValueOnce(new ApiError({ code: 50000, data: null, message: '系统错误' }));
    const { drawer } = await openDrawer();
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('访问密钥加载失败');
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await within(drawer).findByRole('table', { name: '密钥列表' })).toBeInTheDocument();
    expect(keysMock).toHaveBeenCalledTimes(2);
  });

  it('closes with Escape and gives the focus back to what opened it', async () => {
    const { opener, drawer } = await openDrawer();
    await within(drawer).findByRole('table', { name: '密钥列表' });
    (within(drawer).getByRole('button', { name: /close|关闭/i }) as HTMLElement).focus();
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
