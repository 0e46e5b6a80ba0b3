import { gatewayCurlSample, gatewayNodeSample, gatewayPythonSample, SECRET_ENV } from './gatewaySamples';
import { SAMPLE_TEXTS } from './texts';

const base = {
  baseUrl: 'http://localhost:8000/',
  id: '1800000000000000001',
  method: 'GET',
  paramsText: '{"unit":"c","city":"北京"}',
};
const samples = [gatewayCurlSample, gatewayNodeSample, gatewayPythonSample];

describe('signed gateway samples', () => {
  test.each(samples)(
    '%p: the access key or its placeholder, the secret only from the environment',
    (sample) => {
      expect(sample({ ...base, accessKey: 'ak_mine' })).toContain('ak_mine');
      expect(sample(base)).toContain(SAMPLE_TEXTS.accessKeyPlaceholder);
      expect(sample(base)).toContain(SECRET_ENV);
      expect(sample(base)).toContain('http://localhost:8000');
      expect(sample(base)).not.toContain('localhost:8000//');
    },
  );

  test.each(samples)(
    '%p: a comment line says the rate limit and that a 429 carries Retry-After',
    (sample) => {
      expect(sample({ ...base, rateLimit: 5, rateBurst: 8 })).toMatch(
        /^(#|\/\/) 速率限制：每秒 5 次，突发 8 次；超过时返回 429，Retry-After 头给出需等待的秒数$/m,
      );
      expect(sample(base)).toMatch(/^(#|\/\/) 不限速率；.*429.*Retry-After/m);
    },
  );

  test('GET: the parameters in the query, sorted and encoded in the shell sample; no body', () => {
    const curl = gatewayCurlSample(base);
    expect(curl).toContain(`QUERY='city=%E5%8C%97%E4%BA%AC&unit=c'`);
    expect(curl).toContain(`BODY=''`);
    expect(curl).not.toContain('--data-raw');
    expect(gatewayPythonSample(base)).toContain('params = [("unit", "c"), ("city", "北京")]');
  });

  test('POST: the parameters as the JSON body, no query', () => {
    const post = { ...base, method: 'POST' };
    expect(gatewayCurlSample(post)).toContain(`BODY='{"unit":"c","city":"北京"}'`);
    expect(gatewayCurlSample(post)).toContain(`QUERY=''`);
    expect(gatewayCurlSample(post)).toContain('--data-raw "$BODY"');
    expect(gatewayNodeSample(post)).toContain(`const body = "{\\"unit\\":\\"c\\",\\"city\\":\\"北京\\"}";`);
  });
});
