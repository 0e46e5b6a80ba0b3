// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Whether the server can reach its database (no session needed) For load balancers and people: {code: 0, data: {db: "ok"}} while the database answers, 50000 with a message while it cannot be reached. GET /api/health */
export async function getHealth(options?: { [key: string]: any }) {
  return request<API.BaseResponseHealthStatus | API.ErrorResponse>('/api/health', {
    method: 'GET',
    ...(options || {}),
  });
}

/** The server process's figures in the Prometheus text format, for a scraper Request latency by route pattern and status class, gateway latency by outcome, gateway calls admitted and refused by reason, event-loop delay and Node's own figures, database pool use and the webhook queue's depth (docs/server.md lists each). Open to connections from this machine (the socket's address, never a header); from elsewhere only with Authorization: Bearer METRICS_TOKEN, and without that setting the path is not found there. With WORKERS > 1 each answer is one process's figures. GET /metrics */
export async function getMetrics(options?: { [key: string]: any }) {
  return request<string>('/metrics', {
    method: 'GET',
    ...(options || {}),
  });
}
