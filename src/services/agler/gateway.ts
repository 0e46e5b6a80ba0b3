// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Call an interface from a program (GET interfaces) GET /gateway/${param0} */
export async function gatewayGet(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayGetParams,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'GET',
    params: { ...queryParams },
    ...(options || {}),
  });
}

/** Call an interface from a program (PUT interfaces) PUT /gateway/${param0} */
export async function gatewayPut(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayPutParams,
  body: any,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
    },
    params: { ...queryParams },
    data: body,
    ...(options || {}),
  });
}

/** Call an interface from a program (POST interfaces) POST /gateway/${param0} */
export async function gatewayPost(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayPostParams,
  body: any,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    params: { ...queryParams },
    data: body,
    ...(options || {}),
  });
}

/** Call an interface from a program (DELETE interfaces) DELETE /gateway/${param0} */
export async function gatewayDelete(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayDeleteParams,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'DELETE',
    params: { ...queryParams },
    ...(options || {}),
  });
}

/** Call an interface from a program (PATCH interfaces) PATCH /gateway/${param0} */
export async function gatewayPatch(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayPatchParams,
  body: any,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'PATCH',
    headers: {
      'Content-Type': 'application/json',
    },
    params: { ...queryParams },
    data: body,
    ...(options || {}),
  });
}
