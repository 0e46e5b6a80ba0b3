/**
 * Facts of the HTTP contract (shared/api-contract.md) that both the app and the
 * mocks rely on. Change them here and in config/openapi.json together.
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
} as const;

export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

export const USER_ROLE = { USER: 'user', ADMIN: 'admin', BAN: 'ban' } as const;

/** Length limits of the login form. */
export const ACCOUNT_LENGTH = { min: 4, max: 256 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 256 } as const;

/** Limits of an interface's fields. */
export const INTERFACE_LIMITS = {
  nameMax: 50,
  descriptionMax: 256,
  urlMax: 512,
} as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const INTERFACE_STATUS = { OFFLINE: 0, ONLINE: 1 } as const;

export const PAGE_SIZE_MAX = 50;
export const SORT_FIELDS = ['createTime', 'updateTime', 'name'] as const;

export const TOP_INVOKE_LIMIT = { default: 3, max: 20 } as const;

/** The session cookie the mocks set; a real backend names its own. */
export const SESSION_COOKIE = 'AGLER_SESSION';
