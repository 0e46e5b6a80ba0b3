/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import {
  ALERT_KINDS,
  ALERT_PAGE_SIZE,
  ALERT_POLL_MS,
  INTERFACE_ALERT_DAYS,
  KEY_EXPIRY_NOTICE_MS,
  parseAlertListQuery,
  parseDeliveryListQuery,
  QUOTA_WARNING_SHARE,
  WEBHOOK_MAX_TRIES,
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_SECRET_GRACE_S,
  WEBHOOK_TEST_LIMIT,
  WEBHOOK_TIMEOUT_S,
} from '@agler/contract/alerts';
import { parseUserListQuery } from '@agler/contract/accounts';
import { CALLERS_LIMIT } from '@agler/contract/callers';
import {
  ACCOUNT_LENGTH,
  BODY_MAX_BYTES,
  CALL_LOG_LIMIT,
  CALL_LOG_PAGE_SIZE,
  INTERFACE_LIMITS,
  KEY_LIMITS,
  LOGIN_THROTTLE,
  MAX_RANGE_DAYS,
  PAGE_SIZE_MAX,
  PASSWORD_LENGTH,
  QUOTA_MAX,
  QUOTA_REQUEST_LIMITS,
  ResponseCode,
  TOP_INVOKE_LIMIT,
  USAGE_PAGE_SIZE,
} from '@agler/contract/constants';
import { DATE_YEARS, DAY_MS } from '@agler/contract/dates';
import { HEALTH_REFRESH_MS, HEALTH_THRESHOLDS, HEALTH_WINDOW_HOURS } from '@agler/contract/interfaceHealth';
import {
  CREDENTIAL_HINT_MIN_LENGTH,
  UPSTREAM_CREDENTIAL_LIMITS,
  UPSTREAM_CREDENTIALS_MAX,
} from '@agler/contract/interfaceUpstream';
import { HISTORY_LIMIT, HISTORY_PARAMS_MAX_BYTES, RESPONSE_HEADERS_MAX } from '@agler/contract/invoke';
import { JSON_MAX_DEPTH } from '@agler/contract/json';
import { GRACE_SECONDS, KEY_AUDIT_LIMIT, KEY_TAIL_LENGTH } from '@agler/contract/keys';
import { NOTICE_WINDOW_DAYS } from '@agler/contract/lifecycle';
import { IMPORT_MESSAGES, LIFECYCLE_MESSAGES, MESSAGES } from '@agler/contract/messages';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import { parseLimit, parseListQuery, parseOverviewQuery, parseUsageQuery } from '@agler/contract/queries';
import { parseQuotaRequestListQuery } from '@agler/contract/quotaRequests';
import { NONCE_PATTERN, NONCE_TTL_SECONDS, TIMESTAMP_TOLERANCE_SECONDS } from '@agler/contract/signature';
import { UPSTREAM_MAX_BYTES } from '@agler/contract/upstream';
import { BURN_WINDOW_DAYS, CALL_STATUS_FILTERS, parseCallLogQuery } from '@agler/contract/usage';
import { POOL_MAX } from './db/connect';
import { LOCK_FILE } from './db/pidLock';
import { NOTICE_LIST_MAX } from './domain/lifecycle';
import { SWEEP_MS } from './domain/maintenance';
import { EXPORT_IDS_MAX, parseExportIds, REFUSAL_STATUS } from './domain/openapi/export';
import { STAGE_ABANDONED_MS, STAGE_CHUNK_ROWS } from './domain/openapi/import';
import { IDLE_MS, READERS_MAX } from './domain/openapi/reader';
import {
  DEFAULT_RETENTION_DAYS,
  LEASE_KEY,
  LEASE_MS as RETENTION_LEASE_MS,
  RETENTION_EVERY_MS,
  RETENTION_LIMITS,
} from './domain/retention';
import { SESSION_LIMITS } from './domain/session';
import { CACHE_TTL_MS, LAST_USED_EVERY_MS } from './gateway/lookups';
import { GATEWAY_OUTCOMES, REFUSAL_REASONS } from './gateway/routes';
import { RECORDER_MAX_BATCH } from './invoke/recorder';
import { KEY_FILE, SECRET_KEY_MIN_LENGTH } from './keys/secretBox';
import { LINGER_MS } from './plugins/body';
import { LATENCY_BUCKETS } from './plugins/metrics';
import { ENCODE_FROM_CHARS } from './plugins/utf8';
import { METRICS_TOKEN_MIN_LENGTH, readSettings, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, WORKERS_MAX } from './settings';
import type { Settings } from './settings';
import { UPSTREAM_CONNECTIONS } from './upstream/client';
import { BATCH as WEBHOOK_BATCH, LEASE_MS as WEBHOOK_LEASE_MS, POLL_MS as WEBHOOK_POLL_MS } from './webhooks/worker';

/**
 * The statuses, codes, limits and defaults that README.md and docs/ state,
 * read from the documents and compared with the constants that enforce them,
 * so that a change to either side without the other fails here. Each claim is
 * found by a small pattern of its own phrase: a reworded sentence fails too,
 * and then its pattern is updated with it.
 */

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const README = read('README.md');
const SERVER = read('docs/server.md');
const SECURITY = read('docs/security.md');
const ALERTS = read('docs/alerts.md');
const OPENAPI = read('docs/openapi.md');
const TESTING = read('docs/testing.md');

