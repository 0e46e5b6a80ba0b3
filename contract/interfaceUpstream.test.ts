import {
  hintOf,
  mergeCredentials,
  parseCredentialsChange,
  parseSecretRotation,
  parseUpstreamLimits,
  UPSTREAM_CREDENTIAL_LIMITS,
  UPSTREAM_CREDENTIALS_MAX,
  UPSTREAM_SETTINGS_MESSAGES as M,
} from './interfaceUpstream';
import { textOf } from './messageKeys';
import { MESSAGES } from './messages';

const refusalOf = (parsed: { ok: boolean; message?: unknown }) =>
  parsed.ok ? undefined : textOf((parsed as { message: Parameters<typeof textOf>[0] }).message);

describe('hintOf', () => {
  it('shows the last 4 characters of a value of 12 or more, nothing of a shorter one', () => {
    expect(hintOf('header', 'x-api-key', 'sk_live_abcdef1234')).toEqual({ in: 'header', name: 'x-api-key', last4: '1234' });
    expect(hintOf('query', 'key', '123456789012')).toEqual({ in: 'query', name: 'key', last4: '9012' });
    expect(hintOf('query', 'key', '12345678901')).toEqual({ in: 'query', name: 'key', last4: '' });
  });
});

describe('parseCredentialsChange', () => {
  it('reads headers and query, a null value being a removal; a place left out changes nothing', () => {
    expect(
      parseCredentialsChange({ id: '7', headers: [{ name: 'Authorization', value: 'Bearer abc' }, { name: 'x-old', value: null }] }),
    ).toEqual({
      ok: true,
      value: { id: '7', headers: [{ name: 'Authorization', value: 'Bearer abc' }, { name: 'x-old', value: null }], query: [] },
    });
    expect(parseCredentialsChange({ id: 7, query: [{ name: 'api key', value: 'v' }] })).toEqual({
      ok: true,
      value: { id: '7', headers: [], query: [{ name: 'api key', value: 'v' }] },
    });
  });

  it.each([
    [{ headers: [] }, MESSAGES.badId],
    [{ id: '1', headers: {} }, M.listInvalid('headers')],
    [{ id: '1', query: ['key'] }, M.listInvalid('query')],
    [{ id: '1', headers: [{ name: 'bad name', value: 'v' }] }, M.headerNameInvalid('headers[0].name')],
    [{ id: '1', headers: [{ name: '', value: 'v' }] }, M.headerNameInvalid('headers[0].name')],
    [{ id: '1', headers: [{ name: 'a', value: 'v' }, { name: 'Host', value: 'v' }] }, M.headerNameReserved('headers[1].name')],
    [{ id: '1', headers: [{ name: 'Content-Length', value: '1' }] }, M.headerNameReserved('headers[0].name')],
    [{ id: '1', headers: [{ name: 'Agler-Signature', value: 'v' }] }, M.headerNameReserved('headers[0].name')],
    [{ id: '1', headers: [{ name: 'X-Key', value: 'a' }, { name: 'x-key', value: null }] }, M.nameRepeated('headers[1].name')],
    [{ id: '1', query: [{ name: 'k', value: 'a' }, { name: 'k', value: 'b' }] }, M.nameRepeated('query[1].name')],
    [{ id: '1', query: [{ name: '', value: 'v' }] }, M.queryNameInvalid('query[0].name')],
    [{ id: '1', query: [{ name: 'x'.repeat(UPSTREAM_CREDENTIAL_LIMITS.queryNameMax + 1), value: 'v' }] }, M.queryNameInvalid('query[0].name')],
    [{ id: '1', query: [{ name: 'a\nb', value: 'v' }] }, M.queryNameInvalid('query[0].name')],
    [{ id: '1', headers: [{ name: 'x-key', value: '' }] }, M.valueInvalid('headers[0].value')],
    [{ id: '1', headers: [{ name: 'x-key', value: 'a\r\nb' }] }, M.valueInvalid('headers[0].value')],
    [{ id: '1', headers: [{ name: 'x-key', value: '密钥' }] }, M.valueInvalid('headers[0].value')],
    [{ id: '1', headers: [{ name: 'x-key' }] }, M.valueInvalid('headers[0].value')],
    [{ id: '1', query: [{ name: 'k', value: 'x'.repeat(UPSTREAM_CREDENTIAL_LIMITS.valueMax + 1) }] }, M.valueInvalid('query[0].value')],
    [{ id: '1', query: Array.from({ length: 2 * UPSTREAM_CREDENTIALS_MAX + 1 }, (_, i) => ({ name: `k${i}`, value: null })) }, M.tooMany],
  ])('refuses %j naming its field', (body, message) => {
    expect(refusalOf(parseCredentialsChange(body as Record<string, unknown>))).toBe(textOf(message));
  });

  it('takes a value of exactly the longest length, of visible ASCII and spaces', () => {
    const value = `${'a b~'.repeat(UPSTREAM_CREDENTIAL_LIMITS.valueMax / 4)}`;
    expect(parseCredentialsChange({ id: '1', headers: [{ name: 'x-key', value }] }).ok).toBe(true);
  });
});

