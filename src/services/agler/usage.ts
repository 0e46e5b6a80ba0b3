// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** A page of the user's last 1,000 calls, newest first The log keeps the last 1,000 calls (of the interface, when one is named); the status class is chosen among them, so total is at most 1,000. GET /api/user/calls */
export async function listMyCalls(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listMyCallsParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePageCallLogEntry | API.ErrorResponse>('/api/user/calls', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** A user's calls and errors per day over a range (我的用量) Every day of the range, zeros included, in the server's time zone as the analysis counts days. Errors are the calls that failed. 40400 when an admin names a user that does not exist. GET /api/user/usage/daily */
export async function listMyDailyUsage(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listMyDailyUsageParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListDailyCalls | API.ErrorResponse>('/api/user/usage/daily', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** A user's totals, p95 latency, and per interface the quota, burn rate and the day it runs out Per interface the user called or holds a quota for: its calls, errors and p95 in the range, what is left of its quota, its calls per day over the last 7 days and, at that pace, the day the quota runs out. GET /api/user/usage/summary */
export async function getMyUsageSummary(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.getMyUsageSummaryParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseUsageSummary | API.ErrorResponse>('/api/user/usage/summary', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}
