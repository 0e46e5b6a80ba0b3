/**
 * @jest-environment node
 */
import { readSettings, SettingsError } from './settings';

describe('settings', () => {
  test('defaults: port 8000 on 127.0.0.1, ./data, PGlite, public address on localhost', () => {
    const settings = readSettings({}, '/srv/agler');

    expect(settings).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      dataDir: '/srv/agler/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8000',
      cookieSecure: false,
      invokeTimeoutMs: 10_000,
      invokeAllowHosts: [],
      allowedHosts: [],
      secretKey: undefined,
      defaultQuota: 100,
      callLogRetentionDays: 90,
    });
  });

  test('each setting from the environment', () => {
    const settings = readSettings(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/agler',
        DATABASE_URL: 'postgres://agler:pw@db:5432/agler',
        PUBLIC_URL: 'https://api.example.com/',
        COOKIE_SECURE: '0',
        INVOKE_TIMEOUT_MS: '2500',
        SECRET_KEY: 'a-secret-key-of-at-least-32-characters',
        DEFAULT_QUOTA: '5',
        INVOKE_ALLOW_HOSTS: ' Internal.example.com , 10.0.0.5:8080,[fd00::1]:443,',
        ALLOWED_HOSTS: 'Agler.internal, 10.0.0.7:8000 ,[fd00::2]',
        CALL_LOG_RETENTION_DAYS: '400',
      },
      '/srv',
    );

    expect(settings).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/agler',
      databaseUrl: 'postgres://agler:pw@db:5432/agler',
      publicUrl: 'https://api.example.com',
      cookieSecure: false,
      invokeTimeoutMs: 2500,
      invokeAllowHosts: ['internal.example.com', '10.0.0.5:8080', '[fd00::1]:443'],
      allowedHosts: ['agler.internal', '10.0.0.7:8000', '[fd00::2]'],
      secretKey: 'a-secret-key-of-at-least-32-characters',
      defaultQuota: 5,
      callLogRetentionDays: 400,
    });
  });

  test('METRICS_TOKEN: none by default; a bad one is refused without showing it', () => {
    const token = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
    expect(readSettings({}).metricsToken).toBeUndefined();
    expect(readSettings({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    // The message has no "!" in it, so it does not repeat the value.
    expect(() => readSettings({ METRICS_TOKEN: 'secret-but-short!' })).toThrow(/^METRICS_TOKEN[^!]*$/);
  });

  test('behind an https public address the cookie is Secure unless told otherwise', () => {
    expect(readSettings({ PUBLIC_URL: 'https://api.example.com' }).cookieSecure).toBe(true);
    expect(readSettings({ COOKIE_SECURE: '1' }).cookieSecure).toBe(true);
  });

  test.each([
    [{ PORT: 'eighty' }, /PORT 应为 1 到 65535 的整数，当前为 "eighty"/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://root:secret@db/agler' }, /^DATABASE_URL 应为 postgres:\/\//],
    [{ PUBLIC_URL: 'api.example.com' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://example.com/console' }, /不带路径/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE 应为 1 或 0/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ INVOKE_TIMEOUT_MS: '10s' }, /INVOKE_TIMEOUT_MS 应为 100 到 600000/],
    [{ INVOKE_TIMEOUT_MS: '50' }, /INVOKE_TIMEOUT_MS/],
    [{ DATABASE_URL: 'postgres://agler:pw@db:5432/agler' }, /使用 DATABASE_URL 时必须设置 SECRET_KEY/],
    [{ SECRET_KEY: 'too-short' }, /SECRET_KEY 至少要 32 个字符/],
    [{ DEFAULT_QUOTA: '-1' }, /DEFAULT_QUOTA 应为 0 到/],
    [{ INVOKE_ALLOW_HOSTS: 'http://internal.example.com' }, /INVOKE_ALLOW_HOSTS .*"http:\/\/internal.example.com" 不是/],
    [{ ALLOWED_HOSTS: 'https://agler.example.com' }, /ALLOWED_HOSTS .*"https:\/\/agler.example.com" 不是/],
    [{ ALLOWED_HOSTS: 'agler.example.com/console' }, /ALLOWED_HOSTS/],
    [{ CALL_LOG_RETENTION_DAYS: '7' }, /CALL_LOG_RETENTION_DAYS 应为 30 到 3650 之间的整数（天），当前为 "7"/],
    [{ CALL_LOG_RETENTION_DAYS: '90d' }, /CALL_LOG_RETENTION_DAYS/],
    [{ CALL_LOG_RETENTION_DAYS: '5000' }, /CALL_LOG_RETENTION_DAYS/],
    [{ METRICS_TOKEN: 'short-token' }, /^METRICS_TOKEN 应为至少 16 个字符/],
    [{ METRICS_TOKEN: 'a token with spaces in it' }, /^METRICS_TOKEN/],
  ])('%p is refused with a message that names it', (env, message) => {
    expect(() => readSettings(env)).toThrow(SettingsError);
    expect(() => readSettings(env)).toThrow(message);
  });

  test('WORKERS: one process on PGlite; on PostgreSQL one per core but one, up to 4, unless told', () => {
    const postgres = { DATABASE_URL: 'postgres://agler@127.0.0.1/agler', SECRET_KEY: 'k'.repeat(32) };
    expect(readSettings({}, '/srv', 8).workers).toBe(1);
    expect(readSettings(postgres, '/srv', 1).workers).toBe(1);
    expect(readSettings(postgres, '/srv', 2).workers).toBe(1);
    expect(readSettings(postgres, '/srv', 3).workers).toBe(2);
    expect(readSettings(postgres, '/srv', 16).workers).toBe(4);
    expect(readSettings({ ...postgres, WORKERS: '6' }, '/srv', 2).workers).toBe(6);
    expect(readSettings({ WORKERS: '1' }, '/srv', 2).workers).toBe(1);
    expect(() => readSettings({ WORKERS: '2' }, '/srv', 2)).toThrow(/WORKERS=2 需要 DATABASE_URL/);
    for (const bad of ['0', '33', 'many', '1.5', '-1']) {
      expect(() => readSettings({ ...postgres, WORKERS: bad }, '/srv', 2)).toThrow(SettingsError);
    }
  });

  test('a bad DATABASE_URL is refused without repeating its password', () => {
    expect(() => readSettings({ DATABASE_URL: 'mysql://root:secret@db/agler' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') }),
    );
  });
});
