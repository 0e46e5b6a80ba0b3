import { USER_LIMITS } from '@/constants';
import { localized } from '@/locales';

/** Every text of 个人中心. */
export const CENTER_TEXTS = localized('center', {
  pageTitle: '个人中心',
  retry: '重试',

  profile: {
    title: '基本信息',
    account: '账号',
    userName: '昵称',
    userNamePlaceholder: `1-${USER_LIMITS.nameMax} 个字符`,
    userNameRequired: '请输入昵称',
    userAvatar: '头像地址',
    userAvatarPlaceholder: 'https://example.com/avatar.png，留空则使用默认头像',
    save: '保存',
    saved: '基本信息已保存',
  },

  password: {
    title: '修改密码',
    oldPassword: '当前密码',
    oldPasswordRequired: '请输入当前密码',
    newPassword: '新密码',
    newPasswordRequired: '请输入新密码',
    checkPassword: '确认新密码',
    checkPasswordRequired: '请再次输入新密码',
    submit: '修改密码',
    changed: '密码已修改，其他设备上的登录已全部退出',
  },

  usage: {
    title: '我的调用',
    name: '接口',
    method: '方法',
    calls: '调用次数',
    quota: '剩余 / 总次数',
    unlimited: '管理员不限次数',
    offline: '已下线',
    empty: '还没有调用过接口',
    emptyAction: '去接口列表看看',
    loadFailed: '调用记录加载失败',
  },
} as const);
