import { curlSample, fetchSample, invokeBody, invokeUrl, shellQuote } from './codeSamples';

const input = {
  baseUrl: 'http://localhost:8000',
  id: '1800000000000000001',
  paramsText: '{\n  "city": "北京"\n}',
};

/** Runs a shell-quoted word through the quoting rules of a POSIX shell: the text the command receives. */
function unquoteShell(word: string): string {
  let out = '';
  for (const part of word.match(/'[^']*'|\\'/g) ?? []) out += part === "\\'" ? "'" : part.slice(1, -1);
  return out;
}

describe('invokeUrl', () => {
  it('joins the base URL and the invoke path', () => {
    expect(invokeUrl('http://localhost:8000')).toBe('http://localhost:8000/api/interfaceInfo/invoke');
    expect(invokeUrl('https://api.example.com/')).toBe('https://api.example.com/api/interfaceInfo/invoke');
  });
});

describe('invokeBody', () => {
  it('keeps the id as the exact text and sends the parameters as compact JSON text', () => {
    expect(JSON.parse(invokeBody(input))).toEqual({
      id: '1800000000000000001',
      userRequestParams: '{"city":"北京"}',
    });
    expect(JSON.parse(invokeBody({ id: '1', paramsText: '  ' })).userRequestParams).toBe('{}');
  });
});

describe('shellQuote', () => {
  it('survives single quotes in the text', () => {
    const text = `{"q":"it's"}`;
    expect(shellQuote(text)).toBe(`'{"q":"it'\\''s"}'`);
    expect(unquoteShell(shellQuote(text))).toBe(text);
  });
});

describe('curlSample', () => {
  it('posts the body to the invoke endpoint with the session cookie', () => {
    const sample = curlSample(input);
    expect(sample).toContain(`curl -X POST 'http://localhost:8000/api/interfaceInfo/invoke'`);
    expect(sample).toContain(`-H 'Content-Type: application/json'`);
    expect(sample).toContain(`-H 'Cookie: <登录后的会话 Cookie>'`);
    const data = /--data-raw (.*)$/m.exec(sample)![1];
    expect(JSON.parse(unquoteShell(data))).toEqual({
      id: '1800000000000000001',
      userRequestParams: '{"city":"北京"}',
    });
  });

  it('quotes parameters holding single quotes', () => {
    const sample = curlSample({ ...input, paramsText: `{"text":"it's <b>"}` });
    const data = /--data-raw (.*)$/m.exec(sample)![1];
    expect(JSON.parse(JSON.parse(unquoteShell(data)).userRequestParams)).toEqual({ text: "it's <b>" });
  });
});

describe('fetchSample', () => {
  it('is JavaScript that sends the same body with the cookie', async () => {
    const sample = fetchSample(input);
    const calls: { url: string; init: { method: string; credentials: string; body: string } }[] = [];
    const fakeFetch = async (url: string, init: (typeof calls)[number]['init']) => {
      calls.push({ url, init });
      return { json: async () => ({ code: 0, data: { ok: true }, message: 'ok' }) };
    };
    const log = jest.fn();
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function('fetch', 'console', `return (async () => {\n${sample}\n})();`);
    await run(fakeFetch, { log });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('http://localhost:8000/api/interfaceInfo/invoke');
    expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(calls[0].init.body)).toEqual({
      id: '1800000000000000001',
      userRequestParams: '{"city":"北京"}',
    });
    expect(log).toHaveBeenCalledWith({ ok: true });
  });

  it('sends text that is not JSON as it is', () => {
    expect(fetchSample({ ...input, paramsText: 'city=北京' })).toContain('userRequestParams: "city=北京",');
  });
});

describe('the rate limit comment', () => {
  test.each([curlSample, fetchSample])('%p: says the limit, the burst and Retry-After', (sample) => {
    const plain = { baseUrl: 'http://localhost:8000', id: '1', paramsText: '' };
    expect(sample({ ...plain, rateLimit: 1, rateBurst: 3 })).toMatch(
      /^(#|\/\/) 速率限制：每秒 1 次，突发 3 次；超过时返回 429，Retry-After 头给出需等待的秒数$/m,
    );
    expect(sample(plain)).toMatch(/^(#|\/\/) 不限速率；/m);
  });
});
