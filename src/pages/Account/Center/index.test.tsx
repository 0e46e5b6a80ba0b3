import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/requestConfig';
import {
  getMyAccessKey,
  listMyUsage,
  regenerateMyAccessKey,
  updateMyPassword,
  updateMyUser,
} from '@/services/agler/user';
import { renderWithAntd } from '@/testing/render';
import AccountCenterPage from '.';

type State = { loginUser?: API.LoginUserVO };
let mockState: State = {};

jest.mock('@umijs/max', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
  history: { replace: jest.fn() },
  useModel: () => ({
    initialState: mockState,
    setInitialState: (update: (s: State) => State) => {
      mockState = update(mockState);
    },
  }),
}));
jest.mock('@/services/agler/user');

const keyMock = jest.mocked(getMyAccessKey);
const regenerateMock = jest.mocked(regenerateMyAccessKey);
const usageMock = jest.mocked(listMyUsage);
const updateUserMock = jest.mocked(updateMyUser);
const passwordMock = jest.mocked(updateMyPassword);

const ok = <T,>(data: T) => ({ code: 0, data, message: 'ok' });
const ACCESS_KEY = `ak_${'A'.repeat(43)}`;
const SECRET_KEY = `sk_${'b'.repeat(39)}XyZ9`;

const alice: API.LoginUserVO = {
  id: '1790000000000000003',
  userAccount: 'alice',
  userName: 'alice',
  userAvatar: '',
  userRole: 'user',
};

const weather: API.InterfaceQuotaVO = {
  interfaceInfoId: '1800000000000000001',
  name: '天气查询',
  method: 'GET',
  status: 1,
  calls: 12,
  leftNum: 88,
  totalNum: 100,
  effectiveRateLimit: 0,
  effectiveRateBurst: 0,
};

function renderPage() {
  return renderWithAntd(<AccountCenterPage />);
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-pro-card-title' }).closest('.ant-pro-card') as HTMLElement;

beforeEach(() => {
  mockState = { loginUser: { ...alice } };
  keyMock.mockReset().mockResolvedValue(ok(null));
  regenerateMock.mockReset();
  usageMock.mockReset().mockResolvedValue(ok([]));
  updateUserMock.mockReset();
  passwordMock.mockReset();
});

describe('个人中心: access key', () => {
  it('makes a first pair and shows its secret key once, then only its last 4 characters', async () => {
    regenerateMock.mockResolvedValue(ok({ accessKey: ACCESS_KEY, secretKey: SECRET_KEY }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /生成密钥/ }));

    const dialog = await screen.findByRole('dialog', { name: '访问密钥已生成' });
    expect(within(dialog).getByText(SECRET_KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(/只显示这一次/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /复制/ })).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(SECRET_KEY)).not.toBeInTheDocument());
    const keys = card('访问密钥');
    expect(within(keys).getByText(ACCESS_KEY)).toBeInTheDocument();
    expect(within(keys).getByText('••••XyZ9')).toBeInTheDocument();
    expect(regenerateMock).toHaveBeenCalledTimes(1);
  });

  it('regenerates only after a confirmation that says the old pair stops working', async () => {
    keyMock.mockResolvedValue(ok({ accessKey: 'ak_old', secretKeyTail: 'OLD1' }));
    regenerateMock.mockResolvedValue(ok({ accessKey: ACCESS_KEY, secretKey: SECRET_KEY }));
    renderPage();
    expect(await screen.findByText('••••OLD1')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /重新生成密钥/ }));
    expect(await screen.findByText(/旧的 AccessKey 和 SecretKey 会立即失效/)).toBeInTheDocument();
    expect(regenerateMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    // By its title: under jest antd gives every element the same generated id, so the name would be the popconfirm's.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('访问密钥已生成')).toBeInTheDocument();
    expect(within(dialog).getByText(SECRET_KEY)).toBeInTheDocument();
    expect(regenerateMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('••••OLD1')).not.toBeInTheDocument();
  });

  it('offers a retry when the key cannot be loaded', async () => {
    keyMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '服务器内部错误，请稍后重试' }));
    renderPage();
    const keys = card('访问密钥');
    expect(await within(keys).findByText('访问密钥加载失败')).toBeInTheDocument();
    fireEvent.click(within(keys).getByRole('button', { name: /重\s*试/ }));
    expect(await within(keys).findByRole('button', { name: /生成密钥/ })).toBeInTheDocument();
  });
});

