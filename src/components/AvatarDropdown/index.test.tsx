import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { history } from '@umijs/max';
import { AvatarDropdown, AvatarName } from '.';
import { renderWithAntd } from '@/testing/render';
import { currentInitialState, pageSetInitialState, setLoginUser } from '@/testing/umiMocks';
import { fakeMatchMedia } from '@/testing/matchMedia';
import { SCREEN_QUERIES } from '@/utils/media';
import { THEME_STORAGE_KEY } from '@/utils/theme';

const mockCalls: string[] = [];
jest.mocked(history.replace).mockImplementation((to) => mockCalls.push(`go ${to}`));
jest.mocked(history.push).mockImplementation((to) => mockCalls.push(`push ${to}`));
pageSetInitialState.mockImplementation(() =>
  mockCalls.push(`user ${currentInitialState().loginUser ? 'kept' : 'cleared'}`),
);

jest.mock('@/services/agler/user', () => ({
  userLogout: () => {
    mockCalls.push('logout call');
    return Promise.resolve({ code: 0, data: true, message: 'ok' });
  },
}));

async function openMenu() {
  fireEvent.mouseEnter(screen.getByRole('button'));
  fireEvent.click(screen.getByRole('button'));
  await screen.findByText('退出登录');
}

describe('AvatarDropdown', () => {
  beforeEach(() => {
    mockCalls.length = 0;
    setLoginUser({ userName: '管理员' });
    // The address bar: the admin table writes its query there without the router.
    window.history.replaceState(null, '', '/admin/interface_info?tab=1');
  });

  it('shows a small spinner while no user name is known', () => {
    setLoginUser();
    renderWithAntd(<AvatarDropdown>name</AvatarDropdown>);
    expect(screen.getByLabelText('正在加载用户')).toBeInTheDocument();
    expect(screen.queryByText('name')).not.toBeInTheDocument();
  });

  it('opens with Enter from the keyboard and gives the menu the focus', async () => {
    renderWithAntd(<AvatarDropdown>管理员</AvatarDropdown>);
    const trigger = screen.getByRole('button');
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const first = await screen.findByRole('menuitem', { name: /我的用量/ });
    await waitFor(() => expect(first).toHaveFocus());
  });

  it('offers 我的用量 and logout in the header (no menu flag)', async () => {
    renderWithAntd(<AvatarDropdown>管理员</AvatarDropdown>);
    await openMenu();
    expect(screen.queryByText('个人中心')).not.toBeInTheDocument();
    expect(screen.queryByText('个人设置')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('我的用量'));
    expect(mockCalls).toEqual(['push /account/usage']);
  });

  it('offers the personal pages with the menu flag', async () => {
    renderWithAntd(<AvatarDropdown menu>管理员</AvatarDropdown>);
    await openMenu();
    fireEvent.click(screen.getByText('个人设置'));
    expect(mockCalls).toEqual(['push /account/settings']);
    await openMenu();
    fireEvent.click(screen.getByText('个人中心'));
    expect(mockCalls).toEqual(['push /account/settings', 'push /account/center']);
  });

  it('logs out in order: clear the user, call logout, go to login with the way back', async () => {
    renderWithAntd(<AvatarDropdown>管理员</AvatarDropdown>);
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByText('退出登录'));
    });
    await waitFor(() => expect(mockCalls).toHaveLength(3));
    expect(mockCalls).toEqual([
      'user cleared',
      'logout call',
      'go /user/login?redirect=%2Fadmin%2Finterface_info%3Ftab%3D1',
    ]);
  });

  it('adds no redirect when one already exists', async () => {
    window.history.replaceState(null, '', '/?redirect=%2Fadmin');
    renderWithAntd(<AvatarDropdown>管理员</AvatarDropdown>);
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByText('退出登录'));
    });
    await waitFor(() => expect(mockCalls).toContain('go /user/login'));
  });
});

describe('AvatarName', () => {
  it('shows the whole name on hover when a narrow header cuts it short', () => {
    setLoginUser({ userName: '一个很长很长的用户名称' });
    renderWithAntd(<AvatarName />);
    expect(screen.getByText('一个很长很长的用户名称')).toHaveAttribute('title', '一个很长很长的用户名称');
  });
});

describe('AvatarDropdown on a phone', () => {
  const jsdomMatchMedia = window.matchMedia;
  beforeEach(() => {
    mockCalls.length = 0;
    setLoginUser({ userName: '管理员' });
    window.localStorage.clear();
    window.matchMedia = fakeMatchMedia((query) => query === SCREEN_QUERIES.xs).matchMedia;
  });
  afterAll(() => {
    window.matchMedia = jsdomMatchMedia;
  });

  it('holds what the header leaves out there: the theme, the language and the guide', async () => {
    renderWithAntd(<AvatarDropdown>管理员</AvatarDropdown>);
    await openMenu();
    expect(screen.getByRole('menuitemradio', { name: '跟随系统' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('link', { name: '使用文档' })).toHaveAttribute('target', '_blank');

    fireEvent.click(screen.getByRole('menuitemradio', { name: '深色模式' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(mockCalls).toEqual([]);
  });
});
