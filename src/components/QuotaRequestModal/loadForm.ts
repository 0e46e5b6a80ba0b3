/**
 * The form's chunk, fetched when 申请额度 is first pointed at or clicked: the pages it sits on carry
 * only the button. A module of its own so that jest, which runs no dynamic import(), can hand the
 * module over as it is.
 */
export const loadQuotaRequestForm = () => import(/* webpackChunkName: "quota-request" */ './QuotaRequestForm');
