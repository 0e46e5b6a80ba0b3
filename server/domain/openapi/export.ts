import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { parseId } from '@agler/contract/ids';
import { gatewayPathOf } from '@agler/contract/lifecycle';
import { MESSAGES } from '@agler/contract/messages';
import type { UpstreamCredentialHint } from '@agler/contract/interfaceUpstream';
import { PLATFORM_EXTENSION } from '@agler/contract/openapiImport';
import { PARAM_TYPES, requestParamList } from '@agler/contract/requestParams';
import { NONCE_TTL_SECONDS, SIGNATURE_HEADERS, TIMESTAMP_TOLERANCE_SECONDS } from '@agler/contract/signature';
import type { Db } from '../../db/connect';
import { interfaces, interfaceUpstream } from '../../db/schema';
import { refuse } from '../errors';
import { LIVE_INTERFACE, PUBLIC_COLUMNS } from '../interfaceInfo';
import type { SessionUser } from '../session';
import { isAdmin } from '../user';

/**
 * `GET /api/openapi.json`: the interfaces a caller may see (admins every live
 * one, others the online ones, as the catalogue) as one OpenAPI 3.1 document
 * of the gateway: one operation per interface at `/gateway/{id}`, signed as
 * its security schemes say, with the gateway's refusals as responses.
 */

type Json = Record<string, unknown>;

/** The most ids one export names. */
export const EXPORT_IDS_MAX = 500;

/** The `ids` query: comma-separated ids, or undefined for all. */
export function parseExportIds(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') refuse(ResponseCode.PARAMS_ERROR, MESSAGES.notText('ids'));
  const ids = raw.split(',').map((part) => parseId(part.trim()));
  if (ids.length > EXPORT_IDS_MAX)
    refuse(ResponseCode.PARAMS_ERROR, MESSAGES.tooManyIds('ids', EXPORT_IDS_MAX));
  if (ids.some((id) => id === undefined)) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.idParamInvalid('ids'));
  return [...new Set(ids as string[])];
}

const SIGNATURE_TEXT = `每个请求带 4 个请求头：${SIGNATURE_HEADERS.accessKey}、${SIGNATURE_HEADERS.timestamp}、${SIGNATURE_HEADERS.nonce}、${SIGNATURE_HEADERS.sign}。

    canonical = METHOD + "\\n" + PATH + "\\n" + QUERY + "\\n" + timestamp + "\\n" + nonce + "\\n" + hex(SHA-256(body))
    sign      = hex(HMAC-SHA256(secretKey, canonical))

- METHOD：大写的请求方法；PATH：不含查询串的请求路径（如 /gateway/123）；
- QUERY：查询参数按名称、再按值（Unicode 码点）排序，每个写成 encodeURIComponent(名称)=encodeURIComponent(值)，用 & 连接，没有参数时为空；
- body：原始请求体字节，没有请求体时是空串的 SHA-256；sign 为小写十六进制，文本按 UTF-8。

Every request carries the four headers; sign is the lowercase hex HMAC-SHA256 of the canonical text above under your secret key.`;

const SECURITY_SCHEMES: Json = {
  accessKey: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADERS.accessKey,
    description: '你的 AccessKey（个人中心 → 密钥）。Your access key.',
  },
  timestamp: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADERS.timestamp,
    description: `秒级 Unix 时间戳，与服务器时间相差不超过 ${TIMESTAMP_TOLERANCE_SECONDS} 秒。Unix seconds, within ${TIMESTAMP_TOLERANCE_SECONDS} s of the server's clock.`,
  },
  nonce: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADERS.nonce,
    description: `8 到 64 个字母、数字、_ 或 -，同一 AccessKey ${NONCE_TTL_SECONDS / 60} 分钟内不可重复。8 to 64 of A-Z a-z 0-9 _ -, never reused within ${NONCE_TTL_SECONDS / 60} minutes.`,
  },
  sign: { type: 'apiKey', in: 'header', name: SIGNATURE_HEADERS.sign, description: SIGNATURE_TEXT },
};

const ENVELOPE: Json = {
  type: 'object',
  required: ['code', 'data', 'message'],
  properties: {
    code: { type: 'integer', description: '平台的错误码（40000、40100、40300、40400、42900、50200…）' },
    data: { type: 'null' },
    message: { type: 'string' },
  },
};

