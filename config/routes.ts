/**
 * The route table of the specification, with the account pages
 * (注册, 个人中心, 用户管理). `/user` and `/admin` are groups; their redirect
 * children only send the bare group path to its first page.
 */
export default [
  // ProLayout keys the menu item of path '/' by hashing JSON.stringify of it, which on this route's
  // element (it holds a React context) is wasted work on every page load ending in a throw on the
  // context's cycle; a key of its own skips it.
  { path: '/', key: 'home', name: '主页', icon: 'smile', component: './Index' },
  {
    path: '/interface_info/:id',
    name: '查看接口',
    component: './InterfaceInfo',
    hideInMenu: true,
  },
  {
    path: '/user',
    layout: false,
    routes: [
      { path: '/user', redirect: '/user/login' },
      { path: '/user/login', name: '登录', component: './User/Login' },
      { path: '/user/register', name: '注册', component: './User/Register' },
    ],
  },
  { path: '/account/center', name: '个人中心', component: './Account/Center', hideInMenu: true },
  { path: '/account/notifications', name: '通知设置', component: './Account/Notifications', hideInMenu: true },
  { path: '/account/usage', name: '我的用量', component: './Account/Usage', hideInMenu: true },
  {
    path: '/admin',
    name: '管理页',
    icon: 'crown',
    access: 'canAdmin',
    routes: [
      { path: '/admin', redirect: '/admin/interface_info' },
      {
        path: '/admin/interface_info',
        name: '接口管理',
        icon: 'table',
        component: './Admin/InterfaceInfo',
      },
      { path: '/admin/plan', name: '套餐管理', icon: 'gift', component: './Admin/Plan' },
      {
        path: '/admin/interface_analysis',
        name: '接口分析',
        icon: 'analysis',
        component: './Admin/InterfaceAnalysis',
      },
      { path: '/admin/user', name: '用户管理', icon: 'team', component: './Admin/User' },
    ],
  },
  { path: '*', layout: false, component: './404' },
];
