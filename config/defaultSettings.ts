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

/** The content area never grows wider than this. */
export const CONTENT_MAX_WIDTH = 1200;

export default defaultSettings;
