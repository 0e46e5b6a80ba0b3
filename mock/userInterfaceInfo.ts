import { answer, requireAdmin, routes, withJsonBody } from './_lib/http';
import { listUserQuotas, updateQuota } from './_lib/quotas';

/** Users' quotas per interface, for admins. */
export default routes({
  'GET /api/userInterfaceInfo/list': (req, res) => {
    if (requireAdmin(req, res)) answer(res, listUserQuotas(req.query));
  },

  'POST /api/userInterfaceInfo/update': withJsonBody((req, res, body) => {
    if (requireAdmin(req, res)) answer(res, updateQuota(body));
  }),
});
