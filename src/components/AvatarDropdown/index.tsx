import { LineChartOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Dropdown, Spin } from 'antd';
import type { MenuProps } from 'antd';
import { createStyles } from 'antd-style';
import { flushSync } from 'react-dom';
import { userLogout } from '@/services/agler/user';
import { currentLocation, logoutTarget } from '@/utils/redirect';
import { localized } from '@/locales';

export const AVATAR_TEXTS = localized('avatar', {
  center: '个人中心',
  usage: '我的用量',
  settings: '个人设置',
  logout: '退出登录',
  loading: '正在加载用户',
} as const);

const useStyles = createStyles(({ token }) => ({
  action: {
    display: 'flex',
    alignItems: 'center',
    height: 48,
    marginLeft: -8,
    padding: '0 8px',
    cursor: 'pointer',
    borderRadius: token.borderRadius,
    '&:hover': { backgroundColor: token.colorBgTextHover },
  },
  // One line whatever the width: a long name ends in an ellipsis (the whole in its title) rather
  // than breaking between characters down the page; on a phone it leaves the header more room.
  name: {
    display: 'inline-block',
    maxWidth: 160,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    [`@media (max-width: ${token.screenSMMax}px)`]: { maxWidth: 72 },
  },
}));

export function AvatarName() {
  const { styles } = useStyles();
  const { initialState } = useModel('@@initialState');
  const userName = initialState?.loginUser?.userName;
  return (
    <span className={styles.name} title={userName}>
      {userName}
    </span>
  );
}

type AvatarDropdownProps = {
  /** Shows the personal center and settings entries; the header does not pass it. */
  menu?: boolean;
  children?: React.ReactNode;
};

export function AvatarDropdown({ menu, children }: AvatarDropdownProps) {
  const { styles } = useStyles();
  const { initialState, setInitialState } = useModel('@@initialState');

  /** Spec order: clear the user at once, call logout, then go to login. */
  const logout = async () => {
    const target = logoutTarget(currentLocation());
    flushSync(() => setInitialState((s) => ({ ...s, loginUser: undefined })));
    try {
      await userLogout({ skipErrorHandler: true });
    } finally {
      if (target) history.replace(target);
    }
  };

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') {
      logout();
      return;
    }
    history.push(`/account/${key}`);
  };

  if (!initialState?.loginUser?.userName) {
    return (
      <span className={styles.action} aria-label={AVATAR_TEXTS.loading}>
        <Spin size="small" style={{ marginLeft: 8, marginRight: 8 }} />
      </span>
    );
  }

  const items: MenuProps['items'] = [
    ...(menu
      ? [
          { key: 'center', icon: <UserOutlined />, label: AVATAR_TEXTS.center },
          { key: 'settings', icon: <SettingOutlined />, label: AVATAR_TEXTS.settings },
        ]
      : []),
    // Everyone's own usage, from the header too: what they called, what is left and their last calls.
    { key: 'usage', icon: <LineChartOutlined />, label: AVATAR_TEXTS.usage },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: AVATAR_TEXTS.logout },
  ];

  return (
    // autoFocus: opened from the keyboard, the menu takes the focus (arrows, Enter, Escape back).
    <Dropdown menu={{ selectedKeys: [], onClick: onMenuClick, items }} trigger={['hover', 'click']} autoFocus>
      <span
        className={styles.action}
        role="button"
        tabIndex={0}
        aria-haspopup="menu"
        // A span takes no click from Enter or Space as a button would.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          event.currentTarget.click();
        }}
      >
        {children}
      </span>
    </Dropdown>
  );
}
