import { localized } from './index';

/**
 * The routes' names in the page's language, keyed by the Chinese names of config/routes.ts (the
 * specification's): the menu, the breadcrumb and the document title show these.
 */
export const ROUTE_TEXTS: Readonly<Record<string, string>> = localized('routes', {
  主页: '主页',
  查看接口: '查看接口',
  登录: '登录',
  注册: '注册',
  个人中心: '个人中心',
  通知设置: '通知设置',
  我的用量: '我的用量',
  管理页: '管理页',
  接口管理: '接口管理',
  套餐管理: '套餐管理',
  接口分析: '接口分析',
  用户管理: '用户管理',
});

export const routeName = (name: string): string => ROUTE_TEXTS[name] ?? name;
