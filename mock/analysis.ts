import { packOverview, usagePage } from '@agler/contract/analysis';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { parseCallersQuery, parseOverviewRequest, parseTopQuery, parseUsageQuery } from '@agler/contract/queries';
import { aggregateCalls, rankTopInterfaces } from './_lib/analysis';
import { aggregateCallers } from './_lib/callers';
import { failure, success } from './_lib/envelope';
import { answer, requireAdmin, routes } from './_lib/http';
import { sharedStore } from './_lib/store';

/** The usage analysis (admins only), aggregated from the store's call log on each request. */
export default routes({
  'GET /api/analysis/top/interface/invoke': (req, res) => {
    if (!requireAdmin(req, res)) return;
    const query = parseTopQuery(req.query, Date.now());
    const { calls, interfaces } = sharedStore();
    answer(
      res,
      query.ok
        ? success(rankTopInterfaces(calls, interfaces, query.value.limit, query.value.window))
        : failure(ResponseCode.PARAMS_ERROR, query.message),
    );
  },

  'GET /api/analysis/overview': (req, res) => {
    if (!requireAdmin(req, res)) return;
    const query = parseOverviewRequest(req.query);
    if (!query.ok) return answer(res, failure(ResponseCode.PARAMS_ERROR, query.message));
    const { calls, interfaces, deletedInterfaces } = sharedStore();
    const { range, pageSize } = query.value;
    const overview = packOverview(aggregateCalls(calls, interfaces, range, deletedInterfaces));
    answer(
      res,
      success(
        pageSize === undefined
          ? overview
          : { ...overview, interfaces: { ...overview.interfaces, rows: overview.interfaces.rows.slice(0, pageSize) } },
      ),
    );
  },

  'GET /api/analysis/interfaces': (req, res) => {
    if (!requireAdmin(req, res)) return;
    const query = parseUsageQuery(req.query);
    if (!query.ok) return answer(res, failure(ResponseCode.PARAMS_ERROR, query.message));
    const { calls, interfaces, deletedInterfaces } = sharedStore();
    const { interfaces: records } = aggregateCalls(calls, interfaces, query.value.range, deletedInterfaces);
    answer(res, success(usagePage(records, query.value)));
  },

  'GET /api/analysis/interface/callers': (req, res) => {
    if (!requireAdmin(req, res)) return;
    const query = parseCallersQuery(req.query);
    if (!query.ok) return answer(res, failure(ResponseCode.PARAMS_ERROR, query.message));
    const { calls, users, interfaces, deletedInterfaces } = sharedStore();
    const { interfaceInfoId, range } = query.value;
    const known = [...interfaces, ...deletedInterfaces].some((record) => record.id === interfaceInfoId);
    answer(
      res,
      known
        ? success(aggregateCallers(calls, users, interfaceInfoId, range))
        : failure(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound),
    );
  },
});
