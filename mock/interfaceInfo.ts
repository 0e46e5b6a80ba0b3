import { INTERFACE_STATUS } from '@agler/contract/constants';
import { answer, answerLater, requireAdmin, requireUser, routes, withJsonBody } from './_lib/http';
import { getOne, invoke, invokeHistory, listPage } from './_lib/interfaceReads';
import { addInterface, deleteInterface, setInterfaceStatus, updateInterface } from './_lib/interfaceWrites';

/** The interface domain: the catalogue and invoke for every user, the writes for admins. */
export default routes({
  'GET /api/interfaceInfo/list/page': (req, res) => {
    const user = requireUser(req, res);
    if (user) answer(res, listPage(req.query, user));
  },

  'GET /api/interfaceInfo/get': (req, res) => {
    const user = requireUser(req, res);
    if (user) answer(res, getOne(req.query, user));
  },

  // The answer arrives after the interface's own time, so the console's timing means something.
  'POST /api/interfaceInfo/invoke': withJsonBody((req, res, body) => {
    const user = requireUser(req, res);
    if (!user) return;
    const { envelope, latency } = invoke(body, user);
    answerLater(res, envelope, latency);
  }),

  'GET /api/interfaceInfo/invoke/history': (req, res) => {
    const user = requireUser(req, res);
    if (user) answer(res, invokeHistory(req.query, user));
  },

  'POST /api/interfaceInfo/add': withJsonBody((req, res, body) => {
    const admin = requireAdmin(req, res);
    if (admin) answer(res, addInterface(body, admin), { dataIsId: true });
  }),

  'POST /api/interfaceInfo/update': withJsonBody((req, res, body) => {
    if (requireAdmin(req, res)) answer(res, updateInterface(body));
  }),

  'POST /api/interfaceInfo/delete': withJsonBody((req, res, body) => {
    if (requireAdmin(req, res)) answer(res, deleteInterface(body));
  }),

  'POST /api/interfaceInfo/online': withJsonBody((req, res, body) => {
    if (requireAdmin(req, res)) answer(res, setInterfaceStatus(body, INTERFACE_STATUS.ONLINE));
  }),

  'POST /api/interfaceInfo/offline': withJsonBody((req, res, body) => {
    if (requireAdmin(req, res)) answer(res, setInterfaceStatus(body, INTERFACE_STATUS.OFFLINE));
  }),
});
