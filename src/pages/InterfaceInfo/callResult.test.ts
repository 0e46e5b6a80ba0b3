import { answerText, byteLength, formatBytes, shownValue } from './callResult';

describe('byteLength', () => {
  it('counts the UTF-8 bytes of ASCII, Chinese and emoji text', () => {
    expect(byteLength('')).toBe(0);
    expect(byteLength('{"a":1}')).toBe(7);
    expect(byteLength('北京')).toBe(6);
    expect(byteLength('é')).toBe(2);
    expect(byteLength('😀')).toBe(4);
  });
});

describe('formatBytes', () => {
  it('uses B below 1 KB, then KB and MB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('answerText', () => {
  it('gives pretty or compact JSON of the shown value', () => {
    const ok = { ok: true as const, data: { city: '北京' }, ms: 5 };
    expect(answerText(shownValue(ok), true)).toBe('{\n  "city": "北京"\n}');
    expect(answerText(shownValue(ok), false)).toBe('{"city":"北京"}');
    const failed = { ok: false as const, message: '缺少必填参数 city', code: 40000, envelope: { code: 40000, data: null, message: '缺少必填参数 city' }, ms: 3 };
    expect(answerText(shownValue(failed), false)).toBe('{"code":40000,"data":null,"message":"缺少必填参数 city"}');
    expect(answerText(shownValue({ ok: false, message: '无法连接服务器', ms: 1 }), true)).toBe('');
  });
});