const MIB = 1024 * 1024;
const MINUTE_MS = 60_000;
const WORDS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, ten: 10 };

/** Prose with its line breaks and indents folded, so a phrase may wrap anywhere. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The capture groups of `pattern` in `doc` (its prose folded); fails naming the phrase when it is gone. */
function claim(doc: string, pattern: RegExp): string[] {
  const match = flat(doc).match(pattern);
  if (!match) throw new Error(`the document no longer says ${pattern}`);
  return match.slice(1);
}

/** A message's text, whether the table hands it on as text or with its key and values. */
const textOf = (message: string | { text: string }) => (typeof message === 'string' ? message : message.text);

/** A figure as the documents write it: `1,000`, `250,000` or a word. */
const num = (text: string) => WORDS[text] ?? Number(text.replace(/,/g, ''));

const UNIT_MS: Record<string, number> = { second: 1000, minute: MINUTE_MS, hour: 60 * MINUTE_MS, day: DAY_MS };

/** A span as the documents write it (`a minute`, `an hour`, `five minutes`, `10 s`), in ms. */
function spanMs(text: string): number {
  const words = text.replace(/^every /, '').split(' ');
  const [count, unit] = words.length === 1 ? ['1', words[0]] : words;
  const figure = count === 'an' ? 1 : num(count);
  const base = UNIT_MS[{ s: 'second', min: 'minute', h: 'hour' }[unit] ?? unit.replace(/s$/, '')];
  if (!Number.isFinite(figure) || base === undefined) throw new Error(`"${text}" is no span`);
  return figure * base;
}

/** The rows of the markdown table whose header row starts with `header`, as cells. */
function tableAfter(doc: string, header: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  if (start < 0) throw new Error(`no table headed "${header}"`);
  const rows: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i].startsWith('|'); i += 1)
    rows.push(lines[i].slice(1, -1).split(' | ').map((cell) => cell.trim()));
  return rows;
}

