import {
  ACCOUNT_LENGTH,
  BODY_MAX_BYTES,
  HTTP_METHODS,
  LOGIN_THROTTLE,
  MAX_RANGE_DAYS,
  PAGE_SIZE_MAX,
  PASSWORD_LENGTH,
  QUOTA_MAX,
  RATE_LIMIT_MAX,
  SORT_FIELDS,
  TOP_INVOKE_LIMIT,
  USAGE_PAGE_SIZE,
  USAGE_SORT_FIELDS,
  USER_LIMITS,
} from '@agler/contract/constants';
import { INTERFACE_FIELD_LABELS } from '@agler/contract/interfaceValidation';
import { JSON_MAX_DEPTH } from '@agler/contract/json';
import { TIMESTAMP_TOLERANCE_SECONDS } from '@agler/contract/signature';
import { UPSTREAM_MAX_BYTES } from '@agler/contract/upstream';
import type { Translation } from './index';
import type { MessagesEnglish } from './messages';

/** The English of the contract's messages (src/locales/messages.ts translates with it). */

const LABELS: Translation<typeof INTERFACE_FIELD_LABELS> = {
  name: 'Interface name',
  description: 'Description',
  url: 'URL',
  method: 'Request method',
  requestParams: 'Request parameters',
  requestHeader: 'Request headers',
  responseHeader: 'Response headers',
};

const TEXT_FAULTS = {
  control: 'must not contain control characters',
  loneSurrogate: 'must not contain unpaired surrogates (invalid Unicode characters)',
  bidi: 'must not contain text-direction control characters',
} as const;

/** The English of the labels a text check's refusal names (TEXT_FIELD_LABELS). */
const TEXT_FIELD_LABELS_EN: Readonly<Record<string, string>> = {
  账号: 'The account',
  昵称: 'The nickname',
  头像地址: 'The avatar URL',
  ...Object.fromEntries(
    (Object.keys(LABELS) as (keyof typeof LABELS)[]).map((key) => [INTERFACE_FIELD_LABELS[key], LABELS[key]]),
  ),
};

const TOO_DEEP = `cannot nest JSON more than ${JSON_MAX_DEPTH} levels deep`;
const MB = 1024 * 1024;

