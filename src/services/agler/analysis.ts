// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** One interface's top callers and its calls by HTTP status class over a range of days (admin) Read from the call log on each request, with the overview's rules: every call that reached the interface counts (calls refused by the platform before the interface was asked are never recorded), a range is whole days in the server's time zone, both ends included, at most 366 days. A deleted interface still answers with its calls; an id that names no interface, live or deleted, answers 40400. Admins only: 40100 without a session, 40101 for any other role. Invalid parameters answer 40000 with a message naming the parameter. GET /api/analysis/interface/callers */
export async function getInterfaceCallers(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.getInterfaceCallersParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseInterfaceCallers | API.ErrorResponse>('/api/analysis/interface/callers', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** One page of the usage per interface over a range of days: sorted, searched and paged on the server (admin) The rows of the overview's usage table (same figures, same `share` of all the range's calls, whatever the search keeps), one page of them. Names sort in Chinese (pinyin) order with numbers by value; ties of any order go to the smaller id. p95 is worked out for the page's rows only, unless the rows are sorted by it. A page past the last answers no rows. Admins only, the overview's range rules. GET /api/analysis/interfaces */
export async function getAnalysisInterfaces(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.getAnalysisInterfacesParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseUsagePage | API.ErrorResponse>('/api/analysis/interfaces', {
    method: 'GET',
    params: {
      // current has a default value: 1
      current: '1',
      // pageSize has a default value: 10
      pageSize: '10',

      ...params,
    },
    ...(options || {}),
  });
}

/** Key figures, calls per day and usage per interface over a range of days (admin) Read from the roll-up (each hour's and block of days' counts and latency distributions), and from the call log for what is not rolled up yet, so a call counts as soon as it is recorded. p95 is the nearest-rank percentile: the smallest latency that at least 95 % of the calls do not exceed. Admins only: 40100 without a session, 40101 for any other role. Invalid parameters answer 40000 with a message naming the parameter. A range is whole days in the server's time zone, both ends included. Calls of interfaces that no longer exist are not counted. GET /api/analysis/overview */
export async function getAnalysisOverview(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.getAnalysisOverviewParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseAnalysisOverview | API.ErrorResponse>('/api/analysis/overview', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Every plan's subscribers, waiting requests and calls this period (admin) Every plan, retired ones too, in the order of the plan list (retired last, then the smallest quota first). The figures are this period's (本周期): each subscription's calls in its current period, from the subscriptions' own counts, not from the call log, which does not record the plan a call was charged to; a subscription whose period has ended counts 0 until its next call. Subscriptions that were to end with their period are ended first, as every read of subscriptions does. Admins only: 40100 without a session, 40101 for any other role. GET /api/analysis/plans */
export async function getPlanUsage(options?: { [key: string]: any }) {
  return request<API.BaseResponseListPlanUsage | API.ErrorResponse>('/api/analysis/plans', {
    method: 'GET',
    ...(options || {}),
  });
}

/** The most called interfaces, most called first (admin) Counts every call that reached an interface, answered with success or an error; calls refused before (not logged in, offline interface, parameters that are not valid JSON) are not counted. Only interfaces with calls are listed, most called first; ties go to the smaller id. Admins only: 40100 without a session, 40101 for any other role. Invalid parameters answer 40000 with a message naming the parameter. A range is whole days in the server's time zone, both ends included. Calls of interfaces that no longer exist are not counted. GET /api/analysis/top/interface/invoke */
export async function listTopInvokeInterfaceInfo(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listTopInvokeInterfaceInfoParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListInterfaceInfoInvokeVO | API.ErrorResponse>(
    '/api/analysis/top/interface/invoke',
    {
      method: 'GET',
      params: {
        // limit has a default value: 3
        limit: '3',

        ...params,
      },
      ...(options || {}),
    },
  );
}
