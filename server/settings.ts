import os from 'node:os';
import path from 'node:path';
import { INTERFACE_ALERT_DAYS } from '@agler/contract/alerts';
import { DEFAULT_QUOTA, QUOTA_MAX } from '@agler/contract/constants';
import { NOTICE_WINDOW_DAYS } from '@agler/contract/lifecycle';
import { DEFAULT_RETENTION_DAYS } from './domain/retention';
import { SECRET_KEY_MIN_LENGTH } from './keys/secretBox';

/**
 * The server's settings, read once from the environment. A bad value stops
 * the start with a message that names the variable, the value and what would
 * be right, instead of a surprise later.
 */

export type Settings = {
  port: number;
  host: string;
  /** Where the embedded database lives when there is no DATABASE_URL (absolute). */
  dataDir: string;
  /** A PostgreSQL server; undefined means the embedded database in dataDir. */
  databaseUrl: string | undefined;
  /** The address people open (origin only, no trailing slash). */
  publicUrl: string;
  cookieSecure: boolean;
  logLevel: LogLevel;
  /** The built console; undefined when the server answers /api only. */
  consoleDir: string | undefined;
  /** How long invoke waits for an interface's server, in ms. */
  invokeTimeoutMs: number;
  /** Hosts (`host` or `host:port`, lower-cased) invoke may call although their addresses are internal. */
  invokeAllowHosts: string[];
  /**
   * ALLOWED_HOSTS: further names (`host` or `host:port`, lower-cased) that
   * requests may be sent to, such as the name a proxy in front hands on.
   * Besides them the server answers only PUBLIC_URL's host, localhost,
   * 127.0.0.1 and [::1] (any port): a page whose name is made to point at
   * this server (DNS rebinding) is refused.
   */
  allowedHosts: string[];
  /** SECRET_KEY: seals users' secret keys; undefined means the key file in dataDir (PGlite only). */
  secretKey: string | undefined;
  /** Calls a user gets per interface on their first call. */
  defaultQuota: number;
  /** WORKERS: server processes on the one port (node:cluster); more than one needs DATABASE_URL. */
  workers: number;
  /** CALL_LOG_RETENTION_DAYS: days single calls stay in the call log (the roll-up keeps the analysis's figures). */
  callLogRetentionDays: number;
  /** METRICS_TOKEN: lets requests from other machines read /metrics with it as a bearer token. */
  metricsToken: string | undefined;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readPort(env: Env): number {
  const raw = text(env, 'PORT');
  if (raw === undefined) return 8000;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new SettingsError(`PORT 应为 1 到 65535 的整数，当前为 "${raw}"`);
  return port;
}

function readHost(env: Env): string {
  const raw = text(env, 'HOST') ?? '127.0.0.1';
  if (/[\s/]/.test(raw))
    throw new SettingsError(`HOST 应为主机名或 IP 地址（如 127.0.0.1 或 0.0.0.0），当前为 "${raw}"`);
  return raw;
}

function readDatabaseUrl(env: Env): string | undefined {
  const raw = text(env, 'DATABASE_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname) {
    // The value may hold a password: name the rule, not the value.
    throw new SettingsError('DATABASE_URL 应为 postgres://用户:密码@主机:端口/数据库 形式的地址');
  }
  return raw;
}

function readPublicUrl(env: Env, port: number): string {
  const raw = text(env, 'PUBLIC_URL');
  if (raw === undefined) return `http://localhost:${port}`;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash
  ) {
    throw new SettingsError(
      `PUBLIC_URL 应为 http:// 或 https:// 开头、不带路径的地址（如 https://api.example.com），当前为 "${raw}"`,
    );
  }
  return url.origin;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new SettingsError(`${name} 应为 1 或 0，当前为 "${raw}"`);
}

function readLogLevel(env: Env): LogLevel {
  const raw = text(env, 'LOG_LEVEL') ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new SettingsError(`LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')} 之一，当前为 "${raw}"`);
  return raw as LogLevel;
}

function readTimeout(env: Env): number {
  const raw = text(env, 'INVOKE_TIMEOUT_MS');
  if (raw === undefined) return 10_000;
  const ms = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(ms >= 100 && ms <= 600_000))
    throw new SettingsError(`INVOKE_TIMEOUT_MS 应为 100 到 600000 之间的毫秒数，当前为 "${raw}"`);
  return ms;
}

/** `host` or `host:port`; IPv6 in brackets, as a URL writes it. */
const ALLOW_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/;

/** A comma-separated list of ALLOW_ENTRY; `example` shows what one looks like. */
function readHostList(env: Env, name: string, example: string): string[] {
  const entries = (text(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.find((entry) => !ALLOW_ENTRY.test(entry));
  if (bad !== undefined)
    throw new SettingsError(`${name} 应为逗号分隔的 主机 或 主机:端口（如 ${example}），"${bad}" 不是`);
  return entries;
}

function readSecretKey(env: Env, databaseUrl: string | undefined): string | undefined {
  const raw = env.SECRET_KEY;
  if (raw === undefined || raw === '') {
    if (databaseUrl)
      throw new SettingsError(
        `使用 DATABASE_URL 时必须设置 SECRET_KEY（至少 ${SECRET_KEY_MIN_LENGTH} 个字符的随机文本，如 openssl rand -hex 32 的输出）：它加密用户的 secretKey，连接同一数据库的每个进程都要用同一个值`,
      );
    return undefined;
  }
  if (raw.length < SECRET_KEY_MIN_LENGTH)
    throw new SettingsError(`SECRET_KEY 至少要 ${SECRET_KEY_MIN_LENGTH} 个字符（如 openssl rand -hex 32 的输出）`);
  return raw;
}

function readDefaultQuota(env: Env): number {
  const raw = text(env, 'DEFAULT_QUOTA');
  if (raw === undefined) return DEFAULT_QUOTA;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 0 && value <= QUOTA_MAX))
    throw new SettingsError(`DEFAULT_QUOTA 应为 0 到 ${QUOTA_MAX} 的整数，当前为 "${raw}"`);
  return value;
}

