import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/requestConfig';
import { listUserByPage, updateUserRole } from '@/services/agler/user';
import { listUserInterfaceInfo } from '@/services/agler/userInterfaceInfo';
import { listKeyAudit, listKeys } from '@/services/agler/key';
import RequestBridge from '@/components/RequestBridge';
import { renderWithAntd } from '@/testing/render';
import UserAdminPage from './index';
import { setLoginUser } from '@/testing/umiMocks';

jest.mock('@/services/agler/user');
jest.mock('@/services/agler/userInterfaceInfo');
jest.mock('@/services/agler/quotaRequest');
jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/key');
jest.mock('./components/loadUserKeys', () => ({
  loadUserKeys: async () => jest.requireActual('./components/UserKeys'),
}));

// The page reads who is logged in: the admin, user 1 below.
setLoginUser({ id: '1790000000000000001', userRole: 'admin' });

const listMock = jest.mocked(listUserByPage);
const roleMock = jest.mocked(updateUserRole);
const quotaListMock = jest.mocked(listUserInterfaceInfo);

const PAGE = '/admin/user';

function user(n: number, fields: Partial<API.LoginUserVO> = {}): API.LoginUserVO {
  return {
    id: `17900000000000000${String(n).padStart(2, '0')}`,
    userAccount: `account${n}`,
    userName: `用户 ${n}`,
    userAvatar: '',
    userRole: 'user',
    createTime: '2026-11-01 10:00:00',
    ...fields,
  };
}

const admin = user(1, { userAccount: 'admin', userName: '管理员', userRole: 'admin' });
const demo = user(2, { userAccount: 'user', userName: '普通用户' });

function answerUsers(records: API.LoginUserVO[], total = records.length) {
  listMock.mockResolvedValue({
    code: 0,
    data: { records, total, current: 1, size: 10, pages: 1 },
    message: 'ok',
  });
}

function openAt(url: string) {
  window.history.replaceState(null, '', url);
  // The layout's bridge: the request layer's messages show as in the app.
  renderWithAntd(
    <>
      <RequestBridge />
      <UserAdminPage />
    </>,
  );
}

const query = () => Object.fromEntries(new URLSearchParams(window.location.search));
const lastListCall = () => listMock.mock.calls[listMock.mock.calls.length - 1][0];
const searchForm = () => screen.getByRole('button', { name: /查\s*询/ }).closest('form')!;
/** The table row of the user with this account (the role select's hidden options name values too). */
const rowOf = async (account: string) =>
  (await screen.findByText(account, { ignore: 'script, style, [role="option"]' })).closest('tr')!;

/** Opens an antd select and picks the option titled `option` from the dropdown that opened. */
async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  const dropdown = await waitFor(() => {
    const open = document.querySelectorAll<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    );
    expect(open.length).toBeGreaterThan(0);
    return open[open.length - 1];
  });
  // The choice may start a request: its answer's updates land inside act.
  await act(async () => {
    fireEvent.click(within(dropdown).getByTitle(option));
  });
}

beforeEach(() => {
  listMock.mockReset();
  roleMock.mockReset();
  quotaListMock.mockReset();
  answerUsers([demo, admin]);
});

describe('user management: the list', () => {
  it('shows each user with a short copyable id, the account, the name and the role', async () => {
    openAt(PAGE);
    const row = await rowOf('user');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['…000002', 'user', '普通用户', '用户', '2026-11-01 10:00:00']));
    expect(within(row).getByText('…000002')).toHaveAttribute('title', '完整 ID：1790000000000000002');
    expect(within(row).getByRole('button', { name: /复制/ })).toBeInTheDocument();
    expect(within(await rowOf('admin')).getByText('管理员', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(lastListCall()).toEqual({ current: 1, pageSize: 10, searchText: undefined, userRole: undefined });
  });

  it('searches by account or name and by role, and keeps the search and page in the URL', async () => {
    answerUsers([demo], 25);
    openAt(PAGE);
    await rowOf('user');

    fireEvent.change(within(searchForm()).getByLabelText('账号或昵称'), { target: { value: ' 普通 ' } });
    await choose(within(searchForm()).getByLabelText('角色'), '已封禁');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastListCall()).toEqual({ current: 1, pageSize: 10, searchText: '普通', userRole: 'ban' }),
    );
    await waitFor(() => expect(query()).toEqual({ searchText: ' 普通 ', userRole: 'ban' }));

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(lastListCall()).toEqual(expect.objectContaining({ current: 2, userRole: 'ban' })),
    );
    await waitFor(() => expect(query()).toEqual(expect.objectContaining({ current: '2' })));
  });

  it('starts from the search and page a URL asks for, ignoring a role it does not know', async () => {
    openAt(`${PAGE}?searchText=adm&userRole=root&current=3&pageSize=20`);
    await rowOf('admin');
    expect(lastListCall()).toEqual({ current: 3, pageSize: 20, searchText: 'adm', userRole: undefined });
    expect(within(searchForm()).getByLabelText('账号或昵称')).toHaveValue('adm');
  });

  it('says the list could not load and loads it again on retry', async () => {
    listMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '数据库暂时不可用，请稍后重试' }));
    openAt(PAGE);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('用户列表加载失败');
    expect(alert).toHaveTextContent('数据库暂时不可用，请稍后重试');
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    await rowOf('user');
    await waitFor(() => expect(screen.queryByText('用户列表加载失败')).not.toBeInTheDocument());
  });

  it('says when no user matches', async () => {
    answerUsers([]);
    openAt(PAGE);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });
});

