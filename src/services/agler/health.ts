// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Whether the server can reach its database (no session needed) For load balancers and people: {code: 0, data: {db: "ok"}} while the database answers, 50000 with a message while it cannot be reached. GET /api/health */
export async function getHealth(options?: { [key: string]: any }) {
  return request<API.BaseResponseHealthStatus>('/api/health', {
    method: 'GET',
    ...(options || {}),
  });
}