export const messages: MessagesEnglish = {
  api: {
    ok: 'ok',
    notLogin: 'Not logged in',
    noAuth: 'No permission',
    banned: 'This account is banned',
    accountLength: `The account must be ${ACCOUNT_LENGTH.min} to ${ACCOUNT_LENGTH.max} characters long`,
    passwordLength: `The password must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters long`,
    wrongCredentials: 'Wrong account or password',
    loginThrottled: `Too many failed logins; try again in ${LOGIN_THROTTLE.lockMinutes} minutes`,
    accountTaken: 'This account is already registered',
    accountChars: 'The account may contain only letters, digits, underscores, dots and hyphens',
    passwordMismatch: 'The two passwords do not match',
    wrongPassword: 'The current password is wrong',
    userNameLength: `The nickname cannot be longer than ${USER_LIMITS.nameMax} characters`,
    avatarInvalid: `The avatar must be an address starting with http:// or https://, at most ${USER_LIMITS.avatarMax} characters long`,
    userNotFound: 'The user does not exist',
    badRole: 'userRole must be one of user, admin or ban',
    selfRole: 'You cannot ban or demote your own account',
    lastAdmin: 'At least one admin must remain',
    badLeftNum: `leftNum must be an integer from 0 to ${QUOTA_MAX}`,
    signatureMissing: (header) => `The request header ${header} is missing`,
    unknownAccessKey: 'Invalid accessKey',
    badSignature: 'Wrong signature',
    badTimestamp: `timestamp must be in seconds and within ${TIMESTAMP_TOLERANCE_SECONDS} seconds of the server's time`,
    badNonce: 'nonce must be 8 to 64 letters, digits, underscores or hyphens',
    nonceUsed: 'This nonce was used before; the request is refused (replay)',
    methodNotAllowed: (method) => `This interface accepts only ${method} requests`,
    quotaExhausted: 'No calls left for this interface',
    rateLimited: "Too many calls: over this interface's rate limit; try again shortly",
    badRateLimit: `The rate limit must be an integer from 0 to ${RATE_LIMIT_MAX} (calls per second, 0 for none)`,
    badRateBurst: `The burst must be an integer of at least the rate limit and at most ${RATE_LIMIT_MAX}`,
    burstWithoutLimit: 'rateBurst can only be set together with rateLimit',
    contentType: 'The request body must be JSON (Content-Type: application/json)',
    bodyNotJson: 'The request body is not valid JSON',
    bodyTooLarge: `The request body cannot be larger than ${BODY_MAX_BYTES / MB} MB`,
    bodyTooDeep: `The request body ${TOO_DEEP}`,
    bodyNotObject: 'The request body must be a JSON object',
    crossSite: 'Write requests from other websites are refused',
    badRequest: 'Malformed request',
    badId: 'Invalid id',
    interfaceNotFound: 'The interface does not exist',
    interfaceClosed: 'The interface is offline',
    paramsNotText: 'userRequestParams must be JSON text',
    paramsNotJson: 'userRequestParams is not valid JSON',
    paramsTooDeep: `userRequestParams ${TOO_DEEP}`,
    badCurrent: 'current must be an integer of at least 1',
    badPageSize: `pageSize must be an integer from 1 to ${PAGE_SIZE_MAX}`,
    badSortField: `sortField must be one of ${SORT_FIELDS.join(', ')}`,
    badUsagePageSize: `pageSize must be an integer from 1 to ${USAGE_PAGE_SIZE.max}`,
    badUsageSortField: `sortField must be one of ${USAGE_SORT_FIELDS.join(', ')}`,
    badSortOrder: 'sortOrder must be ascend or descend',
    badMethod: `method must be one of ${HTTP_METHODS.join(', ')}`,
    badStatus: 'status must be 0 or 1',
    notText: (name) => `${name} must be text`,
    dateRequired: (name) => `${name} is required`,
    dateInvalid: (name) => `${name} must be a valid date in yyyy-MM-dd format`,
    dateOrder: 'startDate cannot be later than endDate',
    rangeTooLong: `startDate to endDate cannot span more than ${MAX_RANGE_DAYS} days`,
    limitInvalid: `limit must be an integer from 1 to ${TOP_INVOKE_LIMIT.max}`,
    idParamInvalid: (name) => `${name} must be an interface's id (a positive integer)`,
    unknownPath: 'No such API path',
    systemError: 'Internal server error; try again later',
    databaseUnavailable: 'The database is unavailable for now; try again later',
  },
  interfaceFields: {
    required: (field) => `${LABELS[field]} is required`,
    notText: (field) => `${LABELS[field]} must be text`,
    tooLong: (field, max) => `${LABELS[field]} cannot be longer than ${max} characters`,
    url: `${LABELS.url} must be a full address starting with http:// or https://`,
    method: `${LABELS.method} must be one of ${HTTP_METHODS.join(', ')}`,
    json: (field, detail) => `${LABELS[field]}: ${detail}`,
    notObject: 'The request body must be a JSON object',
    unsafeCharacters: (field) => `${LABELS[field]} cannot contain control characters or text direction marks`,
  },
  json: {
    invalid: (line, column, detail) => `Invalid JSON (line ${line}, column ${column}): ${detail}`,
    empty: 'Enter JSON',
    unknown: 'content that cannot be read',
    tooDeep: `JSON cannot nest more than ${JSON_MAX_DEPTH} levels deep`,
  },
  jsonErrors: {
    无效的字符: 'invalid character',
    数字格式不正确: 'malformed number',
    '缺少属性名（属性名需用双引号）': 'property name expected (in double quotes)',
    缺少值: 'value expected',
    缺少冒号: 'colon expected',
    缺少逗号: 'comma expected',
    '缺少右花括号 }': 'closing brace } expected',
    '缺少右方括号 ]': 'closing bracket ] expected',
    多余的内容: 'unexpected content after the end',
    'JSON 不支持注释': 'JSON does not allow comments',
    字符串缺少结尾的双引号: 'string without its closing double quote',
    数字不完整: 'incomplete number',
    '无效的 Unicode 转义': 'invalid Unicode escape',
    无效的转义字符: 'invalid escape character',
    字符串中有无效的字符: 'invalid character in a string',
  },
  upstream: {
    refused: "The target address is not allowed (a private network, this machine or a reserved address); the call is refused",
    scheme: 'The interface URL must use http or https',
    timeout: (ms) => `The interface did not answer within ${ms / 1000} seconds; the call timed out`,
    unreachable: 'Cannot connect to the interface server; no answer came',
    redirect: (status) => `The interface answered with a redirect (HTTP ${status}); the platform does not follow redirects`,
    tooLarge: `The interface's answer is larger than ${UPSTREAM_MAX_BYTES / MB} MB; it was stopped`,
    httpError: (status, start) => `The interface answered with the error status HTTP ${status}${start ? `: ${start}` : ''}`,
  },
  text: {
    param: (name, fault) => `Parameter ${name} ${TEXT_FAULTS[fault]}`,
    field: (label, fault) => `${TEXT_FIELD_LABELS_EN[label] ?? label} ${TEXT_FAULTS[fault]}`,
  },
};
