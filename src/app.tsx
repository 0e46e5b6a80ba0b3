import { UserOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import type { RunTimeLayoutConfig } from '@umijs/max';
import defaultSettings, {
  CONTENT_MAX_WIDTH,
  DARK_SHADES,
  ERROR_TEXT_SHADES,
  PRIMARY_TEXT_SHADES,
  TAG_TEXT_SHADES,
  TEXT_TERTIARY,
} from '../config/defaultSettings';
import type { AppSettings } from '../config/defaultSettings';
import { theme } from 'antd';
import type { ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense } from 'react';
import Footer from '@/components/Footer';
import HelpLink from '@/components/HelpLink';
import { LayoutContent, PageSkeleton } from '@/components/Skeleton';
import { ThemeProvider } from '@/components/ThemeSwitch/ThemeProvider';
import { PUBLIC_PATHS } from '@/constants';
import { requestConfig } from '@/requestConfig';
import { fetchLoginUser } from '@/utils/loginUser';
import { withMenuIcons } from '@/utils/menuIcons';
import { loginUrlFor } from '@/utils/redirect';
import type { ThemeMode } from '@/utils/theme';

// The layout's parts load with the layout, not with the login page (app.tsx is in the entry chunk).
const AvatarDropdown = lazy(() =>
  import('@/components/AvatarDropdown').then((m) => ({ default: m.AvatarDropdown })),
);
const AvatarName = lazy(() => import('@/components/AvatarDropdown').then((m) => ({ default: m.AvatarName })));
const HeaderSearch = lazy(() => import('@/components/HeaderSearch'));
const ThemeSwitch = lazy(() => import('@/components/ThemeSwitch'));
const Forbidden = lazy(() => import('@/components/Forbidden'));
const PageShell = lazy(() => import('@/components/PageShell'));

export type InitialState = {
  loginUser?: API.LoginUserVO;
  settings?: AppSettings;
};

/**
 * Loads the current user at startup (spec section 4); without one the app goes
 * to the login page, keeping the way back. The login and register pages need
 * no user. No session here is an answer, not a lost session: the probe opts
 * out of the request layer's return to login (and its message).
 */
export async function getInitialState(): Promise<InitialState> {
  const { location } = history;
  if (PUBLIC_PATHS.includes(location.pathname)) return { settings: defaultSettings };
  const loginUser = await fetchLoginUser();
  if (!loginUser) history.replace(loginUrlFor(location));
  return { loginUser, settings: defaultSettings };
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const loginUser = initialState?.loginUser;
  return {
    actionsRender: () => [
      <Suspense key="search" fallback={null}>
        <HeaderSearch />
      </Suspense>,
      <Suspense key="theme" fallback={null}>
        <ThemeSwitch />
      </Suspense>,
      <HelpLink key="help" />,
    ],
    avatarProps: {
      src: loginUser?.userAvatar || undefined,
      icon: loginUser?.userAvatar ? undefined : <UserOutlined />,
      size: 'small',
      title: (
        <Suspense fallback={null}>
          <AvatarName />
        </Suspense>
      ),
      render: (_, avatarChildren) => (
        <Suspense fallback={null}>
          <AvatarDropdown>{avatarChildren}</AvatarDropdown>
        </Suspense>
      ),
    },
    waterMarkProps: { content: loginUser?.userName },
    footerRender: () => <Footer />,
    onPageChange: () => {
      if (!initialState?.loginUser && !PUBLIC_PATHS.includes(history.location.pathname)) {
        history.replace(loginUrlFor(history.location));
      }
    },
    menuDataRender: withMenuIcons,
    unAccessible: (
      <Suspense fallback={null}>
        <Forbidden />
      </Suspense>
    ),
    contentStyle: { maxWidth: CONTENT_MAX_WIDTH, width: '100%', margin: '0 auto' },
    // A page loading inside the layout shows its own skeleton in the content area (src/loading.tsx).
    childrenRender: (children) => (
      <LayoutContent>
        <Suspense fallback={<PageSkeleton />}>
          <PageShell>{children}</PageShell>
        </Suspense>
      </LayoutContent>
    ),
    ...initialState?.settings,
  };
};

export const request = requestConfig;

dayjs.locale('zh-cn');

/**
 * antd's theme: the layout's primary colour, with text in it (links, primary buttons' labels on
 * it) in its darker shades and grey text no lighter than 4.5:1 on the layout's background.
 */
const LIGHT_THEME: ThemeConfig = {
  token: {
    colorPrimary: defaultSettings.colorPrimary,
    colorPrimaryText: PRIMARY_TEXT_SHADES.base,
    colorPrimaryTextHover: PRIMARY_TEXT_SHADES.hover,
    colorPrimaryTextActive: PRIMARY_TEXT_SHADES.active,
    colorLink: PRIMARY_TEXT_SHADES.base,
    colorLinkHover: PRIMARY_TEXT_SHADES.hover,
    colorLinkActive: PRIMARY_TEXT_SHADES.active,
    colorErrorText: ERROR_TEXT_SHADES.base,
    colorErrorTextHover: ERROR_TEXT_SHADES.hover,
    colorErrorTextActive: ERROR_TEXT_SHADES.active,
    colorTextTertiary: TEXT_TERTIARY,
    colorTextDescription: TEXT_TERTIARY,
  },
  components: {
    // Tags write their text in a preset's 7th shade on its 1st; green's and orange's reach
    // 3.4:1 only, their 8th 5:1.
    Tag: { green7: TAG_TEXT_SHADES.green, orange7: TAG_TEXT_SHADES.orange },
    Button: {
      colorPrimary: PRIMARY_TEXT_SHADES.base,
      colorPrimaryHover: PRIMARY_TEXT_SHADES.hover,
      colorPrimaryActive: PRIMARY_TEXT_SHADES.active,
      colorError: ERROR_TEXT_SHADES.base,
      colorErrorHover: ERROR_TEXT_SHADES.hover,
      colorErrorActive: ERROR_TEXT_SHADES.active,
    },
    // A field's error message is written in the error colour.
    Form: { colorError: ERROR_TEXT_SHADES.base },
  },
};

/**
 * The dark theme: antd's dark algorithm, with text in the lighter shades that stand 4.5:1 on its
 * dark backgrounds and white text on darker fills (DARK_SHADES). The layout follows by itself:
 * ProLayout derives its header, menu and page colours from these tokens. Its navTheme stays
 * 'light': 'realDark' would also switch its menus to antd Menu's dark theme, whose selected item
 * writes white on the primary colour (4.2:1).
 */
const DARK_THEME: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: defaultSettings.colorPrimary,
    colorPrimaryText: DARK_SHADES.primaryText.base,
    colorPrimaryTextHover: DARK_SHADES.primaryText.hover,
    colorPrimaryTextActive: DARK_SHADES.primaryText.active,
    colorLink: DARK_SHADES.primaryText.base,
    colorLinkHover: DARK_SHADES.primaryText.hover,
    colorLinkActive: DARK_SHADES.primaryText.active,
    colorInfoText: DARK_SHADES.primaryText.base,
    colorErrorText: DARK_SHADES.errorText.base,
    colorErrorTextHover: DARK_SHADES.errorText.hover,
    colorErrorTextActive: DARK_SHADES.errorText.active,
    colorTextTertiary: DARK_SHADES.textTertiary,
    colorTextDescription: DARK_SHADES.textTertiary,
    purple7: DARK_SHADES.purpleText,
  },
  components: {
    Button: {
      colorPrimary: DARK_SHADES.primaryFill.base,
      colorPrimaryHover: DARK_SHADES.primaryFill.hover,
      colorPrimaryActive: DARK_SHADES.primaryFill.active,
      // Danger buttons write in the error colour, or on it: light enough for the first, it takes
      // black text for the second.
      colorError: DARK_SHADES.errorText.base,
      colorErrorHover: DARK_SHADES.errorText.hover,
      colorErrorActive: DARK_SHADES.errorText.active,
      dangerColor: '#000',
    },
    Form: { colorError: DARK_SHADES.errorText.base },
  },
};

const THEMES: Record<ThemeMode, ThemeConfig> = { light: LIGHT_THEME, dark: DARK_THEME };

/** antd's ConfigProvider: the theme chosen in the header or by the system, and the Chinese locale. */
export function rootContainer(container: React.ReactNode) {
  return (
    <ThemeProvider themes={THEMES} locale={zhCN}>
      {container}
    </ThemeProvider>
  );
}