const envelopeResponse = (description: string, code: number, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Envelope' },
      example: { code, data: null, message: description },
    },
  },
});

/** The gateway's refusals (server/gateway/routes.ts): each HTTP status with its envelope. */
const REFUSALS: Record<string, Json> = {
  BadRequest: envelopeResponse('参数或请求体不正确', ResponseCode.PARAMS_ERROR),
  Unauthorized: envelopeResponse(
    '缺少签名请求头、AccessKey 无效或已吊销、密钥已过期、签名不正确、timestamp 过期或 nonce 重放',
    ResponseCode.NOT_LOGIN,
  ),
  Forbidden: envelopeResponse(
    '账号已被封禁、接口已关闭，或这个密钥不能调用该接口（不在密钥的接口列表中）',
    ResponseCode.FORBIDDEN,
  ),
  NotFound: envelopeResponse('接口不存在', ResponseCode.NOT_FOUND),
  MethodNotAllowed: envelopeResponse('该接口不接受这个请求方法', ResponseCode.PARAMS_ERROR, {
    Allow: { description: '接口接受的方法', schema: { type: 'string' } },
  }),
  Gone: envelopeResponse('接口已过停止服务日期（消息中写明替代接口）', ResponseCode.GONE, {
    Deprecation: { $ref: '#/components/headers/Deprecation' },
    Sunset: { $ref: '#/components/headers/Sunset' },
    Link: { $ref: '#/components/headers/Link' },
  }),
  PayloadTooLarge: envelopeResponse('请求体超过 1 MB', ResponseCode.PARAMS_ERROR),
  UnsupportedMediaType: envelopeResponse(
    '请求体必须是 JSON（Content-Type: application/json）',
    ResponseCode.PARAMS_ERROR,
  ),
  TooManyRequests: envelopeResponse('调用次数已用完，或超过速率限制', ResponseCode.QUOTA_EXHAUSTED, {
    'Retry-After': { description: '超过速率限制时，多少秒后再试', schema: { type: 'integer' } },
  }),
  BadGateway: envelopeResponse('接口自己的服务器出错、没有响应或响应过大', ResponseCode.UPSTREAM_ERROR),
  ServiceUnavailable: envelopeResponse('数据库暂时不可用', ResponseCode.SYSTEM_ERROR),
  GatewayTimeout: envelopeResponse('接口超时没有响应', ResponseCode.UPSTREAM_ERROR),
};
export const REFUSAL_STATUS: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '405': 'MethodNotAllowed',
  '410': 'Gone',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '429': 'TooManyRequests',
  '502': 'BadGateway',
  '503': 'ServiceUnavailable',
  '504': 'GatewayTimeout',
};

type Row = Pick<typeof interfaces.$inferSelect, keyof typeof PUBLIC_COLUMNS>;

/**
 * The names of the credentials the platform adds to the interface's calls (a caller need not send them,
 * and what they send of the same name is replaced); never their values, which this document never reads.
 */
export const UPSTREAM_CREDENTIALS_EXTENSION = 'x-agler-upstream-credentials';

const schemaType = (type: string) => ((PARAM_TYPES as readonly string[]).includes(type) ? type : 'string');

/** A JSON text that is a flat object of scalars, as a map; otherwise undefined. */
function headerMap(text: string): Record<string, string> | undefined {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const map: Record<string, string> = {};
    for (const [name, raw] of Object.entries(value)) {
      if (!['string', 'number', 'boolean'].includes(typeof raw)) return undefined;
      map[name] = String(raw);
    }
    return map;
  } catch {
    return undefined;
  }
}

