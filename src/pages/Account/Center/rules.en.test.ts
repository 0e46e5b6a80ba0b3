import { startLanguage } from '@/locales';
import { USER_LIMITS } from '@/constants';
import { userAvatarRules, userNameRules } from './rules';
import { loadEnglish } from '@/testing/english';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (rule: unknown) => (rule as { validator: Validator }).validator;

// The rules are built when this file imports them, before English is chosen: their messages
// must still come out in English, read when a rule runs.
beforeAll(() => startLanguage('en-US', loadEnglish));

describe('account rules in English', () => {
  it("gives the contract's nickname message in English", async () => {
    const check = validatorOf(userNameRules('Enter a nickname')[1]);
    await expect(check({}, 'n'.repeat(USER_LIMITS.nameMax + 1))).rejects.toThrow(
      `The nickname cannot be longer than ${USER_LIMITS.nameMax} characters`,
    );
    await expect(check({}, 'alice')).resolves.toBeUndefined();
  });

  it("gives the contract's avatar message in English", async () => {
    const check = validatorOf(userAvatarRules[0]);
    await expect(check({}, 'ftp://example.com/a.png')).rejects.toThrow(
      /^The avatar must be an address starting with http:\/\//,
    );
    await expect(check({}, 'https://example.com/a.png')).resolves.toBeUndefined();
  });
});
