import { fireEvent, screen, waitFor } from '@testing-library/react';
import { history } from '@umijs/max';
import { ApiError } from '@/requestConfig';
import { renderWithAntd } from '@/testing/render';
import { currentInitialState, pageSetInitialState, setLoginUser } from '@/testing/umiMocks';
import RegisterPage from '.';

const mockCalls: string[] = [];
const mockSetInitialState = pageSetInitialState.mockImplementation(() =>
  mockCalls.push(`commit ${currentInitialState().loginUser?.userName}`),
);
const mockReplace = jest.mocked(history.replace).mockImplementation((to) => mockCalls.push(`go ${to}`));

const mockUserRegister = jest.fn();
const mockGetLoginUser = jest.fn();
jest.mock('@/services/agler/user', () => ({
  userRegister: (...args: unknown[]) => mockUserRegister(...args),
  getLoginUser: (...args: unknown[]) => mockGetLoginUser(...args),
}));

const alice = { id: '1790000000000000003', userName: 'alice', userAccount: 'alice', userRole: 'user' };

function fill(account: string, password: string, again: string) {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: again } });
}

const submitButton = () => screen.getByRole('button', { name: /注\s*册/ });

describe('RegisterPage', () => {
  beforeEach(() => {
    mockCalls.length = 0;
    mockSetInitialState.mockClear();
    mockReplace.mockClear();
    mockUserRegister.mockReset();
    mockGetLoginUser.mockReset();
    window.history.replaceState(null, '', '/user/register');
    setLoginUser();
  });

  it('registers, commits the new user, then goes to the personal center', async () => {
    mockUserRegister.mockImplementation(async () => {
      mockCalls.push('register');
      return { code: 0, data: alice.id, message: 'ok' };
    });
    mockGetLoginUser.mockResolvedValue({ code: 0, data: alice, message: 'ok' });
    renderWithAntd(<RegisterPage />);
    fill('alice', 'password-1', 'password-1');
    fireEvent.click(submitButton());
    await waitFor(() => expect(mockReplace).toHaveBeenCalled());
    expect(mockUserRegister).toHaveBeenCalledWith(
      { userAccount: 'alice', userPassword: 'password-1', checkPassword: 'password-1' },
      { skipErrorHandler: true },
    );
    expect(mockCalls).toEqual(['register', 'commit alice', 'go /account/center']);
  });

  it('shows the field rules and sends nothing for invalid values', async () => {
    renderWithAntd(<RegisterPage />);
    fill('ab', 'short', 'other');
    fireEvent.click(submitButton());
    expect(await screen.findByText('账号长度应为 4 到 256 个字符')).toBeInTheDocument();
    expect(await screen.findByText('密码长度应为 8 到 256 个字符')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(mockUserRegister).not.toHaveBeenCalled();
  });

  it('refuses characters an account cannot hold', async () => {
    renderWithAntd(<RegisterPage />);
    fill('张三 abc', 'password-1', 'password-1');
    fireEvent.click(submitButton());
    expect(await screen.findByText('账号只能包含字母、数字、下划线、点和减号')).toBeInTheDocument();
    expect(mockUserRegister).not.toHaveBeenCalled();
  });

  it('asks for every field when empty', async () => {
    renderWithAntd(<RegisterPage />);
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请再次输入密码')).toBeInTheDocument();
  });

  it('shows a taken account at the account field and stays', async () => {
    mockUserRegister.mockRejectedValue(new ApiError({ code: 40000, message: '账号已被注册' }));
    renderWithAntd(<RegisterPage />);
    fill('user', 'password-1', 'password-1');
    fireEvent.click(submitButton());
    const error = await screen.findByText('账号已被注册');
    expect(error.closest('.ant-form-item')).toContainElement(screen.getByLabelText('账号'));
    expect(screen.queryByRole('alert', { name: /账号已被注册/ })).not.toBeInTheDocument();
    expect(mockReplace).not.toHaveBeenCalled();
    expect(submitButton()).toBeEnabled();
  });

  it('shows any other failure above the form', async () => {
    mockUserRegister.mockRejectedValue(new ApiError({ code: 50000, message: '服务器内部错误，请稍后重试' }));
    renderWithAntd(<RegisterPage />);
    fill('alice', 'password-1', 'password-1');
    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器内部错误，请稍后重试');
  });

  it('is loading while it registers, and cannot send twice', async () => {
    let finish: (value: unknown) => void = () => undefined;
    mockUserRegister.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    mockGetLoginUser.mockResolvedValue({ code: 0, data: alice, message: 'ok' });
    renderWithAntd(<RegisterPage />);
    fill('alice', 'password-1', 'password-1');
    fireEvent.click(submitButton());
    await waitFor(() => expect(mockUserRegister).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submitButton()).toHaveClass('ant-btn-loading'));
    fireEvent.submit(submitButton());
    finish({ code: 0, data: alice.id, message: 'ok' });
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/account/center'));
    expect(mockUserRegister).toHaveBeenCalledTimes(1);
  });

  it('links back to login, keeping the way back', () => {
    window.history.replaceState(null, '', '/user/register?redirect=%2Fadmin%2Finterface_info');
    renderWithAntd(<RegisterPage />);
    expect(screen.getByRole('link', { name: '去登录' })).toHaveAttribute(
      'href',
      '/user/login?redirect=%2Fadmin%2Finterface_info',
    );
  });
});
