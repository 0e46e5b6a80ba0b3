// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** A new named key pair At most 10 live keys per user; the name is unique among them. Each of interfaceIds must be an interface the caller may see: an offline, deleted or missing one answers the same 40000 (接口列表中有不存在的接口); admins may name offline ones. The answer is the only one that holds this secret key. POST /api/user/key/add */
export async function addKey(body: API.KeyAddRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseKeyPairWithIdVO | API.ErrorResponse>('/api/user/key/add', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Every change to a user's keys, newest first (the last 200) GET /api/user/key/audit */
export async function listKeyAudit(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listKeyAuditParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListKeyAuditVO | API.ErrorResponse>('/api/user/key/audit', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** A user's keys, oldest first, revoked ones too; never a secret GET /api/user/key/list */
export async function listKeys(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listKeysParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListKeyVO | API.ErrorResponse>('/api/user/key/list', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Stops a key at once Another user's key answers 40400, as one that does not exist. POST /api/user/key/revoke */
export async function revokeKey(body: API.KeyIdRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/user/key/revoke', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** A new secret for a key; the access key stays The secret before it keeps signing for graceSeconds (0, 3600 or 86400). Another user's key answers 40400, as one that does not exist. POST /api/user/key/rotate */
export async function rotateKey(body: API.KeyRotateRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseKeyPairWithIdVO | API.ErrorResponse>('/api/user/key/rotate', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}
