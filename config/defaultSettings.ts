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
 * Darker shades from the primary colour's own palette (antd's generate('#1890ff')[6..8]), for
 * text in that blue on white and white text on it: #1890ff reaches only 3.2:1 against white,
 * WCAG AA asks 4.5:1; #096dd9 reaches 5:1. The primary colour stays the settings' for fills,
 * borders and focus rings.
 */
export const PRIMARY_TEXT_SHADES = { base: '#096dd9', hover: '#0050b3', active: '#003a8c' } as const;

/**
 * The lightest grey for secondary text (breadcrumb links, descriptions, result subtitles) that
 * passes 4.5:1 on the layout's #f5f5f5: antd's own 0.45 reaches 3.3:1.
 */
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.55)';

/**
 * antd's red-7/8/9, for red text on white and white text on red (danger buttons, error
 * messages): the error colour #ff4d4f reaches 3.3:1 only, red-7 5.5:1.
 */
export const ERROR_TEXT_SHADES = { base: '#cf1322', hover: '#a8071a', active: '#820014' } as const;

/** antd's green-8 and orange-8: tag text that passes 4.5:1 on the tags' light backgrounds. */
export const TAG_TEXT_SHADES = { green: '#237804', orange: '#ad4e00' } as const;

/**
 * Dark mode (antd's darkAlgorithm) writes text on #000 (layout), #141414 (cards, tables) and
 * #1f1f1f (drawers, modals, popovers): its own text colours are at most 4.4:1 there (the primary
 * #177ddc, the link #1668dc, the error #dc4446, the tertiary grey), and a colour light enough for
 * that is too light for white text on it. So text takes lighter shades of the dark palettes and
 * the fills under white text darker ones; the ratios are on #1f1f1f, the lightest of the three.
 */
export const DARK_SHADES = {
  /** The dark palette of #1890ff, 7th to 9th: 5.5:1 and more. */
  primaryText: { base: '#3c9ae8', hover: '#65b7f3', active: '#8dcff8' },
  /** Primary buttons' fill under white text: 5.2:1, 6:1, 8.9:1. */
  primaryFill: { base: '#1668dc', hover: '#1765ad', active: '#164c7e' },
  /** The dark red palette, 7th to 9th: 5.4:1 and more; danger buttons write black on it (6.9:1). */
  errorText: { base: '#e86e6b', hover: '#f39c97', active: '#f8c6c2' },
  /** Grey text: 5.9:1 (antd's 0.45 reaches 4.4:1). */
  textTertiary: 'rgba(255, 255, 255, 0.55)',
  /** Purple's 7th shade (PATCH tags, numbers in JSON) reaches 3.4:1 on its tag; the 8th 5.7:1. */
  purpleText: '#ab7ae0',
} as const;

/** The content area never grows wider than this. */
export const CONTENT_MAX_WIDTH = 1200;

export default defaultSettings;
