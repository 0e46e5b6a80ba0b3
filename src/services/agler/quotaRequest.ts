// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Ask for more calls on an interface One open request per user and interface (a second answers 40000). An interface the caller may not see (offline, deleted or missing) answers the same 40400 (接口不存在). Admins' calls are not limited: they answer 40000. On an interface the caller's active subscription covers, a request is a top-up of the period (amount) or, with planId, a switch to another plan over the same interfaces; planId elsewhere, a pending subscription, or a plan that is not one, is retired, is the current one or covers other interfaces answer 40000 naming planId (docs/plans.md, Asking for more). POST /api/quota/request */
export async function addQuotaRequest(body: API.QuotaRequestAddRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseQuotaRequestVO | API.ErrorResponse>('/api/quota/request', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Requests for more calls, newest first: a user's own, or everyone's for admins GET /api/quota/request/list */
export async function listQuotaRequests(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listQuotaRequestsParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePageQuotaRequestVO | API.ErrorResponse>('/api/quota/request/list', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Approve or refuse an open request (admins) Approving raises the user's quota on the interface by the amount (what is left and the total together; a user without a quota gets the default plus the amount), in the same transaction; a top-up adds the amount to the current period of the active subscription covering the interface now, and a plan switches that subscription (same id, period and calls used carry), as /api/subscription/assign would. Without such a subscription (ended since), or with a plan that no longer fits, it answers 40000. Refusing needs a reason. A request is answered once: again answers 40000. Admins only: 40100 without a session, 40101 for any other role. POST /api/quota/request/review */
export async function reviewQuotaRequest(
  body: API.QuotaRequestReviewRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseQuotaRequestVO | API.ErrorResponse>('/api/quota/request/review', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}
