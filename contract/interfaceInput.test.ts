import { parseCallParams, parseInterfaceChange, parseNewInterface } from './interfaceInput';
import { INTERFACE_VALIDATION_TEXTS } from './interfaceValidation';
import { JSON_MAX_DEPTH } from './json';
import { LIFECYCLE_MESSAGES, MESSAGES } from './messages';

const ID = '1800000000000100002';

const valid = {
  name: '  天气  ',
  description: '今天的天气',
  url: ' https://api.example.com/weather ',
  method: 'GET',
  requestParams: '',
  requestHeader: '',
  responseHeader: '',
};

describe('parseNewInterface', () => {
  test('reads every field as stored, no limits, and the lifecycle given', () => {
    const parsed = parseNewInterface({ ...valid, description: undefined, sunsetDate: '2027-01-01' });

    expect(parsed).toEqual({
      ok: true,
      value: {
        fields: { ...valid, name: '天气', url: 'https://api.example.com/weather', description: '' },
        limits: { rateLimit: 0, rateBurst: 0 },
        lifecycle: { sunsetDate: '2027-01-01' },
      },
    });
  });

  test('refuses with the first thing wrong: the fields, then the limits, then the lifecycle', () => {
    const bad = { name: '', rateLimit: -1, deprecated: 'yes' };

    expect(parseNewInterface({ ...valid, ...bad })).toEqual({
      ok: false,
      message: INTERFACE_VALIDATION_TEXTS.required('name'),
    });
    expect(parseNewInterface({ ...valid, ...bad, name: 'a' })).toEqual({
      ok: false,
      message: MESSAGES.badRateLimit,
    });
    expect(parseNewInterface({ ...valid, deprecated: 'yes' })).toEqual({
      ok: false,
      message: LIFECYCLE_MESSAGES.badDeprecated,
    });
  });
});

describe('parseInterfaceChange', () => {
  test('reads the id and only the fields and limits present', () => {
    expect(parseInterfaceChange({ id: ID, name: ' 新名字 ', rateBurst: 5 })).toEqual({
      ok: true,
      value: { id: ID, fields: { name: '新名字' }, limits: { rateBurst: 5 }, lifecycle: {} },
    });
  });

  test('refuses a missing id before anything else', () => {
    expect(parseInterfaceChange({ name: '' })).toEqual({ ok: false, message: MESSAGES.badId });
  });

  test('refuses what the body says wrong alone: a burst below its own limit, itself as replacement', () => {
    expect(parseInterfaceChange({ id: ID, rateLimit: 5, rateBurst: 4 })).toEqual({
      ok: false,
      message: MESSAGES.badRateBurst,
    });
    expect(parseInterfaceChange({ id: ID, replacementId: ID })).toEqual({
      ok: false,
      message: LIFECYCLE_MESSAGES.selfReplacement,
    });
  });
});

describe('parseCallParams', () => {
  test('none, empty or blank is no parameters', () => {
    for (const userRequestParams of [undefined, null, '', '  \n'])
      expect(parseCallParams({ userRequestParams })).toEqual({ ok: true, value: {} });
  });

  test('reads the JSON text exactly, an id beyond 2^53 as its digits', () => {
    expect(parseCallParams({ userRequestParams: '{"id":1800000000000100002}' })).toEqual({
      ok: true,
      value: { id: ID },
    });
  });

  test.each([
    ['not a text', { city: '北京' }, MESSAGES.paramsNotText],
    ['not JSON', '{city:', MESSAGES.paramsNotJson],
    ['too deep', `${'['.repeat(JSON_MAX_DEPTH + 1)}${']'.repeat(JSON_MAX_DEPTH + 1)}`, MESSAGES.paramsTooDeep],
  ])('refuses %s', (_label, userRequestParams, message) => {
    expect(parseCallParams({ userRequestParams })).toEqual({ ok: false, message });
  });
});
