import { ACCOUNT_LENGTH, PASSWORD_LENGTH } from '@/constants';
import type { Translation } from '@/locales';
import type { LOGIN_TEXTS } from './texts';

export const login: Translation<typeof LOGIN_TEXTS> = {
  subTitle: 'API open platform: discover, try and manage interfaces',
  account: 'Account',
  accountPlaceholder: `Your account (${ACCOUNT_LENGTH.min}–${ACCOUNT_LENGTH.max} characters)`,
  accountRequired: 'Enter your account',
  password: 'Password',
  passwordPlaceholder: `Your password (${PASSWORD_LENGTH.min}–${PASSWORD_LENGTH.max} characters)`,
  passwordRequired: 'Enter your password',
  submit: 'Log in',
  noAccount: 'No account yet?',
  toRegister: 'Sign up',
  success: 'Logged in',
};
