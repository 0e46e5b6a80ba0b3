import type { ProSettings } from '@ant-design/pro-components';

export type AppSettings = Partial<ProSettings> & {
  siderWidth?: number;
  /** Progressive-web-app mode: service worker, offline warning, update notice. */
  pwa?: boolean;
  logo?: string;
};

/** ProLayout settings of the specification (section 2 and 9). */
const defaultSettings: AppSettings = {
  navTheme: 'light',
  colorPrimary: '#1890ff',
  layout: 'mix',
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: true,
  siderWidth: 200,
  splitMenus: false,
  colorWeak: false,
  title: 'Agler接口',
  pwa: false,
  logo: '/logo.svg',
  iconfontUrl: '',
};

/**
 * Darker shades of the primary colour's own palette for blue text on white and white text on blue,
 * since #1890ff falls short of WCAG AA's 4.5:1 there; fills, borders and focus rings keep #1890ff.
 */
export const PRIMARY_TEXT_SHADES = { base: '#096dd9', hover: '#0050b3', active: '#003a8c' } as const;

/** The lightest grey for secondary text that passes WCAG AA on the layout's background, which antd's own does not. */
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.55)';

/** antd's red-7/8/9 for red text on white and white text on red, since the error colour itself is too light for WCAG AA. */
export const ERROR_TEXT_SHADES = { base: '#cf1322', hover: '#a8071a', active: '#820014' } as const;

/** antd's green-8 and orange-8: tag text that passes 4.5:1 on the tags' light backgrounds. */
export const TAG_TEXT_SHADES = { green: '#237804', orange: '#ad4e00' } as const;

/**
 * antd's dark algorithm gives text colours below WCAG AA on its dark backgrounds, and one colour
 * cannot serve both as text and under white text: text takes lighter shades, fills darker ones.
 */
export const DARK_SHADES = {
  /** The dark palette of #1890ff, 7th to 9th. */
  primaryText: { base: '#3c9ae8', hover: '#65b7f3', active: '#8dcff8' },
  /** Primary buttons' fill under white text. */
  primaryFill: { base: '#1668dc', hover: '#1765ad', active: '#164c7e' },
  /** The dark red palette, 7th to 9th; danger buttons write black on it. */
  errorText: { base: '#e86e6b', hover: '#f39c97', active: '#f8c6c2' },
  /** Grey text, lighter than antd's, which falls short on the dark backgrounds. */
  textTertiary: 'rgba(255, 255, 255, 0.55)',
  /** Purple's 8th shade (PATCH tags, numbers in JSON): the 7th is too faint on its tag. */
  purpleText: '#ab7ae0',
} as const;

/**
 * The tint under a selected menu item (antd's controlItemBgActive for #1890ff in each theme), on
 * which the primary text's hover shade passes 4.5:1.
 */
export const MENU_SELECTED_BG = { light: '#e6f7ff', dark: '#111d2c' } as const;

/** The content area never grows wider than this. */
export const CONTENT_MAX_WIDTH = 1200;

export default defaultSettings;
