import { ACCOUNT_LENGTH, PASSWORD_LENGTH } from '@/constants';
import { localized } from '@/locales';

export const REGISTER_TEXTS = localized('register', {
  subTitle: '注册账号，获取访问密钥并调用接口',
  account: '账号',
  accountPlaceholder: `字母、数字、_ . -，${ACCOUNT_LENGTH.min}-${ACCOUNT_LENGTH.max} 位`,
  accountRequired: '请输入账号',
  password: '密码',
  passwordPlaceholder: `请输入密码（${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max} 位）`,
  passwordRequired: '请输入密码',
  checkPassword: '确认密码',
  checkPasswordPlaceholder: '请再次输入密码',
  checkPasswordRequired: '请再次输入密码',
  submit: '注册',
  hasAccount: '已有账号？',
  toLogin: '去登录',
} as const);