describe('user management: roles', () => {
  it('makes a user an admin, and the table shows it only after the server said yes', async () => {
    let answer!: (value: API.BaseResponseBoolean) => void;
    roleMock.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    openAt(PAGE);
    const row = await rowOf('user');
    await choose(within(row).getByRole('combobox', { name: 'user 的角色' }), '管理员');
    expect(roleMock).toHaveBeenCalledWith({ id: demo.id, userRole: 'admin' }, { skipErrorHandler: true });
    expect(within(row).getByText('用户', { selector: '.ant-tag' })).toBeInTheDocument();

    answerUsers([{ ...demo, userRole: 'admin' }, admin]);
    await act(async () => answer({ code: 0, data: true, message: 'ok' }));
    expect(await screen.findByText('已将「普通用户」设为管理员')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await rowOf('user')).getByText('管理员', { selector: '.ant-tag' })).toBeInTheDocument(),
    );
  });

  it("shows the server's reason when it refuses, and keeps the role", async () => {
    roleMock.mockRejectedValue(new ApiError({ code: 40000, message: '至少要保留一位管理员' }));
    answerUsers([user(3, { userAccount: 'other', userRole: 'admin' }), admin]);
    openAt(PAGE);
    const row = await rowOf('other');
    const calls = listMock.mock.calls.length;
    await choose(within(row).getByRole('combobox', { name: 'other 的角色' }), '普通用户');
    expect(await screen.findByText('至少要保留一位管理员')).toBeInTheDocument();
    expect(within(row).getByText('管理员', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(listMock.mock.calls.length).toBe(calls);
  });

  it('bans only after the confirmation, which says sessions and keys stop at once', async () => {
    roleMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    openAt(PAGE);
    fireEvent.click(within(await rowOf('user')).getByRole('button', { name: /封\s*禁/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('确定封禁「普通用户」吗？');
    expect(confirm).toHaveTextContent('登录会话和访问密钥立即失效');
    expect(roleMock).not.toHaveBeenCalled();

    answerUsers([{ ...demo, userRole: 'ban' }, admin]);
    fireEvent.click(within(confirm).getByRole('button', { name: /封\s*禁/ }));
    await waitFor(() =>
      expect(roleMock).toHaveBeenCalledWith({ id: demo.id, userRole: 'ban' }, { skipErrorHandler: true }),
    );
    expect(await screen.findByText('已封禁「普通用户」')).toBeInTheDocument();
    const banned = await rowOf('user');
    await waitFor(() =>
      expect(within(banned).getByText('已封禁', { selector: '.ant-tag' })).toBeInTheDocument(),
    );
    expect(within(banned).getByRole('button', { name: /解\s*封/ })).toBeInTheDocument();
    expect(within(banned).queryByRole('combobox', { name: 'user 的角色' })).not.toBeInTheDocument();
  });

  it('unbans back to an ordinary user after its confirmation', async () => {
    roleMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    answerUsers([{ ...demo, userRole: 'ban' }, admin]);
    openAt(PAGE);
    fireEvent.click(within(await rowOf('user')).getByRole('button', { name: /解\s*封/ }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: /解\s*封/ }));
    await waitFor(() =>
      expect(roleMock).toHaveBeenCalledWith({ id: demo.id, userRole: 'user' }, { skipErrorHandler: true }),
    );
  });

  it("keeps the admin's own row from banning or demoting itself, and says why", async () => {
    openAt(PAGE);
    const row = await rowOf('admin');
    expect(within(row).getByRole('combobox', { name: 'admin 的角色' })).toBeDisabled();
    const ban = within(row).getByRole('button', { name: /封\s*禁/ });
    expect(ban).toBeDisabled();
    fireEvent.focus(ban.parentElement!);
    expect(await screen.findByText('不能封禁自己的账号')).toBeInTheDocument();
    fireEvent.click(ban);
    expect(roleMock).not.toHaveBeenCalled();
    expect(screen.queryByText(/确定封禁/)).not.toBeInTheDocument();
    // Only the admin's own row is locked.
    expect(within(await rowOf('user')).getByRole('combobox', { name: 'user 的角色' })).toBeEnabled();
  });
});

describe('user management: quotas', () => {
  it("opens the user's quotas in a drawer", async () => {
    quotaListMock.mockResolvedValue({
      code: 0,
      data: [
        {
          interfaceInfoId: '1800000000000000001',
          name: '天气查询',
          method: 'GET',
          status: 1,
          calls: 12,
          leftNum: 88,
          totalNum: 100,
          effectiveRateLimit: 0,
          effectiveRateBurst: 0,
        },
      ],
      message: 'ok',
    });
    openAt(PAGE);
    fireEvent.click(within(await rowOf('user')).getByRole('button', { name: '调用额度' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('调用额度：普通用户')).toBeInTheDocument();
    expect(await within(drawer).findByRole('link', { name: '天气查询' })).toHaveAttribute(
      'href',
      '/interface_info/1800000000000000001',
    );
    expect(quotaListMock).toHaveBeenCalledWith({ userId: demo.id }, { skipErrorHandler: true });
  });
});

describe('user management: keys', () => {
  it("opens the user's keys and their audit trail, read-only, in a drawer", async () => {
    jest.mocked(listKeys).mockResolvedValue({ code: 0, data: [], message: 'ok' });
    jest.mocked(listKeyAudit).mockResolvedValue({ code: 0, data: [], message: 'ok' });
    openAt(PAGE);
    fireEvent.click(within(await rowOf('user')).getByRole('button', { name: '查看 user 的密钥' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('密钥：普通用户')).toBeInTheDocument();
    expect(await within(drawer).findByText('该用户还没有访问密钥')).toBeInTheDocument();
    expect(listKeys).toHaveBeenCalledWith({ userId: demo.id }, { skipErrorHandler: true });
    expect(listKeyAudit).toHaveBeenCalledWith({ userId: demo.id }, { skipErrorHandler: true });
  });
});
