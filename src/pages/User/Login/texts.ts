import { ACCOUNT_LENGTH, PASSWORD_LENGTH } from '@/constants';
import { localized } from '@/locales';

export const LOGIN_TEXTS = localized('login', {
  subTitle: 'API 开放平台：发现、调试与管理接口',
  account: '账号',
  accountPlaceholder: `请输入账号（${ACCOUNT_LENGTH.min}-${ACCOUNT_LENGTH.max} 位）`,
  accountRequired: '请输入账号',
  password: '密码',
  passwordPlaceholder: `请输入密码（${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max} 位）`,
  passwordRequired: '请输入密码',
  submit: '登录',
  noAccount: '还没有账号？',
  toRegister: '注册账号',
  success: '登录成功',
} as const);
