// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** The logged-in user; 40100 when there is no session GET /api/user/get/login */
export async function getLoginUser(options?: { [key: string]: any }) {
  return request<API.BaseResponseLoginUserVO>('/api/user/get/login', {
    method: 'GET',
    ...(options || {}),
  });
}

/** Log in; sets the session cookie After 5 wrong passwords within a minute for one account name (whether or not the account exists), further attempts for that name answer 40300 for 5 minutes. POST /api/user/login */
export async function userLogin(body: API.UserLoginRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseLoginUserVO>('/api/user/login', {
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
  return request<API.BaseResponseBoolean>('/api/user/logout', {
    method: 'POST',
    ...(options || {}),
  });
}