describe('个人中心: my calls', () => {
  it('lists each interface with a link, its method, calls and what is left', async () => {
    usageMock.mockResolvedValue(
      ok([
        weather,
        {
          ...weather,
          interfaceInfoId: '1800000000000000002',
          name: 'IP 查询',
          method: 'POST',
          calls: 3,
          leftNum: 0,
          totalNum: 3,
          effectiveRateLimit: 0,
          effectiveRateBurst: 0,
          status: 0,
        },
      ]),
    );
    renderPage();
    const link = await screen.findByRole('link', { name: '天气查询' });
    expect(link).toHaveAttribute('href', '/interface_info/1800000000000000001');
    const row = link.closest('tr')!;
    expect(within(row).getByText('GET')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('88 / 100')).toBeInTheDocument();
    const used = screen.getByRole('link', { name: 'IP 查询' }).closest('tr')!;
    expect(within(used).getByText('0 / 3')).toBeInTheDocument();
    expect(within(used).getByText('已下线')).toBeInTheDocument();
  });

  it('says when there are no calls yet', async () => {
    renderPage();
    expect(await screen.findByText('还没有调用过接口')).toBeInTheDocument();
  });

  it('tells an admin that their calls are not limited', async () => {
    mockState = { loginUser: { ...alice, userRole: 'admin' } };
    usageMock.mockResolvedValue(ok([weather]));
    renderPage();
    const row = (await screen.findByRole('link', { name: '天气查询' })).closest('tr')!;
    expect(within(row).getByText('管理员不限次数')).toBeInTheDocument();
    expect(within(row).queryByText('88 / 100')).not.toBeInTheDocument();
  });

  it('offers a retry when the calls cannot be loaded', async () => {
    usageMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '服务器内部错误，请稍后重试' }));
    renderPage();
    expect(await screen.findByText('调用记录加载失败')).toBeInTheDocument();
    usageMock.mockResolvedValue(ok([weather]));
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('link', { name: '天气查询' })).toBeInTheDocument();
  });
});

describe('个人中心: profile', () => {
  it('saves the name and avatar, and the app state (the header) shows the new name', async () => {
    updateUserMock.mockResolvedValue(ok(true));
    renderPage();
    const profile = card('基本信息');
    fireEvent.change(within(profile).getByLabelText('昵称'), { target: { value: '  爱丽丝 ' } });
    fireEvent.change(within(profile).getByLabelText('头像地址'), {
      target: { value: 'https://example.com/a.png' },
    });
    fireEvent.click(within(profile).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('基本信息已保存')).toBeInTheDocument();
    expect(updateUserMock).toHaveBeenCalledWith(
      { userName: '爱丽丝', userAvatar: 'https://example.com/a.png' },
      { skipErrorHandler: true },
    );
    expect(mockState.loginUser).toMatchObject({
      userName: '爱丽丝',
      userAvatar: 'https://example.com/a.png',
    });
  });

  it('checks the fields before sending', async () => {
    renderPage();
    const profile = card('基本信息');
    fireEvent.change(within(profile).getByLabelText('昵称'), { target: { value: 'x'.repeat(51) } });
    fireEvent.change(within(profile).getByLabelText('头像地址'), {
      target: { value: 'ftp://example.com/a.png' },
    });
    fireEvent.click(within(profile).getByRole('button', { name: /保\s*存/ }));
    expect(await within(profile).findByText('昵称不能超过 50 个字符')).toBeInTheDocument();
    expect(await within(profile).findByText(/头像地址应为 http:\/\//)).toBeInTheDocument();
    expect(updateUserMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the save fails', async () => {
    updateUserMock.mockRejectedValue(new ApiError({ code: 50000, message: '服务器内部错误，请稍后重试' }));
    renderPage();
    const profile = card('基本信息');
    fireEvent.change(within(profile).getByLabelText('昵称'), { target: { value: '爱丽丝' } });
    fireEvent.click(within(profile).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('服务器内部错误，请稍后重试')).toBeInTheDocument();
    expect(within(profile).getByLabelText('昵称')).toHaveValue('爱丽丝');
    expect(mockState.loginUser?.userName).toBe('alice');
  });
});

describe('个人中心: password', () => {
  const fillPassword = (form: HTMLElement, old: string, next: string, again: string) => {
    fireEvent.change(within(form).getByLabelText('当前密码'), { target: { value: old } });
    fireEvent.change(within(form).getByLabelText('新密码'), { target: { value: next } });
    fireEvent.change(within(form).getByLabelText('确认新密码'), { target: { value: again } });
  };

  it('changes the password and says that the other sessions ended', async () => {
    passwordMock.mockResolvedValue(ok(true));
    renderPage();
    const form = card('修改密码');
    fillPassword(form, '12345678', 'password-2', 'password-2');
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /修改密码/ }));
    });
    expect(await screen.findByText(/其他设备上的登录已全部退出/)).toBeInTheDocument();
    expect(passwordMock).toHaveBeenCalledWith(
      { oldPassword: '12345678', newPassword: 'password-2', checkPassword: 'password-2' },
      { skipErrorHandler: true },
    );
    await waitFor(() => expect(within(form).getByLabelText('当前密码')).toHaveValue(''));
  });

  it('shows a wrong current password at its field, and a mismatch before sending', async () => {
    passwordMock.mockRejectedValue(new ApiError({ code: 40000, message: '当前密码不正确' }));
    renderPage();
    const form = card('修改密码');
    fillPassword(form, 'nope-nope', 'password-2', 'password-3');
    fireEvent.click(within(form).getByRole('button', { name: /修改密码/ }));
    expect(await within(form).findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(passwordMock).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('确认新密码'), { target: { value: 'password-2' } });
    fireEvent.click(within(form).getByRole('button', { name: /修改密码/ }));
    const error = await within(form).findByText('当前密码不正确');
    expect(error.closest('.ant-form-item')).toContainElement(within(form).getByLabelText('当前密码'));
  });
});
