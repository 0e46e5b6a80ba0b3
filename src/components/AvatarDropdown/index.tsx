import {
  LineChartOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Dropdown, Spin } from 'antd';
import type { MenuProps } from 'antd';
import { createStyles } from 'antd-style';
import { flushSync } from 'react-dom';
import { userLogout } from '@/services/agler/user';
import { currentLocation, logoutTarget } from '@/utils/redirect';
import { useScreen } from '@/utils/media';
import { setThemePreference, useTheme } from '@/utils/theme';
import type { ThemePreference } from '@/utils/theme';
import { localized } from '@/locales';
import type { Lang } from '@/locales';
import { HELP_TEXTS, helpUrl } from '@/components/HelpLink';
import { chooseLang, langItems } from '@/components/LangSwitch';
import { themeItems } from '@/components/ThemeSwitch';

export const AVATAR_TEXTS = localized('avatar', {
  center: '个人中心',
  usage: '我的用量',
  settings: '个人设置',
  logout: '退出登录',
  loading: '正在加载用户',
  appearance: '外观',
  language: '语言',
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

/** The avatar menu's keys for a theme and a language choice (on a phone). */
const THEME_KEY = 'theme:';
const LANG_KEY = 'lang:';

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
  const { preference } = useTheme();
  // On a phone the header keeps the search, the bell and the avatar: the theme, the language and
  // the guide move into this menu (src/app.tsx leaves them out of the header there).
  const phone = useScreen('xs');

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
    if (key === 'help') return;
    if (key.startsWith(THEME_KEY)) {
      setThemePreference(key.slice(THEME_KEY.length) as ThemePreference);
      return;
    }
    if (key.startsWith(LANG_KEY)) {
      chooseLang(key.slice(LANG_KEY.length) as Lang);
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
    ...(phone
      ? [
          { type: 'divider' as const },
          {
            type: 'group' as const,
            key: 'appearance',
            label: AVATAR_TEXTS.appearance,
            children: themeItems(preference, THEME_KEY),
          },
          {
            type: 'group' as const,
            key: 'language',
            label: AVATAR_TEXTS.language,
            children: langItems(LANG_KEY),
          },
          { type: 'divider' as const },
          {
            key: 'help',
            icon: <QuestionCircleOutlined />,
            label: (
              <a href={helpUrl()} target="_blank" rel="noopener noreferrer">
                {HELP_TEXTS.label}
              </a>
            ),
          },
        ]
      : []),
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
