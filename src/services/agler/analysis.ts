// @ts-ignore
/* eslint-disable */
import { request } from "@umijs/max";

/** Key figures, calls per day and usage per interface over a range of days (admin) GET /api/analysis/overview */
export async function getAnalysisOverview(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.getAnalysisOverviewParams,
  options?: { [key: string]: any }
) {
  return request<API.BaseResponseAnalysisOverview>("/api/analysis/overview", {
    method: "GET",
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** The most called interfaces, most called first (admin) GET /api/analysis/top/interface/invoke */
export async function listTopInvokeInterfaceInfo(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listTopInvokeInterfaceInfoParams,
  options?: { [key: string]: any }
) {
  return request<API.BaseResponseListInterfaceInfoInvokeVO>(
    "/api/analysis/top/interface/invoke",
    {
      method: "GET",
      params: {
        // limit has a default value: 3
        limit: "3",

        ...params,
      },
      ...(options || {}),
    }
  );
}
