/**
 * The list's chunk, fetched when the bell is first opened: page loads carry only the count. A
 * module of its own so that jest, which runs no dynamic import(), can hand the module over as it is.
 */
export const loadAlertPanel = () => import(/* webpackChunkName: "alert-panel" */ './AlertPanel');
