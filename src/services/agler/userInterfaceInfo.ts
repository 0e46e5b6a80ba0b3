// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** One user's calls and quotas per interface (admins) Admins only: 40100 without a session, 40101 for any other role. GET /api/userInterfaceInfo/list */
export async function listUserInterfaceInfo(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listUserInterfaceInfoParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListInterfaceQuotaVO | API.ErrorResponse>('/api/userInterfaceInfo/list', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Set what is left of a user's quota for one interface (admins) Admins only: 40100 without a session, 40101 for any other role. POST /api/userInterfaceInfo/update */
export async function updateUserInterfaceInfo(
  body: API.UserInterfaceInfoUpdateRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/userInterfaceInfo/update', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}
