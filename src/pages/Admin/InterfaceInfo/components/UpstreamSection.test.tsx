import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPSTREAM_SETTINGS_MESSAGES } from '@agler/contract/interfaceUpstream';
import { ApiError } from '@/requestConfig';
import {
  getInterfaceInfoById,
  rotateForwardSecret,
  setUpstreamAuth,
  setUpstreamLimits,
} from '@/services/agler/interfaceInfo';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { InterfaceForm } from './InterfaceForm';
import UpstreamSection from './UpstreamSection';

jest.mock('@/services/agler/interfaceInfo', () => ({
  getInterfaceInfoById: jest.fn(),
  rotateForwardSecret: jest.fn(),
  setUpstreamAuth: jest.fn(),
  setUpstreamLimits: jest.fn(),
  addInterfaceInfo: jest.fn(),
  updateInterfaceInfo: jest.fn(),
  listInterfaceInfoByPage: jest.fn(),
}));
jest.mock('./loadUpstream', () => ({
  loadUpstreamSection: async () => jest.requireActual('./UpstreamSection'),
}));

const ID = '1800000000000000007';
const VALUE = 'Bearer sk-live-0123456789abcd';
const SECRET = `whsec_${'B'.repeat(43)}=`;

const UPSTREAM: API.UpstreamVO = {
  credentials: [{ in: 'header', name: 'X-Api-Key', last4: 'wxyz' }],
  timeoutMs: null,
  retries: 0,
  maxConnections: null,
  secretTime: '2026-11-20 15:31:00',
  previousUntil: null,
};

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: RegExp | string) => screen.getByRole('button', { name });

/** The refusal the server sends for a message of the contract, with its key. */
function refusal(message: { text: string; messageKey: string; messageArgs?: (string | number)[] }) {
  return new ApiError({
    code: 40000,
    message: message.text,
    messageKey: message.messageKey,
    messageArgs: message.messageArgs as never,
  });
}

beforeEach(() => {
  jest.mocked(setUpstreamAuth).mockReset();
  jest.mocked(setUpstreamLimits).mockReset();
  jest.mocked(rotateForwardSecret).mockReset();
  jest.mocked(getInterfaceInfoById).mockReset();
});

