import { ACCOUNT_LENGTH, PASSWORD_LENGTH } from '@/constants';
import type { Translation } from '@/locales';
import type { REGISTER_TEXTS } from './texts';

export const register: Translation<typeof REGISTER_TEXTS> = {
  subTitle: 'Sign up to get access keys and call interfaces',
  account: 'Account',
  accountPlaceholder: `Letters, digits, _ . -; ${ACCOUNT_LENGTH.min}–${ACCOUNT_LENGTH.max} characters`,
  accountRequired: 'Enter an account',
  password: 'Password',
  passwordPlaceholder: `A password (${PASSWORD_LENGTH.min}–${PASSWORD_LENGTH.max} characters)`,
  passwordRequired: 'Enter a password',
  checkPassword: 'Confirm password',
  checkPasswordPlaceholder: 'The password again',
  checkPasswordRequired: 'Enter the password again',
  submit: 'Sign up',
  hasAccount: 'Have an account?',
  toLogin: 'Log in',
};