/**
 * The fewest days of calls the log keeps: alerts and deprecation notices find
 * an interface's callers among its calls of the last 30 days.
 */
export const RETENTION_MIN_DAYS = Math.max(INTERFACE_ALERT_DAYS, NOTICE_WINDOW_DAYS);
export const RETENTION_MAX_DAYS = 3650;

function readRetentionDays(env: Env): number {
  const raw = text(env, 'CALL_LOG_RETENTION_DAYS');
  if (raw === undefined) return DEFAULT_RETENTION_DAYS;
  const days = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= RETENTION_MIN_DAYS && days <= RETENTION_MAX_DAYS))
    throw new SettingsError(
      `CALL_LOG_RETENTION_DAYS 应为 ${RETENTION_MIN_DAYS} 到 ${RETENTION_MAX_DAYS} 之间的整数（天），当前为 "${raw}"`,
    );
  return days;
}

/** Most processes WORKERS may ask for. */
export const WORKERS_MAX = 32;

/**
 * WORKERS: 1 on PGlite, which one process holds; on PostgreSQL `auto` (the
 * default) is one per core but one, at least 1 and at most 4: a core is left
 * to PostgreSQL and the rest of the machine (on 2 cores with the database and
 * the callers on the same machine, two processes answer fewer calls than one:
 * docs/performance.md).
 */
function readWorkers(env: Env, databaseUrl: string | undefined, cores: number): number {
  const raw = text(env, 'WORKERS') ?? 'auto';
  if (raw === 'auto') return databaseUrl ? Math.max(1, Math.min(cores - 1, 4)) : 1;
  const value = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= WORKERS_MAX))
    throw new SettingsError(`WORKERS 应为 auto 或 1 到 ${WORKERS_MAX} 的整数，当前为 "${raw}"`);
  if (value > 1 && !databaseUrl)
    throw new SettingsError(`WORKERS=${value} 需要 DATABASE_URL：嵌入式数据库（PGlite）只能由一个进程打开`);
  return value;
}

/** Shortest METRICS_TOKEN: one that can be guessed is no gate. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** Characters a bearer token may hold (RFC 6750's b64token). */
const BEARER_TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

function readMetricsToken(env: Env): string | undefined {
  const raw = text(env, 'METRICS_TOKEN');
  if (raw === undefined) return undefined;
  // The value is a secret: the message names the rule, not the value.
  if (raw.length < METRICS_TOKEN_MIN_LENGTH || !BEARER_TOKEN.test(raw))
    throw new SettingsError(
      `METRICS_TOKEN 应为至少 ${METRICS_TOKEN_MIN_LENGTH} 个字符的随机文本（字母、数字和 . _ ~ + / -，如 openssl rand -hex 32 的输出）`,
    );
  return raw;
}

/** The settings of `env` (process.env by default), resolved against `cwd`; throws SettingsError. */
export function readSettings(
  env: Env = process.env,
  cwd = process.cwd(),
  cores = os.availableParallelism(),
): Settings {
  const port = readPort(env);
  const publicUrl = readPublicUrl(env, port);
  const databaseUrl = readDatabaseUrl(env);
  return {
    port,
    host: readHost(env),
    dataDir: path.resolve(cwd, text(env, 'DATA_DIR') ?? 'data'),
    databaseUrl,
    publicUrl,
    // Behind HTTPS the cookie is Secure unless told otherwise.
    cookieSecure: readBoolean(env, 'COOKIE_SECURE', publicUrl.startsWith('https:')),
    logLevel: readLogLevel(env),
    consoleDir: path.resolve(cwd, 'dist'),
    invokeTimeoutMs: readTimeout(env),
    invokeAllowHosts: readHostList(env, 'INVOKE_ALLOW_HOSTS', 'internal.example.com,10.0.0.5:8080'),
    allowedHosts: readHostList(env, 'ALLOWED_HOSTS', 'agler.internal,10.0.0.7:8000'),
    secretKey: readSecretKey(env, databaseUrl),
    defaultQuota: readDefaultQuota(env),
    workers: readWorkers(env, databaseUrl, cores),
    callLogRetentionDays: readRetentionDays(env),
    metricsToken: readMetricsToken(env),
  };
}

/** Where the server keeps its data, for a person to read (a DATABASE_URL without its password). */
export function describeDatabase(settings: Settings): string {
  if (!settings.databaseUrl) return `PGlite ${settings.dataDir}`;
  const url = new URL(settings.databaseUrl);
  url.password = url.password ? '***' : '';
  return `PostgreSQL ${url.host}${url.pathname}`;
}
