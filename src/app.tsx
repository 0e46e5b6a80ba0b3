import { UserOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import type { RunTimeLayoutConfig } from '@umijs/max';
import defaultSettings, { CONTENT_MAX_WIDTH } from './defaultSettings';
import type { AppSettings } from './defaultSettings';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { isValidElement, lazy, Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import Footer from '@/components/Footer';
import { LayoutContent, MenuSkeleton, PageSkeleton } from '@/components/Skeleton';
import { ThemeProvider } from '@/components/ThemeSwitch/ThemeProvider';
import { PUBLIC_PATHS } from '@/constants';
import { antdLocale, DEFAULT_LANG, startLanguage } from '@/locales';
import { requestConfig } from '@/requestConfig';
import { AfterPage } from '@/utils/afterPage';
import { SideMenu } from '@/components/SideMenu';
import { startRoute } from '@/utils/earlyRoute';
import { useScreen } from '@/utils/media';
import { fetchLoginUser } from '@/utils/loginUser';
import { withMenuIcons } from '@/utils/menuIcons';
import { loginUrlFor } from '@/utils/redirect';
import { THEMES } from '@/utils/antdThemes';

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
const AlertBell = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/AlertBell'));
const ThemeSwitch = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/ThemeSwitch'));
const LangSwitch = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/LangSwitch'));
// In the same chunk as the other tools, so it does not stand alone in the header before them.
const HelpLink = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/HelpLink'));
const Forbidden = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/Forbidden'));
// Started by getInitialState; once it has come it renders directly, not through React.lazy, which
// suspends once even for a chunk that has come and renders the page in a retry after it.
const PageShell = lazyWithPreload(
  () => import(/* webpackChunkName: "layout-parts" */ '@/components/PageShell'),
);
const MenuButton = lazy(() => import(/* webpackChunkName: "layout-parts" */ '@/components/MenuButton'));

/** A part of the header that a phone's header leaves out: the avatar's menu holds it there. */
function NotOnPhone({ children }: { children: React.ReactNode }) {
  return useScreen('xs') ? null : <>{children}</>;
}

/** A part of the header, drawn after the page; nothing while its chunk loads. */
function afterPage(part: React.ReactNode, key?: string) {
  return (
    <AfterPage key={key}>
      <Suspense fallback={null}>{part}</Suspense>
    </AfterPage>
  );
}

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
    void PageShell.preload();
    startRoute(location, loginUser);
  }
  return { loginUser, settings: defaultSettings };
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const loginUser = initialState?.loginUser;
  return {
    // The header's tools and the user's menu render after the page (src/utils/afterPage.ts).
    actionsRender: () => [
      afterPage(<HeaderSearch />, 'search'),
      afterPage(<AlertBell />, 'alerts'),
      afterPage(
        <NotOnPhone>
          <ThemeSwitch />
        </NotOnPhone>,
        'theme',
      ),
      afterPage(
        <NotOnPhone>
          <LangSwitch />
        </NotOnPhone>,
        'lang',
      ),
      afterPage(
        <NotOnPhone>
          <HelpLink />
        </NotOnPhone>,
        'help',
      ),
    ],
    avatarProps: {
      src: loginUser?.userAvatar || undefined,
      icon: loginUser?.userAvatar ? undefined : <UserOutlined />,
      size: 'small',
      title: afterPage(<AvatarName />),
      render: (_, avatarChildren) => afterPage(<AvatarDropdown>{avatarChildren}</AvatarDropdown>),
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
    // The side menu too: its placeholders until the page is drawn.
    menuContentRender: (_, menu) => (
      <AfterPage fallback={<MenuSkeleton />}>{isValidElement(menu) ? <SideMenu menu={menu} /> : menu}</AfterPage>
    ),
    unAccessible: (
      <Suspense fallback={null}>
        <Forbidden />
      </Suspense>
    ),
    contentStyle: { maxWidth: CONTENT_MAX_WIDTH, width: '100%', margin: '0 auto' },
    // A page loading inside the layout shows its own skeleton in the content area (src/loading.tsx).
    // Without a user (logout clears it first, then calls the server, then goes to login) the page is
    // taken down at once: a page that went on rendering could still write to the address after the
    // move to login (ProForm's URL sync writes the query it last rendered with).
    childrenRender: (children) => (
      <LayoutContent>
        {loginUser ? (
          <Suspense fallback={<PageSkeleton />}>
            <PageShell>{children}</PageShell>
          </Suspense>
        ) : (
          <PageSkeleton />
        )}
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

/** antd's ConfigProvider: the theme chosen in the header or by the system, and the page's language. */
export function rootContainer(container: React.ReactNode) {
  return (
    <ThemeProvider themes={THEMES} locale={antdLocale() ?? zhCN}>
      {container}
    </ThemeProvider>
  );
}
