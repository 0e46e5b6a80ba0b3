import { utf8Bytes } from './text';

describe('utf8Bytes', () => {
  test.each([
    '',
    'x-request-id',
    'application/json; charset=utf-8',
    'é',
    '接口',
    'Agler接口 🚀 ok',
    '👍🏽',
    '\u07ff\u0800\uffff',
    'lone \ud83d high',
    'lone \ude80 low',
    '\ud83d',
    'end with high \ud83d',
    '\ude80\ud83d reversed pair',
  ])('%j counts as many bytes as an encoder writes', (text) => {
    expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });
});
