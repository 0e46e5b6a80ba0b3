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
import { antdLocale, DEFAULT_LANG, startLanguage } from '@/locales';
import { requestConfig } from '@/requestConfig';
import { startRoute } from '@/utils/earlyRoute';
import { fetchLoginUser } from '@/utils/loginUser';
import { withMenuIcons } from '@/utils/menuIcons';
import { loginUrlFor } from '@/utils/redirect';
import type { ThemeMode } from '@/utils/theme';

// The layout's parts load with the layout, not with the login page (app.tsx is in the entry chunk),
// as one chunk, which getInitialState starts as soon as there is a session.
const AvatarDropdown = lazy(() =>
  import(/* webpackChunkName: "layout-parts" */ '@/components/AvatarDropdown').then((m) => ({
    default: m.AvatarDropdown,
  })),
);
const AvatarName = lazy(() =>
  import(/* webpackChunkName: "layout-parts" */ '@/components/AvatarDropdown').then((m) => ({
    default: m.AvatarName,
  })),
);
const HeaderSearch = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/HeaderSearch'));
const ThemeSwitch = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/ThemeSwitch'));
const LangSwitch = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/LangSwitch'));
const Forbidden = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/Forbidden'));
const PageShell = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/PageShell'));
const MenuButton = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/MenuButton'));

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
  else {
    // The layout's parts and the page start now, beside the layout's own chunks, not once the layout has rendered.
    void import(/* webpackChunkName: "layout-parts" */ '@/components/PageShell');
    startRoute(location, loginUser);
  }
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
      <Suspense key="lang" fallback={null}>
        <LangSwitch />
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
    // On a phone the side menu folds into a drawer that ProLayout opens from a bare <span>; this
    // button takes its place (src/global.less hides the span and puts the button first).
    headerContentRender: ({ isMobile, collapsed, onCollapse }) =>
      isMobile ? (
        <>
          <Suspense fallback={null}>
            <MenuButton collapsed={collapsed} onCollapse={onCollapse} />
          </Suspense>
          <span className="agler-header-space" />
        </>
      ) : null,
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

/**
 * The chosen language is loaded before the first render (nothing to load for Chinese); dayjs then
 * names months and weekdays in it.
 */
export function render(oldRender: () => void) {
  void startLanguage().then((lang) => {
    dayjs.locale(lang === DEFAULT_LANG ? 'zh-cn' : 'en');
    oldRender();
  });
}

type Shades = { readonly base: string; readonly hover: string; readonly active: string };

/**
 * What both themes set to keep text readable: text in the primary colour (links, the primary
 * text tokens) and in the error colour in shades that pass 4.5:1 on the theme's backgrounds, grey
 * text no lighter than that, and the fills primary and danger buttons write white (or black) on.
 */
function readableTokens(primaryText: Shades, primaryFill: Shades, errorText: Shades, textTertiary: string) {
  return {
    token: {
      colorPrimary: defaultSettings.colorPrimary,
      colorPrimaryText: primaryText.base,
      colorPrimaryTextHover: primaryText.hover,
      colorPrimaryTextActive: primaryText.active,
      colorLink: primaryText.base,
      colorLinkHover: primaryText.hover,
      colorLinkActive: primaryText.active,
      colorErrorText: errorText.base,
      colorErrorTextHover: errorText.hover,
      colorErrorTextActive: errorText.active,
      colorTextTertiary: textTertiary,
      colorTextDescription: textTertiary,
    },
    button: {
      colorPrimary: primaryFill.base,
      colorPrimaryHover: primaryFill.hover,
      colorPrimaryActive: primaryFill.active,
      colorError: errorText.base,
      colorErrorHover: errorText.hover,
      colorErrorActive: errorText.active,
    },
    // A field's error message is written in the error colour.
    form: { colorError: errorText.base },
    // The parent of the current page in the menu (管理页 on an admin page) is written in the
    // primary colour: 3.2:1 on the phone's light menu drawer, 3.9:1 on its dark one.
    menu: { subMenuItemSelectedColor: primaryText.base },
    // A dropdown's chosen item (the theme and language menus) is written in the primary colour on
    // its light tint: #1890ff on #e6f7ff is 2.95:1.
    dropdown: { colorPrimary: primaryText.base },
  };
}

/**
 * antd's theme: the layout's primary colour, with text in it (links, primary buttons' labels on
 * it) in its darker shades and grey text no lighter than 4.5:1 on the layout's background.
 */
const light = readableTokens(PRIMARY_TEXT_SHADES, PRIMARY_TEXT_SHADES, ERROR_TEXT_SHADES, TEXT_TERTIARY);
const LIGHT_THEME: ThemeConfig = {
  token: light.token,
  components: {
    // Tags write their text in a preset's 7th shade on its 1st; green's and orange's reach
    // 3.4:1 only, their 8th 5:1.
    Tag: { green7: TAG_TEXT_SHADES.green, orange7: TAG_TEXT_SHADES.orange },
    Button: light.button,
    Form: light.form,
    Menu: light.menu,
    Dropdown: light.dropdown,
  },
};

/**
 * The dark theme: antd's dark algorithm, with text in the lighter shades that stand 4.5:1 on its
 * dark backgrounds and white text on darker fills (DARK_SHADES). The layout follows by itself:
 * ProLayout derives its header, menu and page colours from these tokens. Its navTheme stays
 * 'light': 'realDark' would also switch its menus to antd Menu's dark theme, whose selected item
 * writes white on the primary colour (4.2:1).
 */
const dark = readableTokens(
  DARK_SHADES.primaryText,
  DARK_SHADES.primaryFill,
  DARK_SHADES.errorText,
  DARK_SHADES.textTertiary,
);
const DARK_THEME: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: { ...dark.token, colorInfoText: DARK_SHADES.primaryText.base, purple7: DARK_SHADES.purpleText },
  components: {
    // Danger buttons write in the error colour, or on it: light enough for the first, it takes
    // black text for the second.
    Button: { ...dark.button, dangerColor: '#000' },
    Form: dark.form,
    Menu: dark.menu,
    Dropdown: dark.dropdown,
  },
};

const THEMES: Record<ThemeMode, ThemeConfig> = { light: LIGHT_THEME, dark: DARK_THEME };

/** antd's ConfigProvider: the theme chosen in the header or by the system, and the page's language. */
export function rootContainer(container: React.ReactNode) {
  return (
    <ThemeProvider themes={THEMES} locale={antdLocale() ?? zhCN}>
      {container}
    </ThemeProvider>
  );
}
