import { startLanguage } from '@/locales';
import { jsonRule } from '.';
import { loadEnglish } from '@/testing/english';

beforeAll(() => startLanguage('en-US', loadEnglish));

describe('jsonRule in English', () => {
  it("rejects with checkJson's message in English", async () => {
    await expect(jsonRule().validator(undefined, '')).rejects.toThrow(/^Enter JSON$/);
    await expect(jsonRule().validator(undefined, '{"a": }')).rejects.toThrow(
      /^Invalid JSON \(line 1, column 7\): value expected$/,
    );
    await expect(jsonRule({ allowEmpty: true }).validator(undefined, '')).resolves.toBeUndefined();
  });
});
