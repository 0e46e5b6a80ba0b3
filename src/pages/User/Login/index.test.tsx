import { fireEvent, screen, waitFor } from '@testing-library/react';
import { history } from '@umijs/max';
import { ApiError } from '@/requestConfig';
import { renderWithAntd } from '@/testing/render';
import { pageSetInitialState } from '@/testing/umiMocks';
import LoginPage from '.';

const mockCalls: string[] = [];
const mockSetInitialState = pageSetInitialState.mockImplementation(() => mockCalls.push('commit user'));
const mockReplace = jest.mocked(history.replace).mockImplementation((to) => mockCalls.push(`go ${to}`));

jest.mock('./prefetch', () => ({ prefetchHome: () => undefined }));

const mockUserLogin = jest.fn();
jest.mock('@/services/agler/user', () => ({
  userLogin: (...args: unknown[]) => mockUserLogin(...args),
  getLoginUser: jest.fn(),
}));

const admin = { id: '1790000000000000001', userName: '管理员', userAccount: 'admin', userRole: 'admin' };

function fillAndSubmit(account: string, password: string) {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    mockCalls.length = 0;
    mockSetInitialState.mockClear();
    mockReplace.mockClear();
    mockUserLogin.mockReset();
    window.history.replaceState(null, '', '/user/login');
  });

  it('commits the user before following a site redirect', async () => {
    window.history.replaceState(null, '', '/user/login?redirect=%2Fadmin%2Finterface_info%3Ftab%3D1');
    mockUserLogin.mockResolvedValue({ code: 0, data: admin, message: 'ok' });
    renderWithAntd(<LoginPage />);
    fillAndSubmit('admin', '12345678');
    await waitFor(() => expect(mockReplace).toHaveBeenCalled());
    expect(mockUserLogin).toHaveBeenCalledWith({ userAccount: 'admin', userPassword: '12345678' }, { skipErrorHandler: true });
    expect(mockCalls).toEqual(['commit user', 'go /admin/interface_info?tab=1']);
  });

  it('goes home instead of to another site', async () => {
    window.history.replaceState(null, '', '/user/login?redirect=https%3A%2F%2Fexample.com');
    mockUserLogin.mockResolvedValue({ code: 0, data: admin, message: 'ok' });
    renderWithAntd(<LoginPage />);
    fillAndSubmit('admin', '12345678');
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/'));
  });

  it('shows the field rules and sends nothing for invalid values', async () => {
    renderWithAntd(<LoginPage />);
    fillAndSubmit('abc', 'short');
    expect(await screen.findByText('账号长度应为 4 到 256 个字符')).toBeInTheDocument();
    expect(await screen.findByText('密码长度应为 8 到 256 个字符')).toBeInTheDocument();
    expect(mockUserLogin).not.toHaveBeenCalled();
  });

  it('asks for both fields when empty', async () => {
    renderWithAntd(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
  });

  it("shows the server's message and stays on the page", async () => {
    mockUserLogin.mockRejectedValue(new ApiError({ code: 40000, message: '账号或密码错误' }));
    renderWithAntd(<LoginPage />);
    fillAndSubmit('admin', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(mockReplace).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeEnabled();
  });

  it('cannot submit twice while logging in', async () => {
    let finish: (value: unknown) => void = () => undefined;
    mockUserLogin.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    renderWithAntd(<LoginPage />);
    fillAndSubmit('admin', '12345678');
    await waitFor(() => expect(mockUserLogin).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    fireEvent.submit(screen.getByRole('button', { name: /登\s*录/ }));
    finish({ code: 0, data: admin, message: 'ok' });
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/'));
    expect(mockUserLogin).toHaveBeenCalledTimes(1);
  });

  it('links to registration, keeping the way back', () => {
    window.history.replaceState(null, '', '/user/login?redirect=%2Finterface_info%2F1');
    renderWithAntd(<LoginPage />);
    expect(screen.getByRole('link', { name: '注册账号' })).toHaveAttribute('href', '/user/register?redirect=%2Finterface_info%2F1');
  });
});