function operationOf(row: Row, credentials: readonly UpstreamCredentialHint[]): Json {
  // The interface's own response headers go as written: the 200 answer below lists the gateway's
  // headers in place of any of the same name, and an import restores them from here.
  const extension: Json = {
    id: row.id,
    url: row.url,
    requestHeader: row.requestHeader,
    responseHeader: row.responseHeader,
  };
  const operation: Json = { operationId: `interface${row.id}`, summary: row.name };
  if (row.description) operation.description = row.description;
  if (row.deprecated) operation.deprecated = true;

  const params = requestParamList(row.requestParams);
  if (params === undefined) extension.requestParams = row.requestParams;
  else if (params.length && (row.method === 'GET' || row.method === 'DELETE')) {
    operation.parameters = params.map((p) => ({
      name: p.name,
      in: 'query',
      ...(p.required ? { required: true } : {}),
      ...(p.description ? { description: p.description } : {}),
      schema: { type: schemaType(p.type) },
    }));
  } else if (params.length) {
    const required = params.filter((p) => p.required).map((p) => p.name);
    operation.requestBody = {
      required: required.length > 0,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              params.map((p) => [
                p.name,
                { type: schemaType(p.type), ...(p.description ? { description: p.description } : {}) },
              ]),
            ),
            ...(required.length ? { required } : {}),
          },
        },
      },
    };
  }

  const answerHeaders: Json = {};
  let contentType: string | undefined;
  for (const [name, value] of Object.entries(headerMap(row.responseHeader) ?? {})) {
    if (name.toLowerCase() === 'content-type') contentType = value;
    else answerHeaders[name] = { description: value, schema: { type: 'string' }, example: value };
  }
  /** A gateway's header in the 200 answer, in place of the interface's own of the same name in any case. */
  const gatewayHeader = (name: string) => {
    for (const key of Object.keys(answerHeaders))
      if (key.toLowerCase() === name.toLowerCase()) delete answerHeaders[key];
    answerHeaders[name] = { $ref: `#/components/headers/${name}` };
  };
  gatewayHeader('X-Quota-Remaining');
  if (row.deprecated) {
    for (const name of ['Deprecation', 'Sunset', 'Link']) gatewayHeader(name);
    if (row.sunsetDate) extension.sunsetDate = row.sunsetDate;
    if (row.replacementId) extension.replacementId = row.replacementId;
  }
  operation.responses = {
    '200': {
      description: '接口的响应：状态、Content-Type 与正文由接口自己的服务器决定，平台原样转发',
      headers: answerHeaders,
      ...(contentType ? { content: { [contentType]: {} } } : {}),
    },
    ...Object.fromEntries(
      Object.entries(REFUSAL_STATUS).map(([status, name]) => [
        status,
        { $ref: `#/components/responses/${name}` },
      ]),
    ),
  };
  operation[PLATFORM_EXTENSION] = extension;
  if (credentials.length)
    operation[UPSTREAM_CREDENTIALS_EXTENSION] = credentials.map((hint) => ({ in: hint.in, name: hint.name }));
  return operation;
}

/** The document for `user`; `ids` narrows it to those interfaces (the ones the caller may not see are left out). */
export async function exportDocument(
  db: Db,
  user: SessionUser,
  publicUrl: string,
  ids?: string[],
): Promise<Json> {
  const conditions: (SQL | undefined)[] = [LIVE_INTERFACE];
  if (!isAdmin(user)) conditions.push(eq(interfaces.status, INTERFACE_STATUS.ONLINE));
  if (ids) conditions.push(inArray(interfaces.id, ids.length ? ids : ['0']));
  const rows = await db
    .select({ ...PUBLIC_COLUMNS, credentials: interfaceUpstream.credentialHints })
    .from(interfaces)
    .leftJoin(interfaceUpstream, eq(interfaceUpstream.interfaceInfoId, interfaces.id))
    .where(and(...conditions))
    .orderBy(asc(interfaces.createTime), asc(interfaces.id));
  const paths: Json = {};
  for (const { credentials, ...row } of rows)
    paths[gatewayPathOf(row.id)] = { [row.method.toLowerCase()]: operationOf(row, credentials ?? []) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agler接口',
      version: '1.0.0',
      description:
        '通过 Agler接口 网关调用的接口。每个请求都要用你的密钥签名（见 securitySchemes.sign）。GET 和 DELETE 的参数放在查询串，其他方法的参数是 JSON 请求体。',
    },
    servers: [{ url: publicUrl.replace(/\/+$/, '') }],
    security: [{ accessKey: [], timestamp: [], nonce: [], sign: [] }],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Envelope: ENVELOPE },
      responses: REFUSALS,
      headers: {
        'X-Quota-Remaining': { description: '你在该接口剩余的调用次数', schema: { type: 'integer' } },
        Deprecation: {
          description: 'RFC 9745：接口已弃用，值为弃用时间（@Unix 秒）',
          schema: { type: 'string' },
        },
        Sunset: { description: 'RFC 8594：接口停止服务的时间（HTTP-date）', schema: { type: 'string' } },
        Link: { description: '替代接口：<URL>; rel="successor-version"', schema: { type: 'string' } },
      },
    },
  };
}
