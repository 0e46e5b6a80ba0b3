import type { Rule, RuleObject } from 'antd/es/form';
import { accountError, loginAccountError, passwordError, repeatError } from '@agler/contract/accounts';
import type { FieldCheck } from '@agler/contract/accounts';
import { translateMessage } from '@/locales/messages';

/**
 * Field rules of the account forms (登录, 注册, 修改密码): the contract's own
 * checks (contract/accounts.ts, which the mocks and the server apply), so
 * nothing they would refuse for a field's value is sent, and it is said in
 * their words (in the page's language). An empty field is left to `required`, with the form's
 * own text.
 */

const checked = (check: FieldCheck): RuleObject => ({
  validator: (_, value) => {
    const error = value === undefined || value === '' ? undefined : check(value);
    return error ? Promise.reject(new Error(translateMessage(error))) : Promise.resolve();
  },
});

/** An account to log in with: its length only, as the server checks it before looking it up. */
export const loginAccountRules = (requiredText: string): Rule[] => [
  { required: true, whitespace: true, message: requiredText },
  checked(loginAccountError),
];

/** A new account: its length and its characters. */
export const accountRules = (requiredText: string): Rule[] => [
  { required: true, message: requiredText },
  checked(accountError),
];

export const passwordRules = (requiredText: string): Rule[] => [
  { required: true, message: requiredText },
  checked(passwordError),
];

/** The password typed again: equal to the field `passwordField`. */
export const repeatRules = (requiredText: string, passwordField: string): Rule[] => [
  { required: true, message: requiredText },
  ({ getFieldValue }) => checked((value) => repeatError(getFieldValue(passwordField), value)),
];
