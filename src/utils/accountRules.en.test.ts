import type { FormInstance, RuleObject } from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import { startLanguage } from '@/locales';
import { accountRules, passwordRules, repeatRules } from './accountRules';
import { loadEnglish } from '@/testing/english';

beforeAll(() => startLanguage('en-US', loadEnglish));

/** The message a field's rules give for `value` (the rule after `required`), or undefined. */
async function problem(rules: Rule[], value: string, form?: Partial<FormInstance>): Promise<string | undefined> {
  const rule = rules[1];
  const object = (typeof rule === 'function' ? rule(form as FormInstance) : rule) as RuleObject;
  try {
    await object.validator?.(object, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('account field checks on an English page', () => {
  it("say the contract's rule in English", async () => {
    await expect(problem(accountRules('Enter an account'), 'ab')).resolves.toBe(
      'The account must be 4 to 256 characters long',
    );
    await expect(problem(accountRules('Enter an account'), 'ab cd')).resolves.toBe(
      'The account may contain only letters, digits, underscores, dots and hyphens',
    );
    await expect(problem(passwordRules('Enter a password'), 'short')).resolves.toBe(
      'The password must be 8 to 256 characters long',
    );
    await expect(
      problem(repeatRules('Repeat it', 'userPassword'), 'other', { getFieldValue: () => 'password1' }),
    ).resolves.toBe('The two passwords do not match');
  });

  it('pass a valid value', async () => {
    await expect(problem(accountRules('Enter an account'), 'alice_01')).resolves.toBeUndefined();
  });
});
