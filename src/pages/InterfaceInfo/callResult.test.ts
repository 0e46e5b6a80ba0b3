import type { CallResult } from './callResult';
import { bodyOf, byteLength, downloadFile, durationOf, formatBytes, resultOf, sizeOf, statusColor, statusText, unansweredResult, viewsOf } from './callResult';

const CALL = { status: 200, headers: { 'content-type': 'application/json' }, durationMs: 42, bytes: 31 };

describe('resultOf', () => {
  it('keeps the data exactly as it came, ids beyond 2^53 included', () => {
    const raw = `{"code":0,"data":{"id":12345678901234567890,"ok":true},"message":"ok","call":${JSON.stringify(CALL)}}`;
    // What the request layer hands over: big ids as text.
    const parsed = { code: 0, data: { id: '12345678901234567890', ok: true }, message: 'ok', call: CALL };
    const result = resultOf(parsed, raw, 50);
    expect(result).toEqual({ ok: true, call: CALL, bodyText: '{"id":12345678901234567890,"ok":true}', textContent: undefined, ms: 50 });
    expect(bodyOf(result, 'pretty')).toBe('{\n  "id": 12345678901234567890,\n  "ok": true\n}');
    expect(viewsOf(result)).toEqual(['pretty', 'raw']);
  });

  it('reads a text answer as text', () => {
    const result = resultOf({ code: 0, data: '<b>hi</b>' }, '{"code":0,"data":"<b>hi</b>","message":"ok"}', 5);
    expect(result.textContent).toBe('<b>hi</b>');
    expect(viewsOf(result)).toEqual(['text', 'raw']);
    expect(bodyOf(result, 'text')).toBe('<b>hi</b>');
    expect(bodyOf(result, 'raw')).toBe('"<b>hi</b>"');
  });

  it("calls a failure with `call` the interface's, and one without it the platform's", () => {
    const upstream = resultOf({ code: 50200, data: null, message: '接口返回 HTTP 400：缺少参数', call: { ...CALL, status: 400 } }, undefined, 9);
    expect(upstream).toMatchObject({ ok: false, failure: 'interface', code: 50200, call: { status: 400 } });
    expect(bodyOf(upstream, 'raw')).toBe('{"code":50200,"data":null,"message":"接口返回 HTTP 400：缺少参数"}');

    const quota = resultOf({ code: 42900, data: null, message: '调用次数已用完' }, '{"code":42900,"data":null,"message":"调用次数已用完"}', 3);
    expect(quota).toMatchObject({ ok: false, failure: 'platform', code: 42900, message: '调用次数已用完' });
    expect(quota.call).toBeUndefined();
  });

  it('reads `call` from the raw text when the error carried none', () => {
    const raw = `{"code":50200,"data":null,"message":"x","call":${JSON.stringify({ ...CALL, status: 503 })}}`;
    expect(resultOf({ code: 50200, message: 'x' }, raw, 1)).toMatchObject({ failure: 'interface', call: { status: 503 } });
  });

  it('works without the raw text', () => {
    const result = resultOf({ code: 0, data: { a: 1 } }, undefined, 7);
    expect(result.bodyText).toBe('{"a":1}');
    expect(durationOf(result)).toBe(7);
    expect(sizeOf(result)).toBe(7);
  });
});

describe('size and time', () => {
  it("prefer the interface's own figures", () => {
    const result: CallResult = { ok: true, call: CALL, bodyText: '{}', ms: 90 };
    expect(durationOf(result)).toBe(42);
    expect(sizeOf(result)).toBe(31);
    expect(sizeOf(unansweredResult('无法连接服务器', 3))).toBeUndefined();
  });
});

describe('statusText and statusColor', () => {
  it('names common statuses and colours them by class', () => {
    expect(statusText(200)).toBe('200 OK');
    expect(statusText(429)).toBe('429 Too Many Requests');
    expect(statusText(418)).toBe('418');
    expect([204, 304, 404, 503, 0].map(statusColor)).toEqual(['success', 'processing', 'warning', 'error', 'default']);
  });
});

describe('downloadFile', () => {
  it('saves JSON as .json and text as .txt', () => {
    expect(downloadFile('7', 'pretty')).toEqual({ name: 'response-7.json', type: 'application/json;charset=utf-8' });
    expect(downloadFile('7', 'text').name).toBe('response-7.txt');
  });
});

describe('byteLength and formatBytes', () => {
  it('counts UTF-8 bytes and shows B, KB, MB', () => {
    expect(byteLength('北京')).toBe(6);
    expect(byteLength('😀')).toBe(4);
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
