/**
 * Facts of the HTTP contract (config/openapi.json) that the console, the
 * mocks and the server rely on. Change them here and in config/openapi.json
 * together.
 */

/** Envelope codes. */
export const ResponseCode = {
  SUCCESS: 0,
  PARAMS_ERROR: 40000,
  NOT_LOGIN: 40100,
  NO_AUTH: 40101,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  SYSTEM_ERROR: 50000,
  OPERATION_ERROR: 50001,
  /** A quota is used up, or a caller is over a rate limit (the gateway answers both with HTTP 429). */
  QUOTA_EXHAUSTED: 42900,
  /** The interface's sunset date has passed (the gateway's 410 Gone). */
  GONE: 41000,
  /** The interface's own server failed the call: an error status, no answer, a time-out, a redirect, an answer too large. */
  UPSTREAM_ERROR: 50200,
} as const;

export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

export const USER_ROLE = { USER: 'user', ADMIN: 'admin', BAN: 'ban' } as const;
export type UserRole = (typeof USER_ROLE)[keyof typeof USER_ROLE];

/** Length limits of the login form. */
export const ACCOUNT_LENGTH = { min: 4, max: 256 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 256 } as const;

/** Limits of a user's own fields. */
export const USER_LIMITS = { nameMax: 50, avatarMax: 512 } as const;

/** Calls a user gets per interface when they first call it (the server's DEFAULT_QUOTA overrides it). */
export const DEFAULT_QUOTA = 100;
/** The most an admin may set a quota's leftNum to. */
export const QUOTA_MAX = 1_000_000_000;

/** A user's request for more calls (`POST /api/quota/request`): the most one request may ask, and its reasons' length. */
export const QUOTA_REQUEST_LIMITS = { amountMax: 1_000_000, reasonMax: 500 } as const;

/**
 * A plan's fields (contract/plans.ts): its name's, description's and price
 * label's lengths, its interfaces, its quota per period, and the length of a
 * subscriber's reason and of an admin's reply.
 */
export const PLAN_LIMITS = {
  nameMax: 64,
  descriptionMax: 2000,
  priceLabelMax: 32,
  interfacesMax: 100,
  quotaMax: 1_000_000_000,
  reasonMax: 500,
} as const;

/** A user's keys (contract/keys.ts): live keys per user, a name's length, interfaces on one key's list. */
export const KEY_LIMITS = { perUser: 10, nameMax: 30, interfacesMax: 50, expiryMaxYears: 10 } as const;

/** 我的用量's call log: the last calls it keeps, and its page size (`GET /api/user/calls`). */
export const CALL_LOG_LIMIT = 1000;
export const CALL_LOG_PAGE_SIZE = { default: 20, max: 100 } as const;

/** The most calls per second, and the largest burst, a rate limit may allow. */
export const RATE_LIMIT_MAX = 100_000;

/** Limits of an interface's fields. */
export const INTERFACE_LIMITS = {
  nameMax: 50,
  descriptionMax: 256,
  urlMax: 512,
  /** Each of requestParams, requestHeader and responseHeader, in characters. */
  jsonTextMax: 8192,
} as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const INTERFACE_STATUS = { OFFLINE: 0, ONLINE: 1 } as const;
export type InterfaceStatus = (typeof INTERFACE_STATUS)[keyof typeof INTERFACE_STATUS];

export const PAGE_SIZE_MAX = 50;
export const SORT_FIELDS = ['createTime', 'updateTime', 'name'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The analysis's usage table, paged on the server (`GET /api/analysis/interfaces`). */
export const USAGE_PAGE_SIZE = { default: 10, max: 100 } as const;
export const USAGE_SORT_FIELDS = [
  'name',
  'calls',
  'errors',
  'successRate',
  'avgLatency',
  'p95Latency',
  'share',
  'lastCallTime',
] as const;
export type UsageSortField = (typeof USAGE_SORT_FIELDS)[number];

export const TOP_INVOKE_LIMIT = { default: 3, max: 20 } as const;

/** The longest range the analysis endpoints accept, in days. */
export const MAX_RANGE_DAYS = 366;

/** Largest request body the API reads, in bytes. */
export const BODY_MAX_BYTES = 1024 * 1024;

/** The session cookie the mocks set; a real backend names its own. */
export const SESSION_COOKIE = 'AGLER_SESSION';

/** The header's canned site-search suggestions: common things people look for (the demo catalogue answers each). */
export const SEARCH_SUGGESTIONS = ['天气', 'IP', '随机', '翻译'] as const;

/**
 * Login throttling: this many wrong passwords for one account name within
 * `windowSeconds` refuse further attempts for that name for `lockMinutes`.
 */
export const LOGIN_THROTTLE = { maxFailures: 5, windowSeconds: 60, lockMinutes: 5 } as const;
