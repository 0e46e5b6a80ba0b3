// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Add a plan (admins) Answers the new plan's id. Bad input answers 40000 naming the field; so does an interface that does not exist, and a default plan that is not public without approval, or whose interface already has a default plan (the message names it). Admins only: 40100 without a session, 40101 for any other role. POST /api/plan/add */
export async function addPlan(body: API.PlanAddRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseId | API.ErrorResponse>('/api/plan/add', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** One plan A plan the caller may not see (private, retired or of unpublished interfaces only, and not theirs) answers 40400 (套餐不存在), as one that does not exist. GET /api/plan/get */
export async function getPlan(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.getPlanParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePlanVO | API.ErrorResponse>('/api/plan/get', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Plans: the public ones and those the caller holds; admins all A user sees the public plans that are not retired and those they hold live; an admin every plan. Retired plans last, then the smallest quota first. GET /api/plan/list */
export async function listPlans(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listPlansParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListPlanVO | API.ErrorResponse>('/api/plan/list', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Retire a plan (admins) A retired plan takes no new subscriptions and is no longer a default plan; its active subscriptions end with their period. Retiring it again answers 40000. Admins only: 40100 without a session, 40101 for any other role. POST /api/plan/retire */
export async function retirePlan(body: API.IdRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponsePlanVO | API.ErrorResponse>('/api/plan/retire', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Change a plan (admins) Answers the plan as changed. Its interfaces may change only while it has no live (pending or active) subscription and no switch to it waits; otherwise 40000. The default plan's rules are add's. A retired plan answers 40000. Admins only: 40100 without a session, 40101 for any other role. POST /api/plan/update */
export async function updatePlan(body: API.PlanUpdateRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponsePlanVO | API.ErrorResponse>('/api/plan/update', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}