describe('mergeCredentials', () => {
  const current = [
    { name: 'Authorization', value: 'a' },
    { name: 'x-key', value: 'b' },
  ];
  it('replaces by name (headers regardless of case) in place, adds new ones last, removes on null, keeps the rest', () => {
    expect(
      mergeCredentials('header', current, [
        { name: 'authorization', value: 'A' },
        { name: 'x-new', value: 'n' },
        { name: 'X-KEY', value: null },
      ]),
    ).toEqual([
      { name: 'authorization', value: 'A' },
      { name: 'x-new', value: 'n' },
    ]);
    expect(mergeCredentials('header', current, [{ name: 'x-absent', value: null }])).toEqual(current);
  });

  it('tells query names apart by case', () => {
    expect(mergeCredentials('query', [{ name: 'key', value: 'a' }], [{ name: 'KEY', value: 'b' }])).toEqual([
      { name: 'key', value: 'a' },
      { name: 'KEY', value: 'b' },
    ]);
  });
});

describe('parseUpstreamLimits', () => {
  it('reads the limits within the server timeout; null timeout and connections take the defaults', () => {
    expect(parseUpstreamLimits({ id: '3', timeoutMs: 100, retries: 2, maxConnections: 256 }, 10_000)).toEqual({
      ok: true,
      value: { id: '3', limits: { timeoutMs: 100, retries: 2, maxConnections: 256 } },
    });
    expect(parseUpstreamLimits({ id: '3', timeoutMs: null, retries: 0, maxConnections: null }, 10_000).ok).toBe(true);
    expect(parseUpstreamLimits({ id: '3', timeoutMs: 10_000, retries: 0, maxConnections: 1 }, 10_000).ok).toBe(true);
  });

  it.each([
    [{ timeoutMs: 99, retries: 0, maxConnections: null }, M.badTimeout(10_000)],
    [{ timeoutMs: 10_001, retries: 0, maxConnections: null }, M.badTimeout(10_000)],
    [{ timeoutMs: '500', retries: 0, maxConnections: null }, M.badTimeout(10_000)],
    [{ retries: 0, maxConnections: null }, M.badTimeout(10_000)],
    [{ timeoutMs: null, retries: 3, maxConnections: null }, M.badRetries],
    [{ timeoutMs: null, retries: 1.5, maxConnections: null }, M.badRetries],
    [{ timeoutMs: null, retries: null, maxConnections: null }, M.badRetries],
    [{ timeoutMs: null, retries: 0, maxConnections: 0 }, M.badMaxConnections],
    [{ timeoutMs: null, retries: 0, maxConnections: 257 }, M.badMaxConnections],
  ])('refuses %j naming its field', (body, message) => {
    expect(refusalOf(parseUpstreamLimits({ id: '1', ...body }, 10_000))).toBe(textOf(message));
  });
});

describe('parseSecretRotation', () => {
  it('gives a day of grace when none is named, and takes the three graces', () => {
    expect(parseSecretRotation({ id: '5' })).toEqual({ ok: true, value: { id: '5', graceSeconds: 86400 } });
    for (const graceSeconds of [0, 3600, 86400])
      expect(parseSecretRotation({ id: '5', graceSeconds })).toEqual({ ok: true, value: { id: '5', graceSeconds } });
  });

  it('refuses another grace and a bad id', () => {
    expect(refusalOf(parseSecretRotation({ id: '5', graceSeconds: 60 }))).toBe(MESSAGES.badGrace);
    expect(refusalOf(parseSecretRotation({ id: 'x' }))).toBe(MESSAGES.badId);
  });
});
