// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** The logged-in user; 40100 when there is no session GET /api/user/get/login */
export async function getLoginUser(options?: { [key: string]: any }) {
  return request<API.BaseResponseLoginUserVO | API.ErrorResponse>('/api/user/get/login', {
    method: 'GET',
    ...(options || {}),
  });
}

/** The caller's access key and the last 4 characters of the secret key; null until a pair is made GET /api/user/key */
export async function getMyAccessKey(options?: { [key: string]: any }) {
  return request<API.BaseResponseAccessKeyVO | API.ErrorResponse>('/api/user/key', {
    method: 'GET',
    ...(options || {}),
  });
}

/** Make a new key pair; the old pair stops working at once The only answer that ever holds the secret key. Keys are 32 random bytes; secret keys are stored encrypted (AES-256-GCM). POST /api/user/key/regenerate */
export async function regenerateMyAccessKey(options?: { [key: string]: any }) {
  return request<API.BaseResponseKeyPairVO | API.ErrorResponse>('/api/user/key/regenerate', {
    method: 'POST',
    ...(options || {}),
  });
}

/** Users, a page at a time (admins) Admins only: 40100 without a session, 40101 for any other role. GET /api/user/list/page */
export async function listUserByPage(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listUserByPageParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePageLoginUserVO | API.ErrorResponse>('/api/user/list/page', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Log in; sets the session cookie After 5 wrong passwords within a minute for one account name (whether or not the account exists), further attempts for that name answer 40300 for 5 minutes. POST /api/user/login */
export async function userLogin(body: API.UserLoginRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseLoginUserVO | API.ErrorResponse>('/api/user/login', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Log out; idempotent POST /api/user/logout */
export async function userLogout(options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/user/logout', {
    method: 'POST',
    ...(options || {}),
  });
}

/** Create an account and log in; answers the new id Account 4–256 characters, password 8–256, checkPassword equal to it; a taken account answers 40000 "账号已被注册". Sets the session cookie as login does. POST /api/user/register */
export async function userRegister(body: API.UserRegisterRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseId | API.ErrorResponse>('/api/user/register', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Change a user's role: user, admin or ban (admins) A banned user's sessions and keys stop at once. An admin cannot ban or demote themself, and the last admin cannot be demoted (40000). Admins only: 40100 without a session, 40101 for any other role. POST /api/user/update */
export async function updateUserRole(body: API.UserRoleUpdateRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/user/update', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Change the caller's own name or avatar POST /api/user/update/my */
export async function updateMyUser(body: API.UserUpdateMyRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/user/update/my', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Change the caller's password; the caller's other sessions end A wrong oldPassword answers 40000 "当前密码不正确". POST /api/user/update/password */
export async function updateMyPassword(body: API.UserPasswordRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/user/update/password', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** The caller's calls per interface and what is left of each quota Every interface the caller has called or holds a quota for. Admins are counted but never limited. GET /api/user/usage */
export async function listMyUsage(options?: { [key: string]: any }) {
  return request<API.BaseResponseListInterfaceQuotaVO | API.ErrorResponse>('/api/user/usage', {
    method: 'GET',
    ...(options || {}),
  });
}
