// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** The caller's webhook (never its secret), or null GET /api/user/webhook */
export async function getWebhook(options?: { [key: string]: any }) {
  return request<API.BaseResponseWebhookVO | API.ErrorResponse>('/api/user/webhook', {
    method: 'GET',
    ...(options || {}),
  });
}

/** Set the caller's webhook address and the alert kinds sent to it The address is https://; plain http:// only for a host that the server's INVOKE_ALLOW_HOSTS names, and internal addresses are refused as for interfaces. The first save makes the signing secret (whsec_…) and answers it in secret, once; later saves keep it. Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>). POST /api/user/webhook */
export async function saveWebhook(body: API.WebhookRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseWebhookVO | API.ErrorResponse>('/api/user/webhook', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Remove the caller's webhook; queued deliveries fail at their next try POST /api/user/webhook/delete */
export async function deleteWebhook(options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/user/webhook/delete', {
    method: 'POST',
    ...(options || {}),
  });
}

/** The caller's webhook deliveries, newest first, each with its tries (time, status, duration) GET /api/user/webhook/deliveries */
export async function listWebhookDeliveries(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listWebhookDeliveriesParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePageWebhookDeliveryVO | API.ErrorResponse>('/api/user/webhook/deliveries', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Queue one of the caller's deliveries again at once, with a fresh round of tries POST /api/user/webhook/resend */
export async function resendWebhookDelivery(
  body: API.WebhookResendRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/user/webhook/resend', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** A new signing secret, answered once; the previous one signs beside it for 24 hours POST /api/user/webhook/secret/rotate */
export async function rotateWebhookSecret(options?: { [key: string]: any }) {
  return request<API.BaseResponseWebhookSecretVO | API.ErrorResponse>('/api/user/webhook/secret/rotate', {
    method: 'POST',
    ...(options || {}),
  });
}

/** Send a ping to the webhook at once and answer what the receiver said (logged, not retried) One test send at a time per user, and at most 5 within any minute: beyond either, 42900 with its own message (the send under way, or the minute's limit) and a Retry-After header in whole seconds; nothing is sent. 40400 when no webhook is set. POST /api/user/webhook/test */
export async function testWebhook(options?: { [key: string]: any }) {
  return request<API.BaseResponseWebhookPingVO | API.ErrorResponse>('/api/user/webhook/test', {
    method: 'POST',
    ...(options || {}),
  });
}
