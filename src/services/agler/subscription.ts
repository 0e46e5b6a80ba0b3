// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Subscribe to a plan Answers the subscription: active from the current period, or pending when the plan needs approval. A user holds at most one live subscription per interface: if their one active subscription covers exactly the plan's interfaces it switches to the plan at once (same id, its period and calls used carried; a plan that needs approval waits for review instead); any other subscription covering one of them answers 40000 naming its plan. A retired plan answers 40000; a private one 40400. POST /api/subscription/add */
export async function addSubscription(body: API.SubscriptionAddRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseSubscriptionVO | API.ErrorResponse>('/api/subscription/add', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Subscribe a user to a plan (admins) As a user's own subscription, without approval and for private plans too: active at once; the user's one active subscription over exactly the plan's interfaces switches. A missing user or plan answers 40400; a retired plan and a subscription already covering one of its interfaces 40000. Admins only: 40100 without a session, 40101 for any other role. POST /api/subscription/assign */
export async function assignSubscription(
  body: API.SubscriptionAssignRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseSubscriptionVO | API.ErrorResponse>('/api/subscription/assign', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Cancel one of your subscriptions A pending subscription ends at once; an active one ends with its period (cancelAtPeriodEnd), and a switch waiting for review is withdrawn. Another user's subscription answers 40400, as one that does not exist; one that is over answers 40000. POST /api/subscription/cancel */
export async function cancelSubscription(body: API.IdRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseSubscriptionVO | API.ErrorResponse>('/api/subscription/cancel', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** End a subscription at once (admins) Its interfaces are freed; one already over answers 40000. Admins only: 40100 without a session, 40101 for any other role. POST /api/subscription/end */
export async function endSubscription(body: API.IdRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseSubscriptionVO | API.ErrorResponse>('/api/subscription/end', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Subscriptions, newest first: the caller's own, or anyone's for admins A subscription whose period ended after it was cancelled, or whose plan was retired, reads ended. GET /api/subscription/list */
export async function listSubscriptions(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listSubscriptionsParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePageSubscriptionVO | API.ErrorResponse>('/api/subscription/list', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Approve or refuse what waits for review (admins) A pending subscription becomes active from the current period, or refused (its interfaces freed); a switch waiting for review switches the plan, or is dropped. Nothing waiting answers 40000. Admins only: 40100 without a session, 40101 for any other role. POST /api/subscription/review */
export async function reviewSubscription(
  body: API.SubscriptionReviewRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseSubscriptionVO | API.ErrorResponse>('/api/subscription/review', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}
