import type { AVATAR_TEXTS } from '@/components/AvatarDropdown';
import type { FORBIDDEN_TEXTS } from '@/components/Forbidden';
import type { FOOTER_TEXTS } from '@/components/Footer';
import type { HEADER_SEARCH_TEXTS } from '@/components/HeaderSearch';
import type { HELP_TEXTS } from '@/components/HelpLink';
import type { JSON_EDITOR_TEXTS } from '@/components/JsonEditor';
import type { LANG_TEXTS } from '@/components/LangSwitch/texts';
import type { LOAD_ERROR_TEXTS } from '@/components/LoadError';
import type { LAYOUT_TEXTS } from '@/components/MenuButton';
import type { SECRET_ONCE_TEXTS } from '@/components/SecretOnce';
import type { STATUS_TEXTS } from '@/components/StatusBadge';
import type { NOT_FOUND_TEXTS } from '@/pages/404';
import type { REQUEST_TEXTS } from '@/requestConfig';
import type { PWA_TEXTS } from '@/utils/pwa';
import type { RATE_LIMIT_TEXTS } from '@/utils/rateLimit';
import { formatNumber } from './index';
import type { Translation } from './index';
import type { ROUTE_TEXTS } from './routes';

/** The English of the texts shared by every page: the layout's parts, requests, the routes' names. */

export const request: Translation<typeof REQUEST_TEXTS> = {
  network: 'Cannot reach the server. Check your network and try again.',
  timeout: 'The server took too long to answer. Try again later.',
  http: (status) => `Server error (HTTP ${status}). Try again later.`,
  invalidJson: 'The server answered something that could not be read.',
  unknown: 'The request failed. Try again later.',
  sessionExpired: 'Your session has ended. Log in again.',
};

export const rateLimit: Translation<typeof RATE_LIMIT_TEXTS> = {
  limited: (limit, burst) =>
    `${formatNumber(limit)} ${limit === 1 ? 'call' : 'calls'} per second, bursts of ${formatNumber(burst)}`,
  none: 'No rate limit',
  sampleComment: (limit, burst) =>
    `Rate limit: ${limit} calls per second, bursts of ${burst}; over it the answer is 429 with Retry-After (seconds to wait)`,
  sampleNone: 'No rate limit; should one be set, a call over it is answered 429 with Retry-After (seconds to wait)',
};

export const pwa: Translation<typeof PWA_TEXTS> = {
  offline: 'You are offline',
  updateTitle: 'A new version is available',
  updateDescription: 'Click “Refresh” or reload the page.',
  refresh: 'Refresh',
};

export const status: Translation<typeof STATUS_TEXTS> = { 0: 'Offline', 1: 'Online' };

export const jsonEditor: Translation<typeof JSON_EDITOR_TEXTS> = {
  format: 'Format',
  formatHint: 'Formats valid JSON (Ctrl/⌘ + Shift + F)',
};

export const avatar: Translation<typeof AVATAR_TEXTS> = {
  center: 'My account',
  usage: 'My usage',
  settings: 'Settings',
  logout: 'Log out',
  loading: 'Loading the user',
  appearance: 'Appearance',
  language: 'Language',
};

export const loadError: Translation<typeof LOAD_ERROR_TEXTS> = { retry: 'Retry' };

export const secretOnce: Translation<typeof SECRET_ONCE_TEXTS> = {
  copy: 'Copy',
  copied: 'Copied',
  done: 'I have saved it',
};

export const headerSearch: Translation<typeof HEADER_SEARCH_TEXTS> = {
  placeholder: 'Search',
  interfaces: 'Interfaces',
  suggestions: 'Search',
};

export const footer: Translation<typeof FOOTER_TEXTS> = { copyright: 'Agler接口 · API open platform' };

export const help: Translation<typeof HELP_TEXTS> = { label: 'Developer guide', guide: '/help/en.html' };

export const forbidden: Translation<typeof FORBIDDEN_TEXTS> = {
  title: '403',
  subTitle: 'Sorry, you are not allowed to see this page.',
  back: 'Back to home',
};

export const notFound: Translation<typeof NOT_FOUND_TEXTS> = {
  subTitle: 'Sorry, this page does not exist.',
  back: 'Back to home',
};

export const lang: Translation<typeof LANG_TEXTS> = {
  trigger: (current) => `Language (now: ${current})`,
  refused: 'This browser does not allow the choice to be saved.',
};

export const layout: Translation<typeof LAYOUT_TEXTS> = { menu: 'Navigation menu' };

export const routes: Translation<typeof ROUTE_TEXTS> = {
  主页: 'Home',
  查看接口: 'Interface',
  登录: 'Log in',
  注册: 'Sign up',
  个人中心: 'My account',
  通知设置: 'Notifications',
  我的用量: 'My usage',
  管理页: 'Admin',
  接口管理: 'Interfaces',
  套餐管理: 'Plans',
  接口分析: 'Analysis',
  用户管理: 'Users',
};