describe('README: the settings table', () => {
  const rows = tableAfter(README, 'variable');
  const documented = new Map(rows.map(([name, fallback, what]) => [name.replace(/`/g, ''), { fallback, what }]));
  const cwd = '/srv/agler';
  const defaults = readSettings({}, cwd, 8);
  const cell = (name: string) => {
    const row = documented.get(name);
    if (!row) throw new Error(`${name} is not in the README's table`);
    return row;
  };
  const rejects = (env: Record<string, string>) => expect(() => readSettings(env, cwd, 8)).toThrow();
  const accepts = (env: Record<string, string>) => expect(() => readSettings(env, cwd, 8)).not.toThrow();
  /** The range `lo to hi` a setting's row gives, held against what readSettings accepts. */
  function expectRange(name: string, pattern: RegExp, extra: Record<string, string> = {}) {
    const [lo, hi] = claim(cell(name).what, pattern).map(num);
    accepts({ ...extra, [name]: String(lo) });
    accepts({ ...extra, [name]: String(hi) });
    if (lo > 0) rejects({ ...extra, [name]: String(lo - 1) });
    rejects({ ...extra, [name]: String(hi + 1) });
  }

  it('documents every variable the server reads, and no other', () => {
    const read = new Set<string>();
    const spy = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    readSettings(spy, cwd, 8);
    expect([...documented.keys()].sort()).toEqual([...read].sort());
  });

  it('gives the defaults readSettings gives', () => {
    const plain: Record<string, (settings: Settings) => unknown> = {
      PORT: (s) => String(s.port),
      HOST: (s) => s.host,
      LOG_LEVEL: (s) => s.logLevel,
    };
    for (const [name, valueOf] of Object.entries(plain)) expect([name, cell(name).fallback]).toEqual([name, `\`${valueOf(defaults)}\``]);
    expect(path.resolve(cwd, claim(cell('DATA_DIR').fallback, /^`([^`]+)`$/)[0])).toBe(defaults.dataDir);
    expect(claim(cell('PUBLIC_URL').fallback, /^`([^`]+)`$/)[0].replace('$PORT', String(defaults.port))).toBe(defaults.publicUrl);
    const none = { DATABASE_URL: defaults.databaseUrl, METRICS_TOKEN: defaults.metricsToken, ALLOWED_HOSTS: defaults.allowedHosts[0], INVOKE_ALLOW_HOSTS: defaults.invokeAllowHosts[0] };
    for (const [name, value] of Object.entries(none)) {
      expect([name, cell(name).fallback]).toEqual([name, 'none']);
      expect([name, value]).toEqual([name, undefined]);
    }
  });

  it('says what SECRET_KEY and METRICS_TOKEN need', () => {
    expect(cell('SECRET_KEY').fallback).toContain(`\`DATA_DIR/${KEY_FILE}\``);
    expect(defaults.secretKey).toBeUndefined();
    expect(num(claim(cell('SECRET_KEY').what, /at least (\d+) characters/)[0])).toBe(SECRET_KEY_MIN_LENGTH);
    expect(num(claim(cell('METRICS_TOKEN').what, /at least (\d+) characters/)[0])).toBe(METRICS_TOKEN_MIN_LENGTH);
    expect(num(claim(SERVER, /Every process needs the same `SECRET_KEY` \(at least (\d+) characters/)[0])).toBe(SECRET_KEY_MIN_LENGTH);
    expect(num(claim(SERVER, /only with `METRICS_TOKEN` set \(at least (\d+) characters/)[0])).toBe(METRICS_TOKEN_MIN_LENGTH);
  });

  it('says when the cookie is Secure', () => {
    const [https, otherwise] = claim(cell('COOKIE_SECURE').fallback, /^`(\d)` when `PUBLIC_URL` is https, else `(\d)`$/);
    expect(readSettings({ PUBLIC_URL: 'https://api.example.com' }, cwd, 8).cookieSecure).toBe(https === '1');
    expect(defaults.cookieSecure).toBe(otherwise === '1');
  });

  it('gives the numbers readSettings uses and the ranges it accepts', () => {
    expect(cell('INVOKE_TIMEOUT_MS').fallback).toBe(`\`${defaults.invokeTimeoutMs}\``);
    expectRange('INVOKE_TIMEOUT_MS', /\((\d+) to (\d+)\)/);
    expect(cell('DEFAULT_QUOTA').fallback).toBe(`\`${defaults.defaultQuota}\``);
    expectRange('DEFAULT_QUOTA', /\((\d+) to (\d+)\)/);
    expect(cell('CALL_LOG_RETENTION_DAYS').fallback).toBe(`\`${defaults.callLogRetentionDays}\``);
    expectRange('CALL_LOG_RETENTION_DAYS', /\((\d+) to (\d+)\)/);
    expect([RETENTION_MIN_DAYS, RETENTION_MAX_DAYS]).toEqual(claim(cell('CALL_LOG_RETENTION_DAYS').what, /\((\d+) to (\d+)\)/).map(num));
  });

  it('says how many processes WORKERS makes', () => {
    const postgres = { DATABASE_URL: 'postgres://agler@db.internal/agler', SECRET_KEY: 'x'.repeat(SECRET_KEY_MIN_LENGTH) };
    expect(cell('WORKERS').fallback).toBe('`auto`');
    const what = cell('WORKERS').what;
    expect(num(claim(what, /`auto` is (\d+) on the embedded database/)[0])).toBe(readSettings({}, cwd, 8).workers);
    const [least, most] = claim(what, /one per core but one \((\d+) to (\d+)\)/).map(num);
    expect(readSettings(postgres, cwd, 1).workers).toBe(least);
    expect(readSettings(postgres, cwd, 3).workers).toBe(2);
    expect(readSettings(postgres, cwd, 64).workers).toBe(most);
    expect(claim(SERVER, /one process per core but one \(at least (\d+), at most (\d+)\) on PostgreSQL/).map(num)).toEqual([least, most]);
    expectRange('WORKERS', /or a number, (\d+) to (\d+)/, postgres);
    expect(num(claim(what, /or a number, \d+ to (\d+)/)[0])).toBe(WORKERS_MAX);
    rejects({ WORKERS: '2' });
  });

  it('lists the log levels LOG_LEVEL accepts', () => {
    const levels = [...cell('LOG_LEVEL').what.matchAll(/`([a-z]+)`/g)].map((m) => m[1]);
    for (const level of levels) accepts({ LOG_LEVEL: level });
    // The refusal names every level readSettings knows: the same set.
    const refusal = (() => {
      try {
        readSettings({ LOG_LEVEL: 'loud' }, cwd, 8);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    const known = claim(refusal, /只能是 (\S+) 之一/)[0].split('、');
    expect(levels.sort()).toEqual(known.sort());
  });
});

describe('README: the console', () => {
  it('gives the limits of keys, calls and alerts', () => {
    expect(num(claim(README, /最近调用 lists your last (\d+) calls/)[0])).toBe(HISTORY_LIMIT);
    expect(num(claim(README, /up to (\d+) named keys/)[0])).toBe(KEY_LIMITS.perUser);
    expect(num(claim(README, /your last ([\d,]+) calls with the key/)[0])).toBe(CALL_LOG_LIMIT);
    expect(num(claim(README, /a quota at (\d+) % and 100 %/)[0])).toBe(QUOTA_WARNING_SHARE * 100);
  });
});

describe('docs/server.md', () => {
  it('gives the limits of requests and answers', () => {
    const [mb, depth] = claim(SERVER, /at most (\d+) MB, nested at most (\d+) deep/).map(num);
    expect(mb * MIB).toBe(BODY_MAX_BYTES);
    expect(depth).toBe(JSON_MAX_DEPTH);
    expect(num(claim(SERVER, /\*\*Large answers\*\* \(([\d,]+) characters or more\)/)[0])).toBe(ENCODE_FROM_CHARS);
  });

  it('gives the page sizes and ranges the parsers accept', () => {
    const [pageMax, pageDefault, alertDefault, usageMax, usageDefault, callDefault] = claim(
      SERVER,
      /A `pageSize` is 1 to (\d+) for the catalogue, users and quota requests \((\d+) when not given\) and for alerts and webhook deliveries \((\d+)\), 1 to (\d+) for the analysis's usage table \((\d+)\) and 我的用量's calls \((\d+)\); any other answers 40000/,
    ).map(num);
    const range = { startDate: '2026-01-01', endDate: '2026-01-31' };
    const pages: [string, (query: Record<string, string>) => { ok: boolean; value?: unknown }, number, number][] = [
      ['catalogue', parseListQuery, pageMax, pageDefault],
      ['users', parseUserListQuery, pageMax, pageDefault],
      ['quota requests', parseQuotaRequestListQuery, pageMax, pageDefault],
      ['alerts', parseAlertListQuery, pageMax, alertDefault],
      ['webhook deliveries', parseDeliveryListQuery, pageMax, alertDefault],
      ['usage table', (query) => parseUsageQuery({ ...range, ...query }), usageMax, usageDefault],
      ['calls', parseCallLogQuery, usageMax, callDefault],
    ];
    for (const [list, parse, max, fallback] of pages) {
      expect([list, (parse({}).value as { pageSize: number }).pageSize]).toEqual([list, fallback]);
      expect([list, parse({ pageSize: String(max) }).ok]).toEqual([list, true]);
      expect([list, parse({ pageSize: String(max + 1) }).ok]).toEqual([list, false]);
    }
    expect([PAGE_SIZE_MAX, ALERT_PAGE_SIZE.max, USAGE_PAGE_SIZE.max, CALL_LOG_PAGE_SIZE.max]).toEqual([pageMax, pageMax, usageMax, usageMax]);

    const [days, topMax, topDefault] = claim(
      SERVER,
      /The analysis reads ranges of at most (\d+) days, and its top list 1 to (\d+) interfaces \((\d+)\)/,
    ).map(num);
    const dayAfter = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
    expect(parseOverviewQuery({ startDate: '2025-01-01', endDate: dayAfter('2025-01-01', days - 1) }).ok).toBe(true);
    expect(parseOverviewQuery({ startDate: '2025-01-01', endDate: dayAfter('2025-01-01', days) }).ok).toBe(false);
    expect(days).toBe(MAX_RANGE_DAYS);
    expect(parseLimit(undefined)).toEqual({ ok: true, value: topDefault });
    expect(parseLimit(String(topMax)).ok).toBe(true);
    expect(parseLimit(String(topMax + 1)).ok).toBe(false);
    expect([TOP_INVOKE_LIMIT.max, TOP_INVOKE_LIMIT.default]).toEqual([topMax, topDefault]);
    expect(WORDS[claim(SERVER, /the page asks for its first (\w+) rows/)[0]]).toBe(USAGE_PAGE_SIZE.default);
  });

  it('gives the storage and upkeep figures', () => {
    expect(claim(SERVER, /a pid file \(`([^`]+)`/)[0]).toBe(LOCK_FILE);
    expect(num(claim(SERVER, /side by side, at most (\d+) connections per process/)[0])).toBe(POOL_MAX);
    expect(num(claim(SERVER, /Each process keeps at most (\d+) connections, and one more that listens/)[0])).toBe(POOL_MAX);
    expect(num(claim(SERVER, /\(at most (\d+) per process on PostgreSQL; PGlite is one\)/)[0])).toBe(POOL_MAX);
    expect(num(claim(SERVER, /used gateway nonces are swept every (\d+) minutes/)[0]) * MINUTE_MS).toBe(SWEEP_MS);
    expect(num(claim(SERVER, /The maintenance sweep \(every (\d+) minutes/)[0]) * MINUTE_MS).toBe(SWEEP_MS);
    expect(num(claim(SERVER, /one INSERT for up to (\d+) calls/)[0])).toBe(RECORDER_MAX_BATCH);
  });

  it('gives the session, login and account limits', () => {
    const [idle, days] = claim(SERVER, /A session ends after (\d+) h unused or (\d+) days in all/).map(num);
    expect(idle * 60 * MINUTE_MS).toBe(SESSION_LIMITS.idleMs);
    expect(days * DAY_MS).toBe(SESSION_LIMITS.absoluteMs);
    const [failures, window, lock, code, message] = claim(
      SERVER,
      /After (\d+) wrong passwords within (a|one) minute for one account name, that name is refused for (\d+) minutes \((\d+), `([^`]+)`\)/,
    );
    expect([num(failures), num(window) * 60, num(lock)]).toEqual([LOGIN_THROTTLE.maxFailures, LOGIN_THROTTLE.windowSeconds, LOGIN_THROTTLE.lockMinutes]);
    expect(num(code)).toBe(ResponseCode.FORBIDDEN);
    expect(message).toBe(MESSAGES.loginThrottled);
    const [accountMin, accountMax, passwordMin, passwordMax] = claim(
      SERVER,
      /account (\d+)–(\d+) of `A-Z a-z 0-9 _ \. -`, password (\d+)–(\d+) typed twice/,
    ).map(num);
    expect([accountMin, accountMax, passwordMin, passwordMax]).toEqual([ACCOUNT_LENGTH.min, ACCOUNT_LENGTH.max, PASSWORD_LENGTH.min, PASSWORD_LENGTH.max]);
  });

  it('gives the limits of keys and of the gateway', () => {
    expect(num(claim(SERVER, /shown afterwards as its last (\d+) characters/)[0])).toBe(KEY_TAIL_LENGTH);
    expect(num(claim(SERVER, /A user has up to (\d+) live \(not revoked\) named keys/)[0])).toBe(KEY_LIMITS.perUser);
    expect(num(claim(SERVER, /an optional list of at most (\d+) interfaces it may call/)[0])).toBe(KEY_LIMITS.interfacesMax);
    expect(num(claim(SERVER, /The name is 1–(\d+) characters/)[0])).toBe(KEY_LIMITS.nameMax);
    expect(num(claim(SERVER, /in the future and at most (\d+) years ahead/)[0])).toBe(KEY_LIMITS.expiryMaxYears);
    expect(claim(SERVER, /`graceSeconds` \((\d+), (\d+) or (\d+)\)/).map(num)).toEqual([...GRACE_SECONDS]);
    expect(num(claim(SERVER, /GET \/api\/user\/key\/audit\[\?userId\]`: the newest (\d+) changes/)[0])).toBe(KEY_AUDIT_LIMIT);
    expect(spanMs(claim(SERVER, /`lastUsed` is written by the gateway at most once (a minute|every \d+ seconds) per key/)[0])).toBe(LAST_USED_EVERY_MS);
    expect(num(claim(SERVER, /raises `key_expiring` for keys that expire within (\d+) days/)[0]) * DAY_MS).toBe(KEY_EXPIRY_NOTICE_MS);
    expect(num(claim(SERVER, /`timestamp` \(seconds, within (\d+) s of the server's clock\)/)[0])).toBe(TIMESTAMP_TOLERANCE_SECONDS);
    const [shortest, longest, ttl] = claim(SERVER, /`nonce` \((\d+)–(\d+) of `A-Za-z0-9_-`, once per key within (\d+) minutes\)/).map(num);
    expect(NONCE_PATTERN.test('n'.repeat(shortest))).toBe(true);
    expect(NONCE_PATTERN.test('n'.repeat(shortest - 1))).toBe(false);
    expect(NONCE_PATTERN.test('n'.repeat(longest))).toBe(true);
    expect(NONCE_PATTERN.test('n'.repeat(longest + 1))).toBe(false);
    expect(ttl * 60).toBe(NONCE_TTL_SECONDS);
    expect(num(claim(SERVER, /every entry also ends after (\d+) s/)[0]) * 1000).toBe(CACHE_TTL_MS);
  });

  it('gives the limits of quota requests and 我的用量', () => {
    const [amount, reason] = claim(SERVER, /\{interfaceInfoId, amount, reason\}`: 1 to ([\d,]+) calls, a reason of at most (\d+) characters/).map(num);
    expect([amount, reason]).toEqual([QUOTA_REQUEST_LIMITS.amountMax, QUOTA_REQUEST_LIMITS.reasonMax]);
    expect(num(claim(SERVER, /is refused when what is left would pass ([\d,]+)/)[0])).toBe(QUOTA_MAX);
    expect(num(claim(SERVER, /the last ([\d,]+) calls \(time, key, interface/)[0])).toBe(CALL_LOG_LIMIT);
    expect(num(claim(SERVER, /the last ([\d,]+) are taken in SQL/)[0])).toBe(CALL_LOG_LIMIT);
    expect(claim(SERVER, /filtered by interface and status class \(([^:]+): no answer\)/)[0].split(', ')).toEqual([...CALL_STATUS_FILTERS]);
    expect(num(claim(SERVER, /the calls per day over the last (\d+) days and the day the quota runs out/)[0])).toBe(BURN_WINDOW_DAYS);
  });

  it('gives the limits of invoke and the analysis', () => {
    const [count, kb] = claim(SERVER, /at most (\d+) \/ (\d+) KB\)/).map(num);
    expect({ count, bytes: kb * 1024 }).toEqual(RESPONSE_HEADERS_MAX);
    expect(num(claim(SERVER, /a redirect \(never followed\), an answer over (\d+) MB/)[0]) * MIB).toBe(UPSTREAM_MAX_BYTES);
    expect(num(claim(SERVER, /its own pool of at most (\d+) connections/)[0])).toBe(UPSTREAM_CONNECTIONS);
    expect(num(claim(SERVER, /lists the caller's (\d+) newest calls of an interface/)[0])).toBe(HISTORY_LIMIT);
    expect(num(claim(SERVER, /`paramsTruncated: true` beyond (\d+) bytes/)[0])).toBe(HISTORY_PARAMS_MAX_BYTES);
    expect(num(claim(SERVER, /answers an interface's (\d+) most active users/)[0])).toBe(CALLERS_LIMIT);
  });

  it('gives the retention figures', () => {
    const [fallback, least, window] = claim(
      SERVER,
      /`CALL_LOG_RETENTION_DAYS` \(default (\d+), at least (\d+): alerts and deprecation notices look for an interface's callers among the last (\d+) days\)/,
    ).map(num);
    expect([fallback, least]).toEqual([DEFAULT_RETENTION_DAYS, RETENTION_MIN_DAYS]);
    expect(Math.max(INTERFACE_ALERT_DAYS, NOTICE_WINDOW_DAYS)).toBe(window);
    expect(spanMs(claim(SERVER, /Every (minute|\d+ minutes) one process/)[0])).toBe(RETENTION_EVERY_MS);
    expect(num(claim(SERVER, /one `DELETE` of the ([\d,]+) oldest calls/)[0])).toBe(RETENTION_LIMITS.batchRows);
    expect(num(claim(SERVER, /followed by a (\d+) ms pause/)[0])).toBe(RETENTION_LIMITS.pauseMs);
    const [batches, seconds] = claim(SERVER, /A run makes at most (\d+) batches or (\d+) seconds/).map(num);
    expect([batches, seconds * 1000]).toEqual([RETENTION_LIMITS.maxBatches, RETENTION_LIMITS.maxMs]);
    const [key, lease] = claim(SERVER, /\(`([a-z_]+)`, (\w+ minutes)\)/);
    expect([key, spanMs(lease)]).toEqual([LEASE_KEY, RETENTION_LEASE_MS]);
  });

  it('names the metrics the server keeps', () => {
    const [first, last] = claim(SERVER, /The latency buckets run from (\d+) ms to (\d+) s/).map(num);
    expect([first / 1000, last]).toEqual([LATENCY_BUCKETS[0], LATENCY_BUCKETS[LATENCY_BUCKETS.length - 1]]);
    const row = (metric: string) => SERVER.split('\n').find((line) => line.startsWith(`| \`${metric}\``)) ?? '';
    const reasons = [...row('agler_gateway_calls_refused_total').split(' | ')[3].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(reasons).toEqual([...REFUSAL_REASONS]);
    const outcomes = [...row('agler_gateway_request_duration_seconds').split(' | ')[3].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(outcomes).toEqual([...GATEWAY_OUTCOMES]);
  });
});

describe('docs/security.md', () => {
  it('gives the body limits and their messages', () => {
    const [mb, importMb, code, message, importMessage] = claim(
      SECURITY,
      /a body over its route's limit \((\d+) MB; the import's (\d+) MB\) gets 413 with the envelope \((\d+), `([^`]+)`, the import's `([^`]+)`\)/,
    );
    expect(num(mb) * MIB).toBe(BODY_MAX_BYTES);
    expect(num(importMb) * MIB).toBe(IMPORT_LIMITS.bodyMaxBytes);
    expect(num(code)).toBe(ResponseCode.PARAMS_ERROR);
    expect(message).toBe(MESSAGES.bodyTooLarge);
    expect(importMessage).toBe(textOf(IMPORT_MESSAGES.documentTooLarge(IMPORT_LIMITS.documentMaxBytes / MIB)));
    expect(num(claim(SECURITY, /for up to (\d+) s \(`LINGER_MS`\)/)[0]) * 1000).toBe(LINGER_MS);
    expect(num(claim(SECURITY, /Nesting deeper than (\d+) is 40000/)[0])).toBe(JSON_MAX_DEPTH);
  });

  it('gives the webhook, key and date limits', () => {
    expect(num(claim(SECURITY, /at most `WEBHOOK_TEST_LIMIT\.perMinute` \((\d+)\) within any minute/)[0])).toBe(WEBHOOK_TEST_LIMIT.perMinute);
    expect(num(claim(SECURITY, /`KEY_LIMITS\.expiryMaxYears` \((\d+)\) years ahead/)[0])).toBe(KEY_LIMITS.expiryMaxYears);
    expect(claim(SECURITY, /years (\d+)–(\d+)/).map(num)).toEqual([DATE_YEARS.min, DATE_YEARS.max]);
  });

  it('counts what the hostile suite sends by the contract', () => {
    type Operation = { security?: Record<string, unknown>[] };
    const contract = JSON.parse(read('config/openapi.json')) as { paths: Record<string, Record<string, Operation>> };
    // An operation a caller without a session may call lists no requirement, or an empty one.
    const needSession = Object.entries(contract.paths)
      .filter(([route]) => route.startsWith('/api/'))
      .flatMap(([, operations]) => Object.entries(operations))
      .filter(([, operation]) => (operation.security ?? []).length > 0 && operation.security!.every((s) => Object.keys(s).length > 0));
    const rows = tableAfter(SECURITY, 'what | how');
    const sent = (what: string) => num(rows.find((row) => row[0] === what)?.[2] ?? 'missing');
    expect(sent('no session')).toBe(needSession.length);
    expect(sent('a forged session')).toBe(needSession.length);
    expect(sent('another host')).toBe(needSession.length);
    expect(sent('a write from another site')).toBe(needSession.filter(([method]) => method === 'post').length);
  });
});

describe('docs/alerts.md', () => {
  it('lists the alert kinds', () => {
    expect(tableAfter(ALERTS, 'kind').map(([kind]) => kind.replace(/`/g, ''))).toEqual([...ALERT_KINDS]);
  });

  it('gives when alerts are raised', () => {
    expect(num(claim(ALERTS, /the call that uses (\d+) % of a user's quota/)[0])).toBe(QUOTA_WARNING_SHARE * 100);
    expect(num(claim(ALERTS, /a key expires within (\d+) days/)[0]) * DAY_MS).toBe(KEY_EXPIRY_NOTICE_MS);
    const windows = [...flat(ALERTS).matchAll(/called (?:it )?in the last (\d+) days/g)].map((m) => num(m[1]));
    expect(windows.length).toBeGreaterThanOrEqual(3);
    for (const days of windows) expect(days).toBe(INTERFACE_ALERT_DAYS);
    expect(spanMs(claim(ALERTS, /the bell asks once (a minute|every \d+ seconds)/)[0])).toBe(ALERT_POLL_MS);
  });

  it('gives the webhook limits', () => {
    expect(num(claim(ALERTS, /at most (\d+) within any minute \(`WEBHOOK_TEST_LIMIT`\)/)[0])).toBe(WEBHOOK_TEST_LIMIT.perMinute);
    expect(num(claim(ALERTS, /the old one signs beside it for (\d+) hours/)[0]) * 3600).toBe(WEBHOOK_SECRET_GRACE_S);
    expect(num(claim(ALERTS, /A try succeeds on any 2xx answer within (\d+) seconds/)[0])).toBe(WEBHOOK_TIMEOUT_S);
  });

  it('gives the retry schedule and the worker', () => {
    const [schedule, tries, minutes] = claim(ALERTS, /tried again after ([^:]+): (\w+) tries over some (\d+) minutes \(`WEBHOOK_RETRY_DELAYS_S`\)/);
    const delays = schedule.split(/, | and /).map((step) => {
      const [, figure, unit] = step.match(/^(\d+) (s|min)$/) ?? [];
      return num(figure) * (unit === 'min' ? 60 : 1);
    });
    expect(delays).toEqual([...WEBHOOK_RETRY_DELAYS_S]);
    expect(num(tries)).toBe(WEBHOOK_MAX_TRIES);
    expect(num(minutes)).toBe(Math.round(WEBHOOK_RETRY_DELAYS_S.reduce((a, b) => a + b, 0) / 60));
    const [poll, batch, lease] = claim(ALERTS, /looks every (\d+) seconds for due deliveries and claims up to (\d+) with `FOR UPDATE SKIP LOCKED`, leasing them for (a minute|\d+ \w+),/);
    expect([num(poll) * 1000, num(batch), spanMs(lease)]).toEqual([WEBHOOK_POLL_MS, WEBHOOK_BATCH, WEBHOOK_LEASE_MS]);
  });
});

describe('docs/openapi.md', () => {
  it('gives the import limits', () => {
    expect(num(claim(OPENAPI, /read in the browser, at most (\d+) MB/)[0]) * MIB).toBe(IMPORT_LIMITS.documentMaxBytes);
    expect(num(claim(OPENAPI, /no redirects, at most (\d+) MB/)[0]) * MIB).toBe(IMPORT_LIMITS.documentMaxBytes);
    expect(num(claim(OPENAPI, /A document may hold at most (\d+) operations/)[0])).toBe(IMPORT_LIMITS.operationsMax);
    expect(num(claim(OPENAPI, /longer than (\d+) characters it is cut/)[0])).toBe(INTERFACE_LIMITS.nameMax);
    expect(num(claim(OPENAPI, /stored up to (\d+) characters/)[0])).toBe(INTERFACE_LIMITS.jsonTextMax);
    expect(num(claim(OPENAPI, /at most (\w+) at a time; a thread that read its document waits/)[0])).toBe(READERS_MAX);
    expect(num(claim(OPENAPI, /waits (\d+) s for the next one/)[0]) * 1000).toBe(IDLE_MS);
    expect(num(claim(OPENAPI, /written (\d+) rows per statement/)[0])).toBe(STAGE_CHUNK_ROWS);
    expect(spanMs(claim(OPENAPI, /removed by the next import after (an hour|\d+ hours)/)[0])).toBe(STAGE_ABANDONED_MS);
  });

  it('gives the reading budgets and their messages', () => {
    const rows = new Map(
      tableAfter(OPENAPI, 'budget').map(([budget, limit, message]) => [claim(budget, /\(`(\w+)`\)/)[0], { limit, message }]),
    );
    const row = (name: string) => rows.get(name) ?? { limit: 'missing', message: 'missing' };
    expect(num(claim(row('depthMax').limit, /^(\d+) levels$/)[0])).toBe(IMPORT_LIMITS.depthMax);
    expect(row('depthMax').message).toBe(textOf(IMPORT_MESSAGES.tooDeep(IMPORT_LIMITS.depthMax)));
    expect(num(row('expansionMax').limit)).toBe(IMPORT_LIMITS.expansionMax);
    expect(row('expansionMax').message).toBe(textOf(IMPORT_MESSAGES.tooExpanded(IMPORT_LIMITS.expansionMax)));
    expect(num(claim(row('readMs').limit, /^(\d+) s$/)[0]) * 1000).toBe(IMPORT_LIMITS.readMs);
    expect(row('readMs').message).toBe(textOf(IMPORT_MESSAGES.tooSlow(IMPORT_LIMITS.readMs / 1000)));
    expect(num(claim(row('readHeapMb').limit, /^(\d+) MB$/)[0])).toBe(IMPORT_LIMITS.readHeapMb);
    expect(row('readHeapMb').message).toBe(textOf(IMPORT_MESSAGES.tooMuchMemory(IMPORT_LIMITS.readHeapMb)));
    expect([...rows.keys()].sort()).toEqual(['depthMax', 'expansionMax', 'readHeapMb', 'readMs']);
  });

  it('gives the export limit and refusals', () => {
    const [max, code, tooMany, notId] = claim(
      OPENAPI,
      /at most (\d+) ids, `EXPORT_IDS_MAX` in `server\/domain\/openapi\/export\.ts`; more answer code `(\d+)` with `([^`]+)`, one that is not an id with `([^`]+)`/,
    );
    expect(num(max)).toBe(EXPORT_IDS_MAX);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join(',');
    expect(parseExportIds(ids(num(max)))).toHaveLength(num(max));
    expect(() => parseExportIds(ids(num(max) + 1))).toThrow(expect.objectContaining({ code: num(code), message: tooMany }));
    expect(() => parseExportIds('1,x')).toThrow(expect.objectContaining({ code: num(code), message: notId }));
    const statuses = claim(OPENAPI, /the gateway's refusals are the other responses \(([^)]+)\)/)[0].replace(' with Retry-After', '').split(', ');
    expect(statuses).toEqual(Object.keys(REFUSAL_STATUS));
  });

  it('gives the retirement rules', () => {
    expect(claim(OPENAPI, /\(40000 `([^`]+)`\), when they set the date/)[0]).toBe(textOf(LIFECYCLE_MESSAGES.sunsetTooEarly('yyyy-MM-dd')));
    expect(num(claim(OPENAPI, /every user who called it in the last (\d+) days gets a notice/)[0])).toBe(NOTICE_WINDOW_DAYS);
    expect(num(claim(OPENAPI, /newest first, at most (\d+)\)/)[0])).toBe(NOTICE_LIST_MAX);
  });
});

describe('docs/server.md: Health', () => {
  it('gives the window, how long figures are kept and the thresholds of contract/interfaceHealth.ts', () => {
    expect(num(claim(SERVER, /each interface's calls of the last (\d+) hours by id/)[0])).toBe(HEALTH_WINDOW_HOURS);
    expect(num(claim(SERVER, /each process keeps them for (\d+) seconds \(`HEALTH_REFRESH_MS`\)/)[0]) * 1000).toBe(HEALTH_REFRESH_MS);
    const rows = new Map(tableAfter(SERVER, 'state').map(([state, when]) => [state, when]));
    const [downCalls, downRate] = claim(rows.get('`down` (故障)') ?? '', /at least (\d+) calls and a success rate below (\d+) %/).map(num);
    const [degradedRate, degradedMs, fewer] = claim(
      rows.get('`degraded` (降级)') ?? '',
      /a success rate below (\d+) %, or a p95 above ([\d,]+) ms; also fewer than (\d+) calls/,
    ).map(num);
    const t = HEALTH_THRESHOLDS;
    expect([downCalls, downRate, fewer]).toEqual([t.downMinCalls, t.downSuccessRate * 100, t.downMinCalls]);
    expect([degradedRate, degradedMs]).toEqual([t.degradedSuccessRate * 100, t.degradedP95Ms]);
  });
});

describe('docs/testing.md', () => {
  it('gives the size budgets of tests/bench/budgets.mjs', () => {
    const source = read('tests/bench/budgets.mjs');
    const kb = (name: string) => num(source.match(new RegExp(`'${name.replace(/[()/]/g, '\\$&')}': (\\d+) \\* KB`))?.[1] ?? 'missing');
    const rows = new Map(tableAfter(TESTING, 'what').map(([what, most]) => [what, most]));
    const documented = (what: string) => rows.get(what) ?? 'missing';
    expect(documented('`/user/login`, and `/` logged out')).toBe(`${kb('route /user/login')} KB`);
    expect(kb('route / (logged out)')).toBe(kb('route /user/login'));
    expect(documented('`/` logged in')).toBe(`${kb('route / (logged in)')} KB`);
    expect(documented('`/interface_info/:id`')).toBe(`${kb('route /interface_info/:id (logged in)')} KB`);
    expect(documented('`/admin/interface_info`')).toBe(`${kb('route /admin/interface_info (logged in)')} KB`);
    expect(documented('`/admin/interface_analysis`')).toBe(`${kb('route /admin/interface_analysis (logged in)')} KB`);
    expect(documented('the layout\'s chunk')).toBe(`${kb('chunk t__plugin-layout__Layout')} KB`);
    expect(documented('the English chunk (`lang-en-US`)')).toBe(`${kb('chunk lang-en-US')} KB`);
    expect(documented('the bell\'s list, 申请额度\'s form (fetched at their first use)')).toBe(`${kb('chunk alert-panel')} KB, ${kb('chunk quota-request')} KB`);
    const pages = [...source.matchAll(/'chunk p__[\w]+': (\d+) \* KB/g)].map((m) => num(m[1]));
    expect(documented('each page\'s own chunk')).toBe(`${Math.min(...pages)} to ${Math.max(...pages)} KB`);
  });
});

describe("docs/server.md: The publisher's side", () => {
  it('gives the credentials\' bounds and when last4 shows, as contract/interfaceUpstream.ts', () => {
    expect(num(claim(SERVER, /names not mentioned stay; at most (\d+) in all/)[0])).toBe(UPSTREAM_CREDENTIALS_MAX);
    const [queryMax, valueMax] = claim(SERVER, /a query name is 1 to (\d+) characters; a value is 1 to (\d+) visible ASCII/).map(num);
    expect({ queryMax, valueMax }).toEqual({
      queryMax: UPSTREAM_CREDENTIAL_LIMITS.queryNameMax,
      valueMax: UPSTREAM_CREDENTIAL_LIMITS.valueMax,
    });
    expect(num(claim(SERVER, /the value's last 4 characters when it has (\d+) or more/)[0])).toBe(CREDENTIAL_HINT_MIN_LENGTH);
  });
});
