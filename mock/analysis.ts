import type { Request, Response } from 'express';
import { ResponseCode } from '@agler/contract/constants';
import { parseOverviewQuery, parseTopQuery } from '@agler/contract/queries';
import { aggregateCalls, rankTopInterfaces } from './_lib/analysis';
import { fail, ok, requireAdmin } from './_lib/http';
import { sharedStore } from './_lib/store';

/** The usage analysis (admins only), aggregated from the store's call log on each request. */
export default {
  'GET /api/analysis/top/interface/invoke': (req: Request, res: Response) => {
    if (!requireAdmin(req, res)) return;
    const query = parseTopQuery(req.query, Date.now());
    if (!query.ok) {
      fail(res, ResponseCode.PARAMS_ERROR, query.message);
      return;
    }
    ok(res, rankTopInterfaces(sharedStore().calls, sharedStore().interfaces, query.value.limit, query.value.window));
  },

  'GET /api/analysis/overview': (req: Request, res: Response) => {
    if (!requireAdmin(req, res)) return;
    const range = parseOverviewQuery(req.query);
    if (!range.ok) {
      fail(res, ResponseCode.PARAMS_ERROR, range.message);
      return;
    }
    ok(res, aggregateCalls(sharedStore().calls, sharedStore().interfaces, range.value));
  },
};
