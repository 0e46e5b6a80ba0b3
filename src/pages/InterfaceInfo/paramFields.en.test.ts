import { startLanguage } from '@/locales';
import type { RequestParam } from '@agler/contract/requestParams';
import { fieldProblem, fieldsOf, formProblemOf } from './paramFields';
import { loadEnglish } from '@/testing/english';

beforeAll(() => startLanguage('en-US', loadEnglish));

const param = (name: string, type: string): RequestParam => ({ name, type, required: false, description: '' });

describe('paramFields in English', () => {
  it("says why a field's JSON cannot be sent in English", () => {
    const [filter] = fieldsOf([param('filter', 'object')]);
    expect(fieldProblem(filter, '{"a": }')).toBe('Invalid JSON (line 1, column 7): value expected');
  });

  it('says why the form cannot show the text in English', () => {
    expect(formProblemOf('{"a": }')).toBe('Invalid JSON (line 1, column 7): value expected');
  });
});
