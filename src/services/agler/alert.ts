// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** The caller's alerts, newest first, with the unread count GET /api/alert/list */
export async function listAlerts(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listAlertsParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePageAlertVO | API.ErrorResponse>('/api/alert/list', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Mark one of the caller's alerts read (another user's: 40400) POST /api/alert/read */
export async function markAlertRead(body: API.AlertReadRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/alert/read', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Mark all the caller's alerts read; answers how many were unread POST /api/alert/read/all */
export async function markAllAlertsRead(options?: { [key: string]: any }) {
  return request<API.BaseResponseInteger | API.ErrorResponse>('/api/alert/read/all', {
    method: 'POST',
    ...(options || {}),
  });
}

/** How many of the caller's alerts are unread (the bell polls it) GET /api/alert/unread */
export async function getUnreadAlertCount(options?: { [key: string]: any }) {
  return request<API.BaseResponseInteger | API.ErrorResponse>('/api/alert/unread', {
    method: 'GET',
    ...(options || {}),
  });
}