describe('UpstreamSection credentials', () => {
  it('lists a credential by place, name and last 4 characters, and removes it with a null value', async () => {
    jest.mocked(setUpstreamAuth).mockResolvedValue(ok({ ...UPSTREAM, credentials: [] }));
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    const list = screen.getByRole('list', { name: '上游凭据' });
    expect(within(list).getByText('请求头')).toBeInTheDocument();
    expect(within(list).getByText('X-Api-Key')).toBeInTheDocument();
    expect(within(list).getByText('••••wxyz')).toBeInTheDocument();

    fireEvent.click(button('删除凭据 X-Api-Key'));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() =>
      expect(setUpstreamAuth).toHaveBeenCalledWith(
        { id: ID, headers: [{ name: 'X-Api-Key', value: null }] },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('还没有凭据')).toBeInTheDocument();
  });

  it('adds a query credential, clears the value once saved and never shows it', async () => {
    const saved = {
      ...UPSTREAM,
      credentials: [...UPSTREAM.credentials, { in: 'query' as const, name: 'key', last4: 'abcd' }],
    };
    jest.mocked(setUpstreamAuth).mockResolvedValue(ok(saved));
    const { container } = renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    fireEvent.mouseDown(within(container).getByLabelText('位置'));
    fireEvent.click(await screen.findByTitle('查询参数'));
    type('名称', ' key ');
    type('值', VALUE);
    expect(field('值')).toHaveAttribute('type', 'password');
    fireEvent.click(button('保存凭据'));

    await waitFor(() =>
      expect(setUpstreamAuth).toHaveBeenCalledWith(
        { id: ID, query: [{ name: 'key', value: VALUE }] },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('••••abcd')).toBeInTheDocument();
    expect(field('值')).toHaveValue('');
    expect(field('名称')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain(VALUE);
  });

  it("checks a header name with the contract's rule before sending", async () => {
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    type('名称', 'agler-user-id');
    type('值', VALUE);
    fireEvent.click(button('保存凭据'));
    expect(await screen.findByText(/不能设置/)).toBeInTheDocument();
    expect(setUpstreamAuth).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the server refuses, with its message at the field it names', async () => {
    const message = UPSTREAM_SETTINGS_MESSAGES.valueInvalid('headers[0].value');
    jest.mocked(setUpstreamAuth).mockRejectedValue(refusal(message as never));
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    type('名称', 'Authorization');
    type('值', VALUE);
    fireEvent.click(button('保存凭据'));
    expect(await screen.findByText((message as { text: string }).text)).toBeInTheDocument();
    expect(field('名称')).toHaveValue('Authorization');
    expect(field('值')).toHaveValue(VALUE);
    expect(screen.queryByText('保存失败')).not.toBeInTheDocument();
  });

  it('says a name already set is replaced, and stops adding at the limit', async () => {
    const full = {
      ...UPSTREAM,
      credentials: Array.from({ length: 8 }, (_, i) => ({
        in: 'header' as const,
        name: `X-K${i}`,
        last4: '',
      })),
    };
    renderWithAntd(<UpstreamSection id={ID} initial={full} />);
    expect(button('保存凭据')).toBeDisabled();
    expect(screen.getByText('凭据已达 8 个，请先删除一个')).toBeInTheDocument();
    type('名称', 'x-k3');
    expect(await screen.findByText('已有同名凭据：保存后替换它的值')).toBeInTheDocument();
    await waitFor(() => expect(button('保存凭据')).toBeEnabled());
  });
});

describe('UpstreamSection forwarding secret', () => {
  it('rotates after a confirmation and shows the new secret once', async () => {
    jest
      .mocked(rotateForwardSecret)
      .mockResolvedValue(
        ok({
          secret: SECRET,
          upstream: { ...UPSTREAM, secretTime: '2026-11-21 10:00:00', previousUntil: '2026-11-21 11:00:00' },
        }),
      );
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    expect(screen.getByText('2026-11-20 15:31:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '如何验证签名' })).toHaveAttribute(
      'href',
      '/help/index.html#forwarded',
    );
    fireEvent.click(screen.getByLabelText('1 小时后失效'));
    fireEvent.click(button(/轮换密钥/));
    fireEvent.click(await screen.findByRole('button', { name: /^轮\s*换$/ }));

    await waitFor(() =>
      expect(rotateForwardSecret).toHaveBeenCalledWith(
        { id: ID, graceSeconds: 3600 },
        { skipErrorHandler: true },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: '已生成新的转发密钥' });
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(dialog).getByText(/只显示这一次/)).toBeInTheDocument();
    expect(within(dialog).getByText('旧密钥在 2026-11-21 11:00:00 之前仍同时签名。')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /复制/ })).toBeInTheDocument();
    // The facts beside the button follow the answer.
    expect(screen.getByText('2026-11-21 10:00:00')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('shows nothing new when the rotation fails', async () => {
    jest
      .mocked(rotateForwardSecret)
      .mockRejectedValue(new ApiError({ code: 50000, message: '数据库暂时不可用，请稍后重试' }));
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    fireEvent.click(button(/轮换密钥/));
    fireEvent.click(await screen.findByRole('button', { name: /^轮\s*换$/ }));
    expect(await screen.findByText('数据库暂时不可用，请稍后重试')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '已生成新的转发密钥' })).not.toBeInTheDocument();
  });

  it('says when a secret will be made for an interface that has none yet', () => {
    renderWithAntd(<UpstreamSection id={ID} initial={{ ...UPSTREAM, secretTime: null }} />);
    expect(screen.getByText('首次调用时生成')).toBeInTheDocument();
  });
});

describe('UpstreamSection limits', () => {
  it('refuses numbers out of range and sends nothing', async () => {
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    type('超时（毫秒）', '50');
    type('重试次数', '3');
    type('最大连接数', '300');
    fireEvent.click(button(/^保\s*存$/));
    expect(await screen.findByText('请输入不小于 100 的整数')).toBeInTheDocument();
    expect(screen.getByText('请输入 0 到 2 的整数')).toBeInTheDocument();
    expect(screen.getByText('请输入 1 到 256 的整数')).toBeInTheDocument();
    expect(setUpstreamLimits).not.toHaveBeenCalled();
  });

  it('saves the three at once, an empty one as the default', async () => {
    jest.mocked(setUpstreamLimits).mockResolvedValue(ok({ ...UPSTREAM, timeoutMs: 2500, retries: 2 }));
    renderWithAntd(<UpstreamSection id={ID} initial={{ ...UPSTREAM, maxConnections: 32 }} />);
    type('超时（毫秒）', '2500');
    type('重试次数', '2');
    type('最大连接数', '');
    fireEvent.click(button(/^保\s*存$/));
    await waitFor(() =>
      expect(setUpstreamLimits).toHaveBeenCalledWith(
        { id: ID, timeoutMs: 2500, retries: 2, maxConnections: null },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('超时与重试已保存')).toBeInTheDocument();
  });

  it("shows the server's refusal at the timeout and keeps the number", async () => {
    const message = UPSTREAM_SETTINGS_MESSAGES.badTimeout(10000);
    jest.mocked(setUpstreamLimits).mockRejectedValue(refusal(message as never));
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    type('超时（毫秒）', '20000');
    fireEvent.click(button(/^保\s*存$/));
    expect(await screen.findByText((message as { text: string }).text)).toBeInTheDocument();
    expect(field('超时（毫秒）')).toHaveValue('20000');
    // At the field, not above the form.
    expect(screen.queryByText('保存失败')).not.toBeInTheDocument();
  });
});

describe('UpstreamSection in the drawer', () => {
  it('is offered for an interface being edited, from what get answered', async () => {
    jest.mocked(getInterfaceInfoById).mockResolvedValue(
      ok({
        id: ID,
        name: '天气查询',
        url: 'https://api.example.com/weather',
        method: 'GET',
        status: 0,
        upstream: UPSTREAM,
      } as API.InterfaceInfo),
    );
    renderWithAntd(
      <InterfaceForm
        open
        record={{ id: ID, name: '天气查询' }}
        onClose={jest.fn()}
        onSaved={jest.fn()}
        onGone={jest.fn()}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: '打开上游设置' }));
    expect(await screen.findByText('X-Api-Key')).toBeInTheDocument();
    expect(getInterfaceInfoById).toHaveBeenCalledTimes(1);
  });

  it('is not offered for a new interface', async () => {
    renderWithAntd(<InterfaceForm open onClose={jest.fn()} onSaved={jest.fn()} onGone={jest.fn()} />);
    expect(await screen.findByLabelText('接口名称')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打开上游设置' })).not.toBeInTheDocument();
  });
});
